// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler

extension Journal {
    /// The agent's journal on `fileDescriptor` (stderr): journald lines (`<6>message`) when
    /// `JOURNAL_STREAM` in `environment` names that very file (systemd's sign that it is the
    /// journal); else lines stamped with `clock`'s now — a virtual clock's time under
    /// `SGGS_CLOCK_NOW` — on the wall clock of the zone (`TZ`, else the `localtime` link, re-read
    /// at each line so a zone change shows at once; UTC when it cannot be read), and a level word.
    package init(
        environment: [String: String], clock: NitnemClock, localtime: String = "/etc/localtime",
        fileDescriptor: Int32 = 2
    ) {
        if Journal.isJournalStream(environment["JOURNAL_STREAM"], fileDescriptor: fileDescriptor) {
            self.init(fileDescriptor: fileDescriptor)
        } else {
            self.init(fileDescriptor: fileDescriptor) {
                let zone = (try? SystemZone.current(environment: environment, localtime: localtime)) ?? .utc
                return RFC3339.format(clock.now(), in: NitnemCalendar(zone: zone))
            }
        }
    }

    /// Writes `message` at the syslog priority of `level` (`<4>` for a warning), control characters
    /// escaped (`Printable.escaped`): one event is one line, and ESC never reaches a terminal.
    package func log(_ level: LogLevel, _ message: String) {
        write(Printable.escaped(message), priority: level.rawValue)
    }

    /// Writes `event`'s sentence (`LogEvent.sentence`) at its level.
    package func log(_ event: LogEvent) { log(event.level, event.sentence) }

    /// `"<6>message"` for `level`, one line: what the journal reads.
    package static func format(_ message: String, level: LogLevel) -> String {
        format(message, priority: level.rawValue)
    }

    /// `"2026-12-01T18:00:00+05:30 info message"` for `level` at `instant` on the wall clock of
    /// `calendar`'s zone, one line: what a terminal or a file shows.
    package static func format(_ message: String, level: LogLevel, at instant: Date, in calendar: NitnemCalendar)
        -> String
    {
        format(message, priority: level.rawValue, stamp: RFC3339.format(instant, in: calendar))
    }
}
