// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The reading journey of a month, computed from `completedDays` (no file of its own): per Nitnem
/// day, how many of the daily banis were read, and the streaks of complete days.
///
/// Today is in progress until its daily banis are all read: never a miss, and the current streak
/// counts up to yesterday meanwhile. A month before the first recorded day, or after today, is
/// `empty` (no days, no streaks): nothing to show rather than today's numbers.
package struct Journey: Hashable, Sendable {
    /// One day of the month.
    package struct Day: Hashable, Sendable {
        package let dayKey: CivilDate
        /// How many of the daily banis were read that day.
        package let done: Int
        /// Whether they all were.
        package let complete: Bool
        /// Whether it is today and not yet complete.
        package let inProgress: Bool
        /// Whether the day is after today (nothing to show yet).
        package let future: Bool
        /// The day's part in the practices that cover it; nil when none does.
        package var practice: PracticeMark? = nil
    }

    /// A day of one or more practices (`nitnem practice`): their banis all read, one missed, today
    /// still to read, or to come.
    package enum PracticeMark: String, Hashable, Sendable {
        case read, missed, today, toCome
    }

    /// Why a month has nothing to show.
    package enum Empty: String, Hashable, Sendable {
        /// The month ends before the first recorded day (or, with none, before this month).
        case beforeFirstRecord
        /// The month starts after today.
        case afterToday
    }

    package let year: Int
    package let month: Int
    package let today: CivilDate
    /// How many daily banis a complete day reads.
    package let total: Int
    /// The month's days (none for an `empty` month).
    package let days: [Day]
    /// Why the month has nothing to show; `nil` when it has.
    package let empty: Empty?
    /// The earliest day any bani was recorded read; `nil` for none.
    package let firstRecord: CivilDate?
    /// Complete days in a row, ending today (or yesterday while today is in progress).
    package let currentStreak: Int
    /// The longest run of complete days within the month (up to today).
    package let longestInMonth: Int
    /// The longest run of complete days of all (up to today), across months.
    package let longestOverall: Int
    /// The practices with a day in the month.
    package let practices: [Practicing]

    /// A practice of the month, with its bani's title (English).
    package struct Practicing: Hashable, Sendable {
        package let title: String
        package let progress: PracticeProgress
    }

    /// The journey of `year`-`month` as of `today`, its practices counted in `calendar`'s zone (a date
    /// the zone skipped is none of their days). There is no journey without one or the other: a
    /// practice counted with no zone would count such a date.
    package init(
        year: Int, month: Int, snapshot: NitnemSnapshot, progress: [String: BaniProgress], today: CivilDate,
        calendar: NitnemCalendar
    ) {
        self.init(
            year: year, month: month, snapshot: snapshot, progress: progress, today: today,
            practices: snapshot.practices.isEmpty
                ? [] : PracticeProgress.all(snapshot.practices, progress: progress, today: today, calendar: calendar))
    }

    /// The journey of `year`-`month` as of `today`, with `practices`, `today`'s `PracticeProgress.all`
    /// worked out already (the agent's `DayPlan`, shared with the day's states); `dailyIDs`, when
    /// given, are `snapshot.dailyIDs` worked out already.
    package init(
        year: Int, month: Int, snapshot: NitnemSnapshot, progress: [String: BaniProgress], today: CivilDate,
        practices all: [PracticeProgress], dailyIDs: [String]? = nil
    ) {
        self.year = year
        self.month = month
        self.today = today
        let ids = dailyIDs ?? snapshot.dailyIDs
        total = ids.count
        // Each daily bani's record looked up once, not once per day of the month.
        let read = ids.map { progress[$0]?.completedDays ?? [] }
        func done(_ d: CivilDate) -> Int { read.count { $0.contains(d) } }
        // How many were read on each day of the month (by day - 1): each record walked once, not
        // looked up for every day.
        var doneInMonth = [Int](repeating: 0, count: 31)
        for days in read {
            for d in days where d.year == year && d.month == month { doneInMonth[d.day - 1] += 1 }
        }
        var first: CivilDate?
        for bani in progress.values {
            for d in bani.completedDays where d <= today && first.map({ d < $0 }) ?? true { first = d }
        }
        firstRecord = first
        let start = CivilDate(year: year, month: month, day: 1)!
        let startOfFirst = first.map { CivilDate(year: $0.year, month: $0.month, day: 1)! }
        let startOfToday = CivilDate(year: today.year, month: today.month, day: 1)!
        if start > today {
            empty = .afterToday
        } else if start < (startOfFirst ?? startOfToday) {
            empty = .beforeFirstRecord
        } else {
            empty = nil
        }
        // Complete days up to today, in order (the days every daily bani lists).
        var completeSet = Set<CivilDate>()
        if let firstID = ids.first, let candidates = progress[firstID]?.completedDays {
            for d in candidates where d <= today && done(d) == ids.count { completeSet.insert(d) }
        }
        var days: [Day] = []
        if empty == nil {
            var d = start
            while d.month == month {
                let n = doneInMonth[d.day - 1]
                let complete = total > 0 && n == total
                days.append(
                    Day(dayKey: d, done: n, complete: complete, inProgress: d == today && !complete, future: d > today))
                d = d.dayAfter
            }
        }
        practices = Self.mark(
            &days, year: year, month: month, practices: all, progress: progress, today: today,
            title: { snapshot.bani(id: $0)?.titleEn })
        self.days = days
        var longestOverall = 0
        var run = 0
        var previous: CivilDate?
        for d in completeSet.sorted() {
            run = previous.map { $0.adding(days: 1) == d } ?? false ? run + 1 : 1
            longestOverall = max(longestOverall, run)
            previous = d
        }
        self.longestOverall = longestOverall
        var longestInMonth = 0
        run = 0
        for day in days where !day.future {
            run = day.complete ? run + 1 : 0
            longestInMonth = max(longestInMonth, run)
        }
        self.longestInMonth = longestInMonth
        var streak = 0
        var cursor = completeSet.contains(today) ? today : today.adding(days: -1)
        while completeSet.contains(cursor) {
            streak += 1
            cursor = cursor.adding(days: -1)
        }
        currentStreak = empty == nil ? streak : 0
    }

    /// The journey `previous` (of the same month, as of a day before `today`, made from the same
    /// snapshot and progress; `dailyIDs` the snapshot's) as of `today`, with `practices`, `today`'s
    /// `PracticeProgress.all`; nil when it cannot be told from `previous` (the first day recorded
    /// since it, or a day since then complete: the first record or the streaks move) and is made anew.
    /// `readSpan`, when given: the days any record of `progress` was read in
    /// (`TodayState.readSpan(of: progress.keys, …)`), worked out already.
    init?(
        movingOn previous: Journey, to today: CivilDate, snapshot: NitnemSnapshot, progress: [String: BaniProgress],
        practices all: [PracticeProgress], dailyIDs ids: [String], readSpan: Range<CivilDate>? = nil
    ) {
        guard previous.year == today.year, previous.month == today.month, previous.today < today,
            ids.count == previous.total
        else { return nil }
        // A day complete since `previous.today` (at most the month's days), or with none recorded
        // up to it, a day recorded since.
        var d = previous.today.dayAfter
        while d <= today {
            // A day outside the days read in reads nothing: neither complete nor recorded.
            if readSpan?.contains(d) ?? true {
                if !ids.isEmpty, ids.allSatisfy({ progress[$0]?.completedDays.contains(d) ?? false }) { return nil }
                if previous.firstRecord == nil, progress.values.contains(where: { $0.isRead(on: d) }) { return nil }
            }
            d = d.dayAfter
        }
        // No day recorded since is before the first one up to `previous.today`, and with none
        // there is none since: the same first record, so the month is empty or not as it was (its
        // start is before both todays). No day complete since: the same complete
        // days up to today, so the same longest runs; today is not complete, so the streak ends
        // yesterday: `previous`'s when that was its today and complete, else none.
        year = previous.year
        month = previous.month
        self.today = today
        total = previous.total
        empty = previous.empty
        firstRecord = previous.firstRecord
        longestOverall = previous.longestOverall
        longestInMonth = previous.longestInMonth
        let yesterdayComplete =
            previous.today.dayAfter == today && previous.days.contains { $0.dayKey == previous.today && $0.complete }
        currentStreak = yesterdayComplete ? previous.currentStreak : 0
        var days = previous.days.map {
            Day(
                dayKey: $0.dayKey, done: $0.done, complete: $0.complete, inProgress: $0.dayKey == today && !$0.complete,
                future: $0.dayKey > today)
        }
        practices = Self.mark(
            &days, year: year, month: month, practices: all, progress: progress, today: today,
            title: { id in
                previous.practices.first { $0.progress.practice.bani == id }?.title ?? snapshot.bani(id: id)?.titleEn
            })
        self.days = days
    }

    /// The practices of `all` with a day in the month, with their banis' titles (`title` by id), and
    /// each of `days`' part in them as of `today`.
    private static func mark(
        _ days: inout [Day], year: Int, month: Int, practices all: [PracticeProgress],
        progress: [String: BaniProgress], today: CivilDate, title: (String) -> String?
    ) -> [Practicing] {
        let start = CivilDate(year: year, month: month, day: 1)!
        let monthEnd =
            (month == 12
            ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1))
            .map { $0.adding(days: -1) } ?? .last
        let practices = all.filter {
            $0.practice.from <= monthEnd && $0.lastDay >= start && ($0.practice.stopped ?? .last) > $0.practice.from
        }
        // Each practice's record looked up once, not once per day of the month.
        let practiceReads = practices.map { progress[$0.practice.bani]?.completedDays }
        // Each practice's days taken once: asked of the practice, each day copied it.
        let spans = practices.map(\.span)
        for i in days.indices {
            let d = days[i].dayKey
            var covered = false
            var allRead = true
            for j in spans.indices where PracticeProgress.covers(d, spans[j]) {
                covered = true
                if allRead, !(practiceReads[j]?.contains(d) ?? false) { allRead = false }
            }
            guard covered else { continue }
            days[i].practice = d > today ? .toCome : allRead ? .read : d == today ? .today : .missed
        }
        return practices.map { Practicing(title: title($0.practice.bani) ?? $0.practice.bani, progress: $0) }
    }

    /// Days whose daily banis were all read.
    package var completeDays: Int { days.filter { $0.complete }.count }

    /// `YYYY-MM`, four digits of year as in a day key (`0001-12`, not `1-12`).
    package var monthKey: String {
        String(CivilDate(year: year, month: month, day: 1).map { "\($0)" }?.prefix(7) ?? "\(year)-\(month)")
    }

    /// `{"month","total","empty","emptyReason","firstRecord","today","completeDays","currentStreak",
    /// "longestStreak":{"month","overall"},"days":[{"dayKey","done","complete","inProgress"}]}`, days up
    /// to today; an empty month has `"empty":true`, `"emptyReason":"beforeFirstRecord"` or
    /// `"afterToday"`, no streaks and no days.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("month", .string(monthKey)), ("total", .int(total)),
            ("empty", .bool(empty != nil)), ("emptyReason", empty.map { .string($0.rawValue) } ?? .null),
            ("firstRecord", firstRecord.map { .string($0.description) } ?? .null),
            ("today", .string(today.description)),
        ]
        if empty == nil {
            members += [
                ("completeDays", .int(completeDays)), ("currentStreak", .int(currentStreak)),
                ("longestStreak", .object([("month", .int(longestInMonth)), ("overall", .int(longestOverall))])),
            ]
        }
        members.append(
            (
                "days",
                .array(
                    days.filter { !$0.future }.map {
                        .object([
                            ("dayKey", .string($0.dayKey.description)), ("done", .int($0.done)),
                            ("complete", .bool($0.complete)), ("inProgress", .bool($0.inProgress)),
                            ("practice", $0.practice.map { .string($0.rawValue) } ?? .null),
                        ])
                    })
            ))
        members.append(
            ("practices", .array(practices.map { $0.progress.json(title: $0.title, localizer: .english) })))
        return .object(members)
    }

    /// The months, January first.
    static let monthNames: [Message] = [
        .january, .february, .march, .april, .may, .june, .july, .august, .september, .october, .november, .december,
    ]

    /// The calendar's weekday columns, Monday first.
    static let weekdays: [Message] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// A month calendar, Monday first: each week a row of day numbers and, under it, a row of marks —
    /// `✓` for a complete day, the count read for a partial one, `·` for none, `…` for today in
    /// progress, blank for days to come. An empty month is one line saying why.
    package var text: String { text(.english) }

    /// `text` in the words of `l`. A weekday's name is padded to its column by the terminal columns
    /// it takes (`Printable.columns`: a Gurmukhi vowel sign above or below its letter takes none).
    package func text(_ l: Localizer) -> String {
        let name = l(.monthYear, ["month": l(Self.monthNames[month - 1]), "year": "\(year)"])
        switch empty {
        case .afterToday?:
            return l(.journeyAfterToday, ["month": name, "today": today.description])
        case .beforeFirstRecord?:
            guard let first = firstRecord else { return l(.journeyBeforeAnyRecord, ["month": name]) }
            return l(.journeyBeforeFirstRecord, ["month": name, "first": first.description])
        case nil:
            break
        }
        var lines = [
            l(
                .journeyHeading, count: completeDays,
                [
                    "month": name, "streak": "\(currentStreak)", "longest": "\(longestInMonth)",
                    "overall": "\(longestOverall)",
                ])
        ]
        lines.append(
            Self.weekdays.map { day in
                let text = l(day)
                return String(repeating: " ", count: max(3 - Printable.columns(text), 1)) + text
            }.joined(separator: " "))
        var numbers = Array(repeating: "    ", count: offset)
        var marks = numbers
        for day in days {
            let n = day.dayKey.day
            numbers.append((n < 10 ? "  \(n)" : " \(n)") + " ")
            marks.append("  \(day.future ? " " : day.mark)\(day.practiceMark)")
        }
        var week = 0
        while week * 7 < numbers.count {
            let range = (week * 7)..<min(week * 7 + 7, numbers.count)
            lines.append(numbers[range].joined().trimmingTrailingSpaces())
            let row = marks[range].joined().trimmingTrailingSpaces()
            if !row.isEmpty { lines.append(row) }
            week += 1
        }
        if let day = days.first(where: { $0.dayKey == today }), day.inProgress {
            lines.append(
                l(.journeyTodayInProgress, ["today": today.description, "done": "\(day.done)", "total": "\(total)"]))
        }
        lines.append(l(.journeyLegend, ["total": "\(total)"]))
        if !practices.isEmpty {
            lines.append(l(.journeyPracticeLegend))
            lines += practices.map { $0.progress.line(title: $0.title, localizer: l) }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
