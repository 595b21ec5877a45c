import NitnemClockKit
import Posix
import Scheduler

extension Journal {
    /// Writes `message` at the syslog priority of `level` (`<4>` for a warning), control characters
    /// escaped (`Printable.escaped`): one event is one line, and ESC never reaches a terminal.
    public func log(_ level: LogLevel, _ message: String) {
        write(Printable.escaped(message), priority: level.rawValue)
    }

    /// `"<6>message"` for `level`, one line.
    public static func format(_ message: String, level: LogLevel) -> String {
        format(message, priority: level.rawValue)
    }
}
