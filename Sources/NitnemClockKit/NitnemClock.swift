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
    /// - Throws: `ClockError` naming the variable, the bad value and the accepted forms.
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
            return .pinned(at: start, rate: rate, real: real)
        }
        if environment["SGGS_CLOCK_RATE"] != nil { return .pinned(at: real(), rate: rate, real: real) }
        return .system(real)
    }

    /// The fastest `SGGS_CLOCK_RATE`: a week in under a second of real time.
    package static let maximumRate = 1_000_000.0

    /// Now.
    package func now() -> Date { virtualInstant(atReal: real()) }

    /// The real clock's reading, whatever `SGGS_CLOCK_NOW` pins: for comparing with times the file
    /// system stamps (a file's mtime), never for deciding what to show.
    package func realNow() -> Date { real() }

    /// The virtual instant this clock reads when the real clock reads `real`.
    package func virtualInstant(atReal real: Date) -> Date {
        origin.addingTimeInterval(real.timeIntervalSince(realOrigin) * rate)
    }

    /// The real instant at which this clock will read `instant` (for arming real timers).
    package func realInstant(for instant: Date) -> Date {
        realOrigin.addingTimeInterval(instant.timeIntervalSince(origin) / rate)
    }
}
