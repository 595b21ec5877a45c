// SPDX-License-Identifier: GPL-3.0-or-later
/// Seconds, as a duration between two instants.
package typealias TimeInterval = Double

/// An instant: seconds since 2001-01-01T00:00:00Z, as Foundation's `Date` keeps it, so arithmetic
/// gives the same doubles. Ours, so that no product code links Foundation (whose `Date` pulls in
/// formatting, property lists and attributed strings); tests convert with `Foundation.Date`'s own
/// initialisers where Foundation is their oracle.
///
/// It has no "now": only `NitnemClock` reads the real clock, through the reader the shell hands it.
/// Public, not package, to be inlined in other modules (`CivilDate`).
public struct Date: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Seconds between 1970-01-01T00:00:00Z and 2001-01-01T00:00:00Z.
    package static let secondsFrom1970To2001: TimeInterval = 978_307_200

    /// Seconds since 2001-01-01T00:00:00Z.
    package let timeIntervalSinceReferenceDate: TimeInterval

    package init(timeIntervalSinceReferenceDate seconds: TimeInterval) {
        timeIntervalSinceReferenceDate = seconds
    }

    package init(timeIntervalSince1970 seconds: TimeInterval) {
        timeIntervalSinceReferenceDate = seconds - Self.secondsFrom1970To2001
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    package var timeIntervalSince1970: TimeInterval { timeIntervalSinceReferenceDate + Self.secondsFrom1970To2001 }

    /// Seconds from `other` to this instant (negative when this one is earlier).
    package func timeIntervalSince(_ other: Date) -> TimeInterval {
        timeIntervalSinceReferenceDate - other.timeIntervalSinceReferenceDate
    }

    package func addingTimeInterval(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate + seconds)
    }

    /// An instant long before any Nitnem day (year 1), as Foundation's.
    package static let distantPast = Date(timeIntervalSinceReferenceDate: -63_114_076_800)
    /// An instant long after any Nitnem day (year 4001), as Foundation's.
    package static let distantFuture = Date(timeIntervalSinceReferenceDate: 63_113_904_000)

    public static func < (a: Date, b: Date) -> Bool {
        a.timeIntervalSinceReferenceDate < b.timeIntervalSinceReferenceDate
    }
    package static func + (date: Date, seconds: TimeInterval) -> Date { date.addingTimeInterval(seconds) }
    package static func - (date: Date, seconds: TimeInterval) -> Date { date.addingTimeInterval(-seconds) }
    package static func += (date: inout Date, seconds: TimeInterval) { date = date + seconds }

    /// `2026-11-29 16:30:00 +0000` (UTC, whole seconds), as Foundation's `Date` describes itself.
    public var description: String {
        let (date, time) = Zone.utc.wallClock(at: self)
        return "\(date) \(Digits.pad(time.hour, 2)):\(Digits.pad(time.minute, 2)):\(Digits.pad(time.second, 2)) +0000"
    }
}

/// A closed span of time from `start` to `end`, kept as Foundation's `DateInterval` keeps it (a start
/// and a duration), so `end` is the same double.
package struct DateInterval: Hashable, Sendable {
    package var start: Date
    /// Seconds from `start` to `end`, never negative.
    package var duration: TimeInterval

    /// - Precondition: `end` is not before `start`.
    package init(start: Date, end: Date) {
        precondition(end >= start, "DateInterval: end \(end) is before start \(start)")
        self.start = start
        self.duration = end.timeIntervalSince(start)
    }

    /// - Precondition: `duration` is not negative.
    package init(start: Date, duration: TimeInterval) {
        precondition(duration >= 0, "DateInterval: negative duration \(duration)")
        self.start = start
        self.duration = duration
    }

    package var end: Date { start + duration }

    /// Whether `date` lies in the span, both ends included.
    package func contains(_ date: Date) -> Bool { start <= date && date <= end }
}
