// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Log lines on stderr, one `write(2)` per line, in the form that suits where they go.
///
/// Under systemd, stderr is the journal, which reads a `<N>` prefix as the line's priority, strips
/// it and stamps the time itself: `<6>message`. Anywhere else (a terminal, a file, a pipe) a line
/// carries its own time and a level word: `2026-12-01T18:00:00+05:30 info message`.
/// One write per line keeps lines whole when several processes share the stream.
package struct Journal: Sendable {
    /// Where lines go: stderr (2) unless told.
    package let fileDescriptor: Int32
    /// The time a line is stamped with (`2026-12-01T18:00:00+05:30`), read at each line; nil for
    /// journald lines (`<6>message`), which carry no time.
    package let stamp: (@Sendable () -> String)?

    /// A journal writing to `fileDescriptor`: journald lines, or with `stamp` stamped lines.
    package init(fileDescriptor: Int32 = 2, stamp: (@Sendable () -> String)? = nil) {
        self.fileDescriptor = fileDescriptor
        self.stamp = stamp
    }

    /// Whether lines carry journald `<N>` prefixes (no `stamp`).
    package var isJournald: Bool { stamp == nil }

    /// Whether `journalStream` (the value of `JOURNAL_STREAM`, `"<device>:<inode>"` in decimal,
    /// which systemd sets for a service whose stdout or stderr is the journal) names the file open
    /// on `fileDescriptor`. A variable inherited by a process whose stderr went elsewhere (a shell
    /// started from a unit, a redirect) names another file, so it is not enough that it is set.
    package static func isJournalStream(_ journalStream: String?, fileDescriptor: Int32 = 2) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
            let status = try? FileDescriptor.status(fileDescriptor)
        else { return false }
        return status.device == device && status.inode == inode
    }

    /// The level word of syslog priority `priority`: `error` (3), `warning` (4), `notice` (5),
    /// `info` (6), `debug` (7); `emergency`, `alert`, `critical` for 0–2.
    package static func levelWord(priority: Int32) -> String {
        switch priority {
        case ...0: "emergency"
        case 1: "alert"
        case 2: "critical"
        case 3: "error"
        case 4: "warning"
        case 5: "notice"
        case 6: "info"
        default: "debug"
        }
    }

    /// `"<6>message"` for syslog priority 6, with line breaks escaped (`\n`, `\r`) so that one event
    /// stays one line.
    package static func format(_ message: String, priority: Int32) -> String {
        "<\(priority)>" + oneLine(message)
    }

    /// `"<stamp> info message"` for syslog priority 6, line breaks escaped as in
    /// `format(_:priority:)`.
    package static func format(_ message: String, priority: Int32, stamp: String) -> String {
        "\(stamp) \(levelWord(priority: priority)) " + oneLine(message)
    }

    /// `message` with `\n` and `\r` written as two characters each.
    static func oneLine(_ message: String) -> String {
        var line = ""
        line.reserveCapacity(message.utf8.count)
        for character in message.unicodeScalars {
            switch character {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(character)
            }
        }
        return line
    }

    /// The line this journal writes for `message` (without its newline).
    package func line(_ message: String, priority: Int32) -> String {
        if let stamp {
            Self.format(message, priority: priority, stamp: stamp())
        } else {
            Self.format(message, priority: priority)
        }
    }

    /// Writes `line(message, priority:)` and a newline with one `write(2)` (continued only after a
    /// partial write, retried on EINTR). Failures are dropped: there is nowhere left to report them.
    package func write(_ message: String, priority: Int32) {
        try? Syscall.writeAll(fileDescriptor, Array((line(message, priority: priority) + "\n").utf8))
    }
}
