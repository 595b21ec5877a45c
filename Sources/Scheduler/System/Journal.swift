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

    /// `"<6>message"`, with line breaks escaped (`\n`, `\r`) so that one event stays one line.
    public static func format(_ message: String, level: LogLevel) -> String {
        var line = level.prefix
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

    /// Writes `format(message, level:)` and a newline with one `write(2)` (continued only after a
    /// partial write, retried on EINTR). Failures are dropped: there is nowhere left to report them.
    public func log(_ level: LogLevel, _ message: String) {
        let bytes = Array((Self.format(message, level: level) + "\n").utf8)
        let fd = fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0 && nitnem_errno() == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
