// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension Journey.Day {
    /// The calendar's mark: `✓` complete, `…` today in progress, `·` none read, else the count read;
    /// empty for a day to come.
    package var mark: String {
        if future { return "" }
        if complete { return "✓" }
        if inProgress { return "…" }
        return done == 0 ? "·" : "\(done)"
    }

    /// The practice's sign after the day's mark: `•` its practice's bani read, `×` missed; nil on
    /// any other day.
    var practiceSign: String? {
        switch practice {
        case .read?: "•"
        case .missed?: "×"
        default: nil
        }
    }

    /// The text calendar's practice mark after the day's: its sign, or a space.
    var practiceMark: String { practiceSign ?? " " }

    /// `complete`, `inProgress`, `partial`, `none` or `future`: what a widget styles.
    package var state: String {
        if future { return "future" }
        if complete { return "complete" }
        if inProgress { return "inProgress" }
        return done == 0 ? "none" : "partial"
    }
}

extension Journey {
    /// The journey of the month of the Nitnem day `today`, as of that day, its practices counted in
    /// `calendar`'s zone (`init(year:month:snapshot:progress:today:calendar:)`).
    package init(
        monthOf today: CivilDate, snapshot: NitnemSnapshot, progress: [String: BaniProgress], calendar: NitnemCalendar
    ) {
        self.init(
            year: today.year, month: today.month, snapshot: snapshot, progress: progress, today: today,
            calendar: calendar)
    }

    /// The journey of the month of the Nitnem day `today`, as of that day, with the day's practices
    /// worked out already (`init(year:month:snapshot:progress:today:practices:dailyIDs:)`).
    package init(
        monthOf today: CivilDate, snapshot: NitnemSnapshot, progress: [String: BaniProgress],
        practices: [PracticeProgress], dailyIDs: [String]? = nil
    ) {
        self.init(
            year: today.year, month: today.month, snapshot: snapshot, progress: progress, today: today,
            practices: practices, dailyIDs: dailyIDs)
    }

    /// How many blank cells come before the 1st in a Monday-first week.
    package var offset: Int {
        // 1970-01-01 was a Thursday (index 3 with Monday = 0).
        let first = CivilDate(year: year, month: month, day: 1)!
        return ((first.daysSinceEpoch + 3) % 7 + 7) % 7
    }

    /// What a widget's menu shows of the month, worded by `l`: `{"month","title","streaks",
    /// "currentStreak","longestStreak","empty","weekdays":[…],"offset","days":[{"dayKey","number",
    /// "mark","state","today","name","practice"}]}` (`mark` the calendar's with the practice's sign
    /// after it; `practice`: `read`, `missed`, `today`, `toCome` or null). `empty` is the sentence of a month with nothing to show
    /// (else null, and then no days); `offset` the blank cells before the 1st, Monday first; `name`
    /// what a screen reader says of a day (`2 December: complete, 7 of 7`).
    package func display(_ l: Localizer) -> JSONValue {
        let monthName = l(Self.monthNames[month - 1])
        let emptyText: JSONValue = empty == nil ? .null : .string(text(l))
        let days: [JSONValue] = self.days.map { day in
            let date = l(.journeyDate, ["day": "\(day.dayKey.day)", "month": monthName])
            let values = ["day": date, "done": "\(day.done)", "total": "\(total)"]
            var name: String
            switch day.state {
            case "future": name = l(.journeyDayToCome, values)
            case "complete": name = l(.journeyDayComplete, values)
            case "inProgress": name = l(.journeyDayInProgress, values)
            case "partial": name = l(.journeyDayPartial, values)
            default: name = l(.journeyDayNone, values)
            }
            switch day.practice {
            case .read?: name = l(.journeyDayPracticeRead, ["line": name])
            case .missed?: name = l(.journeyDayPracticeMissed, ["line": name])
            case .today?: name = l(.journeyDayPracticeToday, ["line": name])
            case .toCome?, nil: break
            }
            return .object([
                ("dayKey", .string(day.dayKey.description)), ("number", .string("\(day.dayKey.day)")),
                ("mark", .string(day.mark + (day.practiceSign ?? ""))), ("state", .string(day.state)),
                ("today", .bool(day.dayKey == today)),
                ("name", .string(name)), ("practice", day.practice.map { .string($0.rawValue) } ?? .null),
            ])
        }
        return .object([
            ("month", .string(monthKey)),
            ("title", .string(l(.monthYear, ["month": monthName, "year": "\(year)"]))),
            ("streaks", .string(l(.journeyStreaks, ["streak": "\(currentStreak)", "overall": "\(longestOverall)"]))),
            ("currentStreak", .int(currentStreak)), ("longestStreak", .int(longestOverall)),
            ("empty", emptyText),
            ("weekdays", .array(Self.weekdays.map { .string(l($0)) })),
            ("offset", .int(offset)),
            ("days", .array(days)),
        ])
    }
}
