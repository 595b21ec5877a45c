import NitnemClockKit
import Snapshot

/// The reading journey of a month, computed from `completedDays` (no file of its own): per Nitnem
/// day, how many of the daily banis were read.
public struct Journey: Hashable, Sendable {
    /// One day of the month.
    public struct Day: Hashable, Sendable {
        public let dayKey: CivilDate
        public let done: Int
        /// Whether the day is after today (nothing to show yet).
        public let future: Bool
    }

    public let year: Int
    public let month: Int
    public let total: Int
    public let days: [Day]
    /// Complete days in a row, ending today (or yesterday while today is still open).
    public let streak: Int

    /// The journey of `year`-`month` as of `today`.
    public init(year: Int, month: Int, snapshot: NitnemSnapshot, progress: [String: BaniProgress], today: CivilDate) {
        self.year = year
        self.month = month
        let ids = snapshot.dailyIDs
        total = ids.count
        func done(_ d: CivilDate) -> Int { ids.filter { progress[$0]?.completedDays.contains(d) ?? false }.count }
        var days: [Day] = []
        var d = CivilDate(year: year, month: month, day: 1)!
        while d.month == month {
            days.append(Day(dayKey: d, done: done(d), future: d > today))
            d = d.adding(days: 1)
        }
        self.days = days
        var streak = 0
        var cursor = done(today) == total && total > 0 ? today : today.adding(days: -1)
        while total > 0, done(cursor) == total {
            streak += 1
            cursor = cursor.adding(days: -1)
        }
        self.streak = streak
    }

    /// Days whose daily banis were all read.
    public var completeDays: Int { total == 0 ? 0 : days.filter { $0.done == total }.count }

    /// `{"month","total","completeDays","streak","days":[{"dayKey","done","complete"}]}` (days up to today).
    public var json: JSONValue {
        .object([
            ("month", .string("\(year)-\(month < 10 ? "0" : "")\(month)")),
            ("total", .int(total)), ("completeDays", .int(completeDays)), ("streak", .int(streak)),
            (
                "days",
                .array(
                    days.filter { !$0.future }.map {
                        .object([
                            ("dayKey", .string($0.dayKey.description)), ("done", .int($0.done)),
                            ("complete", .bool(total > 0 && $0.done == total)),
                        ])
                    })
            ),
        ])
    }

    /// A month calendar, Monday first: `✓` for a complete day, the count read for a partial one,
    /// `·` for none, blank for days to come.
    public var text: String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November",
            "December",
        ]
        var lines = [
            "\(names[month - 1]) \(year) · \(completeDays) complete day\(completeDays == 1 ? "" : "s") · streak \(streak)"
        ]
        lines.append(" Mo  Tu  We  Th  Fr  Sa  Su")
        // 1970-01-01 was a Thursday (index 3 with Monday = 0).
        let offset = ((days[0].dayKey.daysSinceEpoch + 3) % 7 + 7) % 7
        var cells = Array(repeating: "    ", count: offset)
        for day in days {
            let mark: String
            if day.future {
                mark = "   "
            } else if total > 0 && day.done == total {
                mark = " ✓ "
            } else if day.done == 0 {
                mark = " · "
            } else {
                mark = " \(day.done) "
            }
            cells.append(mark + " ")
        }
        while !cells.isEmpty {
            lines.append(cells.prefix(7).joined().trimmingTrailingSpaces())
            cells.removeFirst(min(7, cells.count))
        }
        lines.append("✓ all \(total) daily banis read · n = banis read · · none")
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
