// SPDX-License-Identifier: GPL-3.0-or-later
/// The single source of "now" for every command, the agent and the tests.
///
/// - Important: This is the only type that reads the real clock, through the reader the shell hands
///   in (`clock_gettime`; this module makes no system call). `SGGS_CLOCK_NOW` pins the start instant
///   (time then flows from it); `SGGS_CLOCK_RATE` makes it flow faster, for tests.
package struct NitnemClock: Sendable {
    /// Reads the real clock.
    package typealias RealClock = @Sendable () -> Date

    /// The virtual instant at `realOrigin`.
    package let origin: Date
    /// The real instant at which `origin` was read.
    package let realOrigin: Date
    /// How many virtual seconds pass per real second.
    package let rate: Double
    /// Whether `SGGS_CLOCK_NOW` or `SGGS_CLOCK_RATE` moved this clock off the real one.
    package let isPinned: Bool
    /// The real clock, as the shell reads it.
    let real: RealClock

    /// The real clock.
    package static func system(_ real: @escaping RealClock) -> NitnemClock {
        let now = real()
        return NitnemClock(origin: now, realOrigin: now, rate: 1, isPinned: false, real: real)
    }

    /// A clock that reads `start` now and then flows `rate` times faster than the real clock.
    package static func pinned(at start: Date, rate: Double = 1, real: @escaping RealClock) -> NitnemClock {
        NitnemClock(origin: start, realOrigin: real(), rate: rate, isPinned: true, real: real)
    }

    /// The clock the environment asks for: `SGGS_CLOCK_NOW` (RFC 3339 with `Z` or an offset, or a
    /// local wall time `YYYY-MM-DDTHH:MM[:SS]` read in `calendar`'s zone) and `SGGS_CLOCK_RATE`
    /// (a number > 0); the real clock when neither is set.
    /// - Throws: `ClockError` naming the variable, the bad value and the accepted forms, or the
    ///   accepted `range` for a time outside it.
    package static func fromEnvironment(
        _ environment: [String: String], calendar: NitnemCalendar, real: @escaping RealClock
    ) throws(ClockError) -> NitnemClock {
        var rate = 1.0
        if let text = environment["SGGS_CLOCK_RATE"] {
            guard let value = Double(text), value.isFinite, value > 0, value <= maximumRate else {
                throw ClockError(
                    .badRate, variable: "SGGS_CLOCK_RATE", value: text,
                    problem: "is not a number greater than 0 and at most 1000000 (e.g. 60)")
            }
            rate = value
        }
        if let text = environment["SGGS_CLOCK_NOW"] {
            guard let start = RFC3339.parse(text, in: calendar) else {
                throw ClockError(
                    .badTime, variable: "SGGS_CLOCK_NOW", value: text,
                    problem:
                        "is not a time; use RFC 3339 with an offset (2026-11-29T22:00:00+05:30 or 2026-11-29T16:30:00Z) or a local wall time (2026-11-29T22:00 or 2026-11-29T22:00:00)"
                )
            }
            guard range.contains(start) else {
                throw ClockError(.outOfRange, variable: "SGGS_CLOCK_NOW", value: text, problem: outsideRange)
            }
            return .pinned(at: start, rate: rate, real: real)
        }
        if environment["SGGS_CLOCK_RATE"] != nil { return .pinned(at: real(), rate: rate, real: real) }
        return .system(real)
    }

    /// The fastest `SGGS_CLOCK_RATE`: a week in under a second of real time.
    package static let maximumRate = 1_000_000.0

    /// The instants nitnem computes: from 0002-01-01T00:00:00Z up to, not including,
    /// 9999-01-01T00:00:00Z.
    ///
    /// A year inside the dates a day key can name (`CivilDate.years`, the only keys the progress
    /// reader accepts), so that every date computed from an instant in it is one: its Nitnem day in
    /// any zone (offsets within ±26 h, the 03:00 roll, a skipped date searched four days either way),
    /// the days commands look at around it (the next day's reminders and fixed points, the end of
    /// `simulate`, `journey`'s month, a pause's end), and the day key and times `mark` writes, which
    /// its own reader then reads back. A year is more than all of these need, and easy to remember.
    /// - Important: `SGGS_CLOCK_NOW` and every instant a command takes are refused outside it; a
    ///   clock that flows past its end (`SGGS_CLOCK_RATE`, a real clock set to year 9999) reads its
    ///   last instant from then on.
    package static let range: Range<Date> = {
        func start(ofYear year: Int) -> Date {
            Date(timeIntervalSince1970: Double(CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch * 86_400))
        }
        return start(ofYear: CivilDate.years.lowerBound + 1)..<start(ofYear: CivilDate.years.upperBound)
    }()

    /// The UTC dates of `range`: 0002-01-01 … 9998-12-31.
    package static let dates: ClosedRange<CivilDate> =
        Zone.utc.wallClock(at: range.lowerBound).date...Zone.utc.wallClock(at: range.upperBound).date.adding(days: -1)

    /// `range` in words: `0002-01-01 to 9998-12-31 (UTC)`.
    package static let rangeText = "\(dates.lowerBound) to \(dates.upperBound) (UTC)"

    /// What an error says of an instant outside `range`: `is outside the range nitnem computes,
    /// 0002-01-01 to 9998-12-31 (UTC)`.
    package static let outsideRange = "is outside the range nitnem computes, \(rangeText)"

    /// `instant` kept within `range`: its first instant, `instant` itself, or its last.
    package static func clamped(_ instant: Date) -> Date {
        let last = Date(timeIntervalSinceReferenceDate: range.upperBound.timeIntervalSinceReferenceDate.nextDown)
        return min(max(instant, range.lowerBound), last)
    }

    /// Now.
    package func now() -> Date { virtualInstant(atReal: real()) }

    /// The real clock's reading, whatever `SGGS_CLOCK_NOW` pins: for comparing with times the file
    /// system stamps (a file's mtime), never for deciding what to show.
    package func realNow() -> Date { real() }

    /// The virtual instant this clock reads when the real clock reads `real`, within `range`: time
    /// that flows past its end stops at its last instant, where every command still computes.
    package func virtualInstant(atReal real: Date) -> Date {
        Self.clamped(origin.addingTimeInterval(real.timeIntervalSince(realOrigin) * rate))
    }

    /// The real instant at which this clock will read `instant` (for arming real timers); `nil` when
    /// it never will, `instant` being past the end of `range` (where the clock stops): a timer armed
    /// for it would fire at once, again and again.
    package func realInstant(for instant: Date) -> Date? {
        guard instant < Self.range.upperBound else { return nil }
        return realOrigin.addingTimeInterval(instant.timeIntervalSince(origin) / rate)
    }
}
