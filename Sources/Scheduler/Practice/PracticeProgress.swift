// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Where a practice stands on a Nitnem day, counted from the bani's `completedDays` alone: a day of
/// the practice is read when the bani is in that Nitnem day's record (read before 03:00 counts for
/// the day that began the evening before, as every reading does). A day before today that was not
/// read is missed, and stays missed: the practice says so and offers `restart`, the user decides.
package struct PracticeProgress: Hashable, Sendable {
    package enum State: Hashable, Sendable {
        /// Its first day is still to come.
        case upcoming
        /// Every day so far was read (today's may still be to read).
        case going
        /// A day of it was not read; it runs on until its last day unless restarted or stopped.
        case missed
        /// Every one of its days was read.
        case completed
        /// Stopped (by `stop` or `restart`, or begun again from a later day on another machine) on
        /// this Nitnem day.
        case stopped(CivilDate)
    }

    package let practice: Practice
    package let state: State
    /// Today's day of the practice, 1...days (its last day once it is over); 0 before it begins.
    package let day: Int
    /// How many of its days counted so far were read (the day it was stopped on is not one).
    package let read: Int
    /// Its days before today (and before the day it was stopped) that were not read, oldest first, as
    /// runs of consecutive dates: a never-read practice of a thousand days is one run, not a thousand
    /// dates (the agent works each day's practices out; only `json` lists the dates).
    let missedRuns: [ClosedRange<CivilDate>]
    /// Its days before today (and before the day it was stopped) that were not read, oldest first.
    package var missed: [CivilDate] {
        var days: [CivilDate] = []
        days.reserveCapacity(missedCount)
        for run in missedRuns {
            var day = run.lowerBound
            while day <= run.upperBound {
                days.append(day)
                day = day.dayAfter
            }
        }
        return days
    }
    /// How many of its days were missed (`missed.count`).
    package var missedCount: Int {
        missedRuns.reduce(0) { $0 + $1.upperBound.daysSinceEpoch - $1.lowerBound.daysSinceEpoch + 1 }
    }
    /// The first day missed (`missed.first`).
    package var firstMissed: CivilDate? { missedRuns.first?.lowerBound }
    /// Whether the bani is read on today's Nitnem day.
    package let readToday: Bool
    /// Today's Nitnem day.
    package let today: CivilDate
    /// Its last Nitnem day: the `days`th from its first, dates the zone skipped (Pacific/Apia
    /// 2011-12-30) being no day of it.
    package let lastDay: CivilDate

    /// Whether it still asks for a reading: begun or to begin, not stopped, not complete, its last
    /// day today or later.
    package var isRunning: Bool {
        switch state {
        case .upcoming: true
        case .going, .missed: today <= lastDay
        case .completed, .stopped: false
        }
    }

    /// Whether `day` is one of its days: from its first to its last, and before the day it was stopped
    /// on (which counts for the practice that began again that day, if any).
    package func covers(_ day: CivilDate) -> Bool { Self.covers(day, span) }

    /// Its first and last days and the day it was stopped (what `covers` asks), to ask of many days.
    var span: (from: CivilDate, last: CivilDate, stop: CivilDate) {
        let stop: CivilDate? =
            if case .stopped(let stopped) = state { stopped } else { nil }
        return (practice.from, lastDay, stop ?? .last)
    }

    /// Whether a practice of `span` covers `day` (`covers`).
    static func covers(_ day: CivilDate, _ span: (from: CivilDate, last: CivilDate, stop: CivilDate)) -> Bool {
        span.from <= day && day <= span.last && day < span.stop
    }

    /// Whether today is one of its days and the bani is still to read today.
    package var needsToday: Bool { isRunning && state != .upcoming && !readToday }

    /// The progress of `practice` on Nitnem day `today`, from the bani's completed days; `endedBy`: the
    /// first day of a later practice of the same bani that replaced this one while it ran unstopped
    /// (two machines that each began one apart: `PracticeProgress.all`). `skipped`: the dates the zone
    /// skipped (`NitnemCalendar.skippedDates`), neither read nor missed nor a day of it.
    ///
    /// Counted from the dates read and the skipped dates, not day by day: the agent asks at every
    /// wake, and a practice may run for a thousand days.
    package init(
        _ practice: Practice, completedDays: Set<CivilDate>, today: CivilDate, endedBy later: CivilDate? = nil,
        skipped: Set<CivilDate> = []
    ) {
        self.practice = practice
        self.today = today
        let stop = practice.stopped ?? later
        let from = practice.from
        func skippedCount(through day: CivilDate) -> Int {
            skipped.isEmpty ? 0 : skipped.count(where: { from <= $0 && $0 <= day })
        }
        // Its last day: the `days`th date from its first that is no skipped date.
        var last = from.adding(days: practice.days - 1)
        var counted = 0
        while true {
            let n = skippedCount(through: last)
            if n == counted { break }
            counted = n
            last = from.adding(days: practice.days - 1 + n)
        }
        lastDay = last
        // How many of its days there are in `from...day` (none when `day` is before it).
        func days(through day: CivilDate) -> Int {
            let upto = min(day, last)
            guard from <= upto else { return 0 }
            return upto.daysSinceEpoch - from.daysSinceEpoch + 1 - skippedCount(through: upto)
        }
        // A practice stopped on a day counts the days before it: a restart's new practice has that day.
        let end = min(today, stop?.adding(days: -1) ?? .last)
        let readDays = completedDays.filter {
            from <= $0 && $0 <= end && $0 <= last && (skipped.isEmpty || !skipped.contains($0))
        }
        read = readDays.count
        // Missed: its days up to `end` (and its last), before today, neither read nor skipped: the gaps
        // between the days read, in order, less the skipped dates.
        let through = min(end, today.adding(days: -1), last)
        var runs: [ClosedRange<CivilDate>] = []
        if from <= through {
            let skippedIn = skipped.isEmpty ? [] : skipped.filter { from <= $0 && $0 <= through }.sorted()
            func gap(_ first: CivilDate, _ lastOfGap: CivilDate) {
                var start = first
                for date in skippedIn where start <= date && date <= lastOfGap {
                    if start < date { runs.append(start...date.adding(days: -1)) }
                    start = date.dayAfter
                }
                if start <= lastOfGap { runs.append(start...lastOfGap) }
            }
            var cursor = from
            for day in readDays.filter({ $0 <= through }).sorted() {
                if cursor < day { gap(cursor, day.adding(days: -1)) }
                cursor = day.dayAfter
            }
            if cursor <= through { gap(cursor, through) }
        }
        missedRuns = runs
        self.readToday = completedDays.contains(today)
        self.day = days(through: today)
        if read == practice.days {
            state = .completed
        } else if let stop {
            state = .stopped(stop)
        } else if today < practice.from {
            state = .upcoming
        } else {
            state = runs.isEmpty ? .going : .missed
        }
    }

    /// Every practice of `mine` on `today`, in the file's order: each counted from its bani's record in
    /// `progress`. Of two practices of one bani that both run unstopped (begun apart on two
    /// machines), the one begun later counts and the other ends on that day. Their days are counted
    /// in `calendar`'s zone: a date it skipped is none of them. `skipped`, when given: each practice's
    /// `skippedDates(of:calendar:)`, worked out already (the agent's `DayPlan`, once per files and zone).
    package static func all(
        _ practices: [Practice], progress: [String: BaniProgress], today: CivilDate, calendar: NitnemCalendar,
        skipped known: [Set<CivilDate>]? = nil
    ) -> [PracticeProgress] {
        practices.indices.map { i in
            let practice = practices[i]
            let later = practices.filter {
                $0.bani == practice.bani && $0.stopped == nil && $0.from > practice.from && $0.from <= today
            }.map(\.from).min()
            return PracticeProgress(
                practice, completedDays: progress[practice.bani]?.completedDays ?? [], today: today,
                endedBy: practice.stopped == nil ? later : nil,
                skipped: known?[i] ?? skippedDates(of: practice, calendar: calendar))
        }
    }

    /// The dates `calendar`'s zone skipped among those `practice`'s days may lie in: the same on every
    /// day of it.
    static func skippedDates(of practice: Practice, calendar: NitnemCalendar) -> Set<CivilDate> {
        // Its days lie within twice its length of its first (a zone skips a date in years).
        calendar.skippedDates(from: practice.from, through: practice.from.adding(days: 2 * practice.days + 7))
    }
}
