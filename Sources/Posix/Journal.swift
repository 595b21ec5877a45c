internal import CLinux
import Glibc

/// Log lines for journald: `<6>message`, one `write(2)` per line on stderr.
///
/// Under systemd, stderr goes to the journal, which reads the `<N>` prefix as the line's priority
/// and strips it. One write per line keeps lines whole when several processes share the stream.
public struct Journal: Sendable {
    /// Where lines go: stderr (2) unless told.
    public let fileDescriptor: Int32

    /// A journal writing to `fileDescriptor`.
    public init(fileDescriptor: Int32 = 2) { self.fileDescriptor = fileDescriptor }

    /// `"<6>message"` for syslog priority 6, with line breaks escaped (`\n`, `\r`) so that one event
    /// stays one line.
    public static func format(_ message: String, priority: Int32) -> String {
        var line = "<\(priority)>"
        line.reserveCapacity(line.utf8.count + message.utf8.count)
        for character in message.unicodeScalars {
            switch character {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(character)
            }
        }
        return line
    }

    /// Writes `format(message, priority:)` and a newline with one `write(2)` (continued only after a
    /// partial write, retried on EINTR). Failures are dropped: there is nowhere left to report them.
    public func write(_ message: String, priority: Int32) {
        try? Syscall.writeAll(fileDescriptor, Array((Self.format(message, priority: priority) + "\n").utf8))
    }
}
