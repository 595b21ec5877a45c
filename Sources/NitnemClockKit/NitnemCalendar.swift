// SPDX-License-Identifier: GPL-3.0-or-later
/// The Nitnem calendar of one time zone: day keys, bands, fixed points and reminder slots.
///
/// Pure: every answer depends only on the instant asked about, the zone and the calendar.
/// - Important: Times of day are resolved on the wall clock of a named date, never as
///   "midnight + N hours": on some DST days midnight or 03:00 does not exist.
package struct NitnemCalendar: Sendable {
    /// The zone whose wall clock defines days and bands.
    package let zone: Zone

    /// The zone's name, e.g. `Europe/Helsinki`.
    package var identifier: String { zone.identifier }

    /// A Nitnem calendar for `zone`.
    package init(zone: Zone) { self.zone = zone }

    // MARK: Wall clock

    /// The UTC offset in whole seconds at `instant`.
    package func offset(at instant: Date) -> Int { zone.offset(at: instant) }

    /// The wall-clock date and time at `instant`.
    package func wallClock(at instant: Date) -> (date: CivilDate, time: WallTime) { zone.wallClock(at: instant) }

    /// The first instant whose wall clock reads `time` on `date`; inside a DST gap (or on a date the
    /// zone skipped), the first instant after the gap.
    package func resolve(_ date: CivilDate, _ time: WallTime) -> Date { zone.resolve(date, time) }

    // MARK: The Nitnem day

    /// When the Nitnem day `key` begins: the first instant whose wall time is ≥ 03:00 on that date;
    /// `nil` when the zone has no such instant on that date (a skipped date such as Pacific/Apia
    /// 2011-12-30), so that date is never a day key.
    package func dayStart(_ key: CivilDate) -> Date? {
        let t = resolve(key, .dayRoll)
        return wallClock(at: t).date == key ? t : nil
    }

    /// The dates of `from...through` that are no Nitnem day (`dayStart` is nil). Such a date lies
    /// between the wall dates just before and at one of the zone's offset changes, so only those are
    /// asked about: a range of years costs a few look-ups, not one per date. Near the ends of the
    /// calendar, where instants are clamped, every date is asked about.
    package func skippedDates(from: CivilDate, through: CivilDate) -> Set<CivilDate> {
        guard from <= through else { return [] }
        var skipped = Set<CivilDate>()
        guard CivilDate.first.adding(days: 7) < from, through < CivilDate.last.adding(days: -7) else {
            var date = from
            while date <= through {
                if dayStart(date) == nil { skipped.insert(date) }
                date = date.adding(days: 1)
            }
            return skipped
        }
        let midnight = WallTime(uncheckedSeconds: 0)
        let changes = zone.offsetChanges(
            from: resolve(from.adding(days: -2), midnight), to: resolve(through.adding(days: 2), midnight))
        for change in changes {
            var date = max(from, wallClock(at: change.addingTimeInterval(-1)).date)
            let last = min(through, wallClock(at: change).date)
            while date <= last {
                if dayStart(date) == nil { skipped.insert(date) }
                date = date.adding(days: 1)
            }
        }
        return skipped
    }

    /// The key (`YYYY-MM-DD`) of the Nitnem day containing `instant`.
    package func dayKey(at instant: Date) -> CivilDate { dayBeginning(at: instant).key }

    /// The key of the Nitnem day containing `instant` and, when found on the way, its start.
    func dayBeginning(at instant: Date) -> (key: CivilDate, start: Date?) {
        let date = wallClock(at: instant).date
        for back in 0..<4 {
            let candidate = date.adding(days: -back)
            if let start = dayStart(candidate), start <= instant { return (candidate, start) }
        }
        return (date.adding(days: -1), nil)
    }

    /// The Nitnem day after `key` and when it starts (skipping dates the zone skipped).
    package func nextDay(after key: CivilDate) -> (key: CivilDate, start: Date) {
        for ahead in 1...4 {
            let candidate = key.adding(days: ahead)
            if let start = dayStart(candidate) { return (candidate, start) }
        }
        preconditionFailure("no Nitnem day within four days after \(key)")
    }

    /// The Nitnem day before `key` (skipping dates the zone skipped): civil-date arithmetic on
    /// day keys, never an instant minus 24 hours.
    package func previousDay(before key: CivilDate) -> CivilDate {
        for back in 1...4 {
            let candidate = key.adding(days: -back)
            if dayStart(candidate) != nil { return candidate }
        }
        preconditionFailure("no Nitnem day within four days before \(key)")
    }

    /// The Nitnem day containing `instant`: its key and its half-open interval.
    package func day(containing instant: Date) -> (key: CivilDate, interval: DateInterval) {
        let key = dayKey(at: instant)
        return (key, dayInterval(key))
    }

    /// The half-open interval of an existing Nitnem day `key`.
    package func dayInterval(_ key: CivilDate) -> DateInterval {
        DateInterval(start: dayStart(key) ?? resolve(key, .dayRoll), end: nextDay(after: key).start)
    }

    /// The existing Nitnem day `key` on the time line: its interval and its bands.
    package func nitnemDay(_ key: CivilDate) -> NitnemDay {
        nitnemDay(key, start: dayStart(key) ?? resolve(key, .dayRoll))
    }

    /// The Nitnem day containing `instant`.
    package func nitnemDay(containing instant: Date) -> NitnemDay {
        let (key, start) = dayBeginning(at: instant)
        guard let start else { return nitnemDay(key) }
        return nitnemDay(key, start: start)
    }

    /// The Nitnem day after `day`.
    package func nitnemDay(after day: NitnemDay) -> NitnemDay { nitnemDay(day.nextKey, start: day.interval.end) }

    /// The Nitnem day `key`, known to start at `start`.
    func nitnemDay(_ key: CivilDate, start: Date) -> NitnemDay {
        let next = nextDay(after: key)
        return NitnemDay(key: key, start: start, nextKey: next.key, end: next.start, calendar: self)
    }

    // MARK: Bands

    /// The four bands of the Nitnem day `key`, in order, each with its half-open interval.
    package func bands(of key: CivilDate) -> [(band: Band, interval: DateInterval)] {
        let day = nitnemDay(key)
        return Band.allCases.map { ($0, day.interval(of: $0)) }
    }

    /// The band containing `instant`, with the interval of that band.
    package func band(containing instant: Date) -> (band: Band, interval: DateInterval) {
        let day = nitnemDay(containing: instant)
        let band = day.band(at: instant)
        return (band, day.interval(of: band))
    }

    /// The band at `instant`.
    package func band(at instant: Date) -> Band { nitnemDay(containing: instant).band(at: instant) }

    // MARK: Fixed points and reminders

    /// The next `count` fixed points (band starts) strictly after `instant`, in time order.
    package func nextFixedPoints(after instant: Date, count: Int = 4) -> [FixedPoint] {
        nextFixedPoints(after: instant, count: count, from: nitnemDay(containing: instant))
    }

    /// The next `count` fixed points strictly after `instant`, looking from `day` (the day
    /// containing `instant`, or one before it) on.
    package func nextFixedPoints(after instant: Date, count: Int, from day: NitnemDay) -> [FixedPoint] {
        guard count > 0 else { return [] }
        var result: [FixedPoint] = []
        result.reserveCapacity(count)
        var day = day
        while true {
            for point in day.fixedPoints where point.at > instant {
                result.append(point)
                if result.count == count { return result }
            }
            day = nitnemDay(after: day)
        }
    }

    /// When each enabled slot of `slots` falls in the Nitnem day `key`, in time order.
    ///
    /// A slot in a DST gap falls at the first instant after the gap; a slot whose wall time
    /// happens twice falls at its first occurrence. A slot always lies inside its band: in the
    /// rare zone where a night slot after midnight falls into a gap that ends the Nitnem day, it
    /// falls at the last second of the night.
    package func reminders(on key: CivilDate, slots: ReminderSlots) -> [Reminder] {
        reminders(on: nitnemDay(key), slots: slots)
    }

    /// When each enabled slot of `slots` falls in `day`, in time order (as `reminders(on:slots:)`).
    package func reminders(on day: NitnemDay, slots: ReminderSlots) -> [Reminder] {
        reminders(on: day, enabled: slots.enabled)
    }

    /// When each of the `enabled` slots (`ReminderSlots.enabled`, worked out already) falls in `day`,
    /// in time order (as `reminders(on:slots:)`).
    package func reminders(on day: NitnemDay, enabled: [(band: Band, time: WallTime)]) -> [Reminder] {
        var result: [Reminder] = []
        result.reserveCapacity(enabled.count)
        for (band, time) in enabled {
            let date = band == .night && time < .dayRoll ? day.key.adding(days: 1) : day.key
            let interval = day.interval(of: band)
            var at = resolve(date, time)
            if at < interval.start { at = interval.start }
            if at >= interval.end { at = interval.end.addingTimeInterval(-1) }
            result.append(Reminder(band: band, at: at, dayKey: day.key))
        }
        return result.sorted { $0.at < $1.at }
    }

    /// When a per-bani reminder at wall time `time` falls in the Nitnem day `day` (`nitnem sets
    /// remind`): on the day's date, or on the next date for a time before 03:00 (the Nitnem day
    /// runs 03:00 → 03:00). As band slots: in a DST gap at the first instant after it, a repeated
    /// wall time at its first occurrence, and always inside the day (in the rare zone where a time
    /// after midnight falls into a gap that ends the day, at its last second).
    package func baniReminder(on day: NitnemDay, at time: WallTime) -> Date {
        let date = time < .dayRoll ? day.key.adding(days: 1) : day.key
        var at = resolve(date, time)
        if at < day.interval.start { at = day.interval.start }
        if at >= day.interval.end { at = day.interval.end.addingTimeInterval(-1) }
        return at
    }

    /// The next `count` reminder slots strictly after `instant`, in time order.
    package func nextReminders(after instant: Date, slots: ReminderSlots, count: Int = 3) -> [Reminder] {
        guard !slots.enabled.isEmpty else { return [] }
        var result: [Reminder] = []
        var day = nitnemDay(containing: instant)
        while result.count < count {
            result += reminders(on: day, slots: slots).filter { $0.at > instant }
            day = nitnemDay(after: day)
        }
        return Array(result.prefix(count))
    }

    // MARK: Helpers

    static func floorDiv(_ a: Int, _ b: Int) -> Int { Zone.floorDiv(a, b) }
}

/// A band start: the instants at which the widget timeline gets a new entry. Public, not package, to
/// be inlined in other modules (`CivilDate`).
public struct FixedPoint: Hashable, Sendable {
    /// The band that starts.
    package let band: Band
    /// When it starts.
    package let at: Date
    /// The Nitnem day it belongs to.
    package let dayKey: CivilDate
}

/// One reminder slot placed on the time line.
package struct Reminder: Hashable, Sendable {
    /// The band the reminder is for.
    package let band: Band
    /// When it is due.
    package let at: Date
    /// The Nitnem day it belongs to (a night slot after midnight belongs to the day before).
    package let dayKey: CivilDate
}
