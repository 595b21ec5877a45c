// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The pause (`nitnem reminders pause`): reminders held back until an instant.
extension ReminderMachine {
    /// The pause file says reminders are paused until `asked` (nil or past: not paused).
    mutating func pause(until asked: Date?, now: Date, calendar: NitnemCalendar, problems: inout ProblemLog)
        -> [Action]?
    {
        problems.clear(.pause)
        let until = asked.flatMap { $0 > now ? $0 : nil }
        guard until != pausedUntil else { return nil }
        pausedUntil = until
        return [
            .log(until.map { .paused(until: RFC3339.format($0, in: calendar)) } ?? .resumed)
        ]
    }

    /// The pause file cannot be read or is not a pause: not paused (a file that says nothing
    /// readable cannot hold reminders back), said once.
    mutating func pauseUnreadable(_ error: GroupFileError, now: Date, problems: inout ProblemLog) -> [Action] {
        var actions: [Action] = []
        if pausedUntil != nil {
            pausedUntil = nil
            actions.append(.log(.resumed))
        }
        if !problems.replace(.pause, with: [.pause(error)], now: now).isEmpty {
            actions.append(.log(.pauseUnreadable(cause: error.description)))
        }
        return actions
    }

    /// A pause that ended by `now` is lifted.
    mutating func pauseEnded(now: Date, plan: DayPlan) -> [Action] {
        guard let until = pausedUntil, until <= now else { return [] }
        pausedUntil = nil
        return [.log(.pauseEnded(until: RFC3339.format(until, in: plan.calendar)))]
    }
}
