// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The reminder that protects a practice: once on each of its days, while its bani is unread, at its
/// own time (`practice start --remind HH:MM`) or, by default, as the band its bani is read in nears
/// its end. It is a per-bani reminder (`ReminderRules.baniSlots`): the same ledger, buttons, pause,
/// skip when read, and close when read anywhere; its summary says the practice's day.
package enum PracticeReminder {
    /// Which day of how many a reminder's practice is on: `Sukhmani Sahib · day 12 of 40`.
    package struct Count: Hashable, Sendable {
        package let day: Int
        package let days: Int

        package init(day: Int, days: Int) {
            self.day = day
            self.days = days
        }
    }

    /// The default time for a bani in `set` (the first daily set that lists it): an hour before its
    /// band ends, 16:00 for the morning set and 20:00 for the evening's; 22:30 for the night's, whose
    /// band runs to 03:00 (no one is woken at 02:00); 20:00 for a bani in no daily set.
    package static func defaultTime(in set: DailySet?) -> WallTime {
        let (hour, minute) =
            switch set {
            case .morning: (16, 0)
            case .evening, nil: (20, 0)
            case .night: (22, 30)
            }
        return WallTime(hour: hour, minute: minute)!
    }

    /// When `practice` reminds, with the sets of `snapshot` (yours applied); `idsBySet`, when given:
    /// each of `DailySet.allCases`' `snapshot.ids(in:)` worked out already (the agent's `DayPlan`).
    package static func time(_ practice: Practice, snapshot: NitnemSnapshot, idsBySet: [[String]]? = nil) -> WallTime {
        if let remind = practice.remind { return remind }
        let set = DailySet.allCases.indices.first {
            (idsBySet?[$0] ?? snapshot.ids(in: DailySet.allCases[$0])).contains(practice.bani)
        }
        return defaultTime(in: set.map { DailySet.allCases[$0] })
    }

    /// The practices that remind on `day`: running, begun, with their count (`practices`, when given:
    /// the day's `PracticeProgress.all` already worked out).
    package static func reminding(
        on day: CivilDate, snapshot: NitnemSnapshot, progress: [String: BaniProgress], calendar: NitnemCalendar,
        practices known: [PracticeProgress]? = nil
    ) -> [(practice: Practice, count: Count)] {
        let all =
            known ?? PracticeProgress.all(snapshot.practices, progress: progress, today: day, calendar: calendar)
        return all.compactMap {
            guard $0.isRunning, $0.state != .upcoming else { return nil }
            return ($0.practice, Count(day: $0.day, days: $0.practice.days))
        }
    }
}
