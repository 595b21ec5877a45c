// SPDX-License-Identifier: GPL-3.0-or-later
/// One Nitnem day placed on the time line: its key, its interval and when each band starts.
///
/// Resolved once from the zone (`NitnemCalendar.nitnemDay(_:)`); what is asked about the day
/// afterwards (the band at an instant, a band's interval) is a comparison of instants.
package struct NitnemDay: Hashable, Sendable {
    /// The key (`YYYY-MM-DD`).
    package let key: CivilDate
    /// The half-open interval of the day: from its 03:00 to the next Nitnem day's.
    package let interval: DateInterval
    /// The key of the next Nitnem day, which starts at `interval.end` (dates the zone skipped are
    /// skipped).
    package let nextKey: CivilDate
    /// When Morning, Evening and Night start: each band's wall time, kept in order and inside the
    /// day.
    let morning: Date
    let evening: Date
    let night: Date

    /// The day `key`, starting at `start` and ending at `end` (the start of `nextKey`), with the
    /// bands' starts resolved in `calendar`.
    init(key: CivilDate, start: Date, nextKey: CivilDate, end: Date, calendar: NitnemCalendar) {
        func bandStart(_ band: Band, after previous: Date) -> Date {
            min(max(calendar.resolve(key, band.start), previous), end)
        }
        self.key = key
        self.nextKey = nextKey
        interval = DateInterval(start: start, end: end)
        morning = bandStart(.morning, after: start)
        evening = bandStart(.evening, after: morning)
        night = bandStart(.night, after: evening)
    }

    /// When `band` starts on this day.
    package func start(of band: Band) -> Date {
        switch band {
        case .amritVela: interval.start
        case .morning: morning
        case .evening: evening
        case .night: night
        }
    }

    /// The half-open interval of `band` on this day (empty when a DST change swallowed it).
    package func interval(of band: Band) -> DateInterval {
        let end: Date
        switch band {
        case .amritVela: end = morning
        case .morning: end = evening
        case .evening: end = night
        case .night: end = interval.end
        }
        return DateInterval(start: start(of: band), end: end)
    }

    /// The fixed points of this day, in order: the band starts, but those of bands a DST change
    /// swallowed.
    package var fixedPoints: [FixedPoint] {
        // A loop, not a lazy chain: each of its closures was a context allocated per call.
        var points: [FixedPoint] = []
        points.reserveCapacity(Band.allCases.count)
        for band in Band.allCases {
            let interval = interval(of: band)
            if interval.duration > 0 { points.append(FixedPoint(band: band, at: interval.start, dayKey: key)) }
        }
        return points
    }

    /// The band at `instant`: the last whose start is at or before it (Amrit Vela before the day).
    package func band(at instant: Date) -> Band {
        if night <= instant { return .night }
        if evening <= instant { return .evening }
        if morning <= instant { return .morning }
        return .amritVela
    }
}
