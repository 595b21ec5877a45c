// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The Nitnem day `nitnem mark --day` names.
package enum MarkDay {
    /// The forms `--day` takes, for help and errors.
    package static let forms = "YYYY-MM-DD, today, yesterday or -N (N days before today)"

    /// The day `text` names, `today` being the Nitnem day now (it rolls at 03:00): a date
    /// `YYYY-MM-DD`, `today`, `yesterday`, or `-N`, N Nitnem days before today. Days are counted on
    /// day keys (a date the zone skipped, such as Pacific/Apia 2011-12-30, is no day and is not
    /// counted), never as instants minus 24 hours.
    /// - Throws: `MarkDayError`: `malformed` for text that is none of these; `future` for a day after
    ///   today (nothing is read on a day that has not begun).
    package static func parse(_ text: String, today: CivilDate, calendar: NitnemCalendar) throws(MarkDayError)
        -> CivilDate
    {
        let day: CivilDate
        switch text.lowercased() {
        case "today": day = today
        case "yesterday": day = calendar.previousDay(before: today)
        case let word where word.hasPrefix("-"):
            let digits = word.dropFirst()
            // Six digits reach back past 0001-01-01, the first date a key can name; a few days
            // after it are kept clear for the dates a zone skipped.
            guard (1...6).contains(digits.count), digits.allSatisfy({ ("0"..."9").contains($0) }),
                let n = Int(digits), today.daysSinceEpoch - n >= CivilDate.first.daysSinceEpoch + 4
            else { throw MarkDayError(.malformed, text: text, today: today) }
            var key = today
            for _ in 0..<n { key = calendar.previousDay(before: key) }
            day = key
        default:
            guard let date = CivilDate(text) else { throw MarkDayError(.malformed, text: text, today: today) }
            day = date
        }
        guard day <= today else { throw MarkDayError(.future, text: text, today: today) }
        return day
    }
}

/// A `--day` that names no day `nitnem mark` can record.
package struct MarkDayError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    package enum Code: Equatable, Sendable {
        /// None of `MarkDay.forms` (bad usage).
        case malformed
        /// A day after today.
        case future
    }

    /// What is wrong.
    package let code: Code
    /// The text as given.
    package let text: String
    /// The Nitnem day when it was given.
    package let today: CivilDate
    package init(_ code: Code, text: String, today: CivilDate) {
        self.code = code
        self.text = text
        self.today = today
    }

    /// One line: `'x' is not a valid value for '--day'; use …`, or `--day 2026-11-30 is after
    /// today, 2026-11-29 (…)`; control characters escaped.
    package var description: String {
        switch code {
        case .malformed:
            "'\(Printable.bounded(text))' is not a valid value for '--day'; use \(MarkDay.forms)"
        case .future:
            "--day \(Printable.bounded(text)) is after today, \(today) (the Nitnem day rolls at 03:00)"
        }
    }
}
