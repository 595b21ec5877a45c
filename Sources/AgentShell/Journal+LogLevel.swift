import Posix
import Scheduler

extension Journal {
    /// Writes `message` at the syslog priority of `level` (`<4>` for a warning).
    public func log(_ level: LogLevel, _ message: String) { write(message, priority: level.rawValue) }

    /// `"<6>message"` for `level`, one line.
    public static func format(_ message: String, level: LogLevel) -> String {
        format(message, priority: level.rawValue)
    }
}
