// SPDX-License-Identifier: GPL-3.0-or-later
/// An instant as a person reads it in a listing about one Nitnem day: `06:00`, or `2026-11-30 06:00`
/// when it falls outside that day.
///
/// - Important: For people only; anything a program reads keeps the full RFC 3339 stamp
///   (`RFC3339.format`).
package enum WallStamp {
    /// `instant` on the wall clock of `calendar`: `HH:MM` (`HH:MM:SS` when the seconds are not zero)
    /// when it falls in the Nitnem day `day`, else preceded by its wall date (`2026-11-30 06:00`).
    /// The second time a wall time happens (a DST fall-back) it carries its offset
    /// (`03:30 +02:00`), so the two are told apart.
    package static func format(_ instant: Date, day: CivilDate, in calendar: NitnemCalendar) -> String {
        let (date, time) = calendar.wallClock(at: instant)
        var text = calendar.dayKey(at: instant) == day ? time.description : "\(date) \(time)"
        // `resolve` gives a wall time's first occurrence: an instant a second or more after it is a repeat.
        if instant.timeIntervalSince(calendar.resolve(date, time)) >= 1 {
            text += " " + offset(at: instant, in: calendar)
        }
        return text
    }

    /// The offset of `calendar`'s zone at `instant`, as RFC 3339 writes it: `+05:30`, `-04:00`, `+00:00`.
    package static func offset(at instant: Date, in calendar: NitnemCalendar) -> String {
        String(RFC3339.format(instant, in: calendar).suffix(6))
    }
}
