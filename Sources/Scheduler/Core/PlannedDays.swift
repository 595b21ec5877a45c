// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The Nitnem days the core is working in (today, and the days it looked ahead to), each with its
/// reminder slots: resolved in the zone once per day, not at every wake.
///
/// - Important: For one calendar and one set of slots; when either changes, the core makes a new one.
struct PlannedDays {
    /// A Nitnem day and when its reminder slots fall: a reference, as every wake hands today around
    /// (a copy was the day's eleven words and its slots retained).
    final class Day: Sendable {
        /// The day.
        let day: NitnemDay
        /// `NitnemCalendar.reminders(on:slots:)` of the day, in time order.
        let reminders: [Reminder]
        /// The day's fixed points (`NitnemDay.fixedPoints`), worked out once: asked at every band start.
        let fixedPoints: [FixedPoint]

        init(day: NitnemDay, reminders: [Reminder]) {
            self.day = day
            self.reminders = reminders
            fixedPoints = day.fixedPoints
        }
    }

    /// The calendar the days are resolved in.
    let calendar: NitnemCalendar
    /// The slots the reminders are placed by.
    let slots: ReminderSlots
    /// `slots.enabled`, taken once: each is a dictionary lookup per band.
    private let enabled: [(band: Band, time: WallTime)]
    /// The days asked about lately, at most `kept`.
    private var days: [Day] = []
    /// The fixed points last worked out: from which day, after which instant.
    private var ahead: (day: CivilDate, after: Date, points: [FixedPoint])?
    /// How many days are kept: today and the day or two looked ahead to.
    private static let kept = 3

    /// No day planned yet, in `calendar` with `slots`.
    init(calendar: NitnemCalendar, slots: ReminderSlots) {
        self.calendar = calendar
        self.slots = slots
        enabled = slots.enabled
    }

    /// The day containing `now` (`NitnemCalendar.nitnemDay(containing:)`).
    mutating func day(containing now: Date) -> Day {
        if let known = days.first(where: { $0.day.interval.start <= now && now < $0.day.interval.end }) {
            return known
        }
        return plan(calendar.nitnemDay(containing: now))
    }

    /// The day after `day` (`NitnemCalendar.nitnemDay(after:)`).
    mutating func day(after day: Day) -> Day {
        if let known = planned(after: day) { return known }
        return plan(calendar.nitnemDay(after: day.day))
    }

    /// The day after `day` when it was planned already (a wake that may not plan one asks).
    func planned(after day: Day) -> Day? { days.first { $0.day.key == day.day.nextKey } }

    /// The next `count` fixed points strictly after `now`, looking from `day` on
    /// (`NitnemCalendar.nextFixedPoints`).
    mutating func nextFixedPoints(after now: Date, count: Int, from day: Day) -> [FixedPoint] {
        guard count > 0 else { return [] }
        if let ahead, aheadHold(after: now, from: day), count <= ahead.points.count {
            return count == ahead.points.count ? ahead.points : Array(ahead.points.prefix(count))
        }
        // Past the first of them but not the second (a band start): the rest still come next, in
        // order, and one more after the last is all that is new.
        if let ahead, ahead.points.count >= 2, count <= ahead.points.count, ahead.points[0].at <= now,
            now < ahead.points[1].at, day.day.key == ahead.day || day.day.key == ahead.points[0].dayKey,
            let last = ahead.points.last, let lastDay = days.first(where: { $0.day.key == last.dayKey })
        {
            var points: [FixedPoint] = []
            points.reserveCapacity(ahead.points.count)
            points += ahead.points[1...]
            fixedPoints(after: last.at, count: ahead.points.count, from: lastDay, into: &points)
            self.ahead = (day.day.key, now, points)
            return count == points.count ? points : Array(points.prefix(count))
        }
        var points: [FixedPoint] = []
        let total = max(count, Self.pointsAhead)
        points.reserveCapacity(total)
        fixedPoints(after: now, count: total, from: day, into: &points)
        ahead = (day.day.key, now, points)
        return count == points.count ? points : Array(points.prefix(count))
    }

    /// The next fixed point strictly after `now`, looking from `day` on: `nextFixedPoints`' first,
    /// without an array made for it while the points worked out last hold (the agent's every wake).
    mutating func nextFixedPoint(after now: Date, from day: Day) -> FixedPoint {
        if let ahead, aheadHold(after: now, from: day) { return ahead.points[0] }
        return nextFixedPoints(after: now, count: 1, from: day)[0]
    }

    /// Whether the points worked out last are still the next ones after `now` from `day`: the points
    /// after any instant before the first of them are the same, so they hold until it passes.
    private func aheadHold(after now: Date, from day: Day) -> Bool {
        guard let ahead, let first = ahead.points.first else { return false }
        return ahead.day == day.day.key && ahead.after <= now && now < first.at
    }

    /// How many fixed points are worked out at once: the widget timeline's (`WidgetTimeline`).
    private static let pointsAhead = 5

    /// `nextFixedPoints(after:count:from:)`, worked out: the fixed points after `now` appended to
    /// `points` until it holds `count`.
    private mutating func fixedPoints(after now: Date, count: Int, from day: Day, into points: inout [FixedPoint]) {
        guard points.count < count else { return }
        var day = day
        while true {
            for point in day.fixedPoints where point.at > now {
                points.append(point)
                if points.count == count { return }
            }
            day = self.day(after: day)
        }
    }

    /// The first reminder slot strictly after `now`, looking from `day` on (the first of
    /// `NitnemCalendar.nextReminders`); `nil` when every slot is off.
    mutating func nextReminder(after now: Date, from day: Day) -> Reminder? {
        guard !day.reminders.isEmpty else { return nil }
        var day = day
        while true {
            if let slot = day.reminders.first(where: { $0.at > now }) { return slot }
            day = self.day(after: day)
        }
    }

    private mutating func plan(_ day: NitnemDay) -> Day {
        let planned = Day(day: day, reminders: calendar.reminders(on: day, enabled: enabled))
        if days.count >= Self.kept { days.removeFirst() }
        days.append(planned)
        return planned
    }
}
