// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines straight to stdout and stderr (unbuffered: a bar reading a pipe sees each
/// line at once).
enum Output {
    static func line(_ text: String) { write(fd: 1, text + "\n") }

    /// `nitnem: <message>` on stderr, then one `usage: …` line per usage. In every line, control
    /// characters are escaped (`Printable.escaped`): a value echoed from a file, an argument or the
    /// environment cannot drive the terminal. The message's own line breaks stay (the registry guard
    /// lists one offending row a line); a message that echoes values escapes them where it is made
    /// (`ConfigError`, `ClockError`, `RegistryViolation`), so they cannot add a line.
    static func error(_ message: String, usages: [String] = []) {
        let lines = ("nitnem: " + message).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let all = lines + usages.map { "usage: " + $0 }
        write(fd: 2, all.map(Printable.escaped).joined(separator: "\n") + "\n")
    }

    /// `nitnem: warning: <warning>` on stderr, as `error` writes a line.
    static func warn(_ warning: String) { error("warning: " + warning) }

    /// Each of `warnings`, as `warn` writes one.
    static func warn(_ warnings: [String]) {
        for warning in warnings { warn(warning) }
    }

    /// Writes all of `text`, retrying on EINTR; returns false when the reader is gone (EPIPE).
    @discardableResult
    static func write(fd: Int32, _ text: String) -> Bool {
        (try? FileDescriptor.writeAll(Array(text.utf8), to: fd)) != nil
    }
}
