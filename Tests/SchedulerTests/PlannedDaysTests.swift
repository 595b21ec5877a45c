// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import TestSupport
import Testing

@testable import Scheduler

/// The core's planned days answer what the calendar answers when asked afresh: the day containing an
/// instant, its reminder slots, the next fixed points and the next slot, at every step across a
/// year of DST changes (and Pacific/Apia's skipped date), in zones read from the system's TZif files.
@Suite struct PlannedDaysTests {
    static let zones = ["Europe/Helsinki", "Australia/Lord_Howe", "America/Santiago", "Pacific/Apia"]

    @Test(arguments: zones)
    func plannedDaysAreTheCalendarsDays(_ id: String) throws {
        let slots = try ReminderSlots([
            .amritVela: WallTime(hour: 3, minute: 0)!, .evening: WallTime(hour: 18, minute: 0)!,
            .night: WallTime(hour: 2, minute: 30)!,
        ])
        let from = Fixture.instant(id == "Pacific/Apia" ? "2011-06-01T00:00:00Z" : "2026-01-01T00:00:00Z")
        let calendar = ZoneFiles.calendar(id)
        var planned = PlannedDays(calendar: calendar, slots: slots)
        var t = from
        // 97 minutes: a step that drifts across every band start and slot over the year.
        while t < from.addingTimeInterval(366 * 86_400) {
            let day = planned.day(containing: t)
            #expect(day.day == calendar.nitnemDay(containing: t), "\(id) \(t)")
            #expect(day.reminders == calendar.reminders(on: day.day.key, slots: slots), "\(id) \(t)")
            #expect(
                planned.nextFixedPoints(after: t, count: 5, from: day)
                    == calendar.nextFixedPoints(after: t, count: 5), "\(id) \(t)")
            #expect(
                planned.nextReminder(after: t, from: day)
                    == calendar.nextReminders(after: t, slots: slots, count: 1).first, "\(id) \(t)")
            t += 97 * 60
        }
    }

    /// The agent's next fixed point (`nextFixedPoint`, from the points worked out last while they
    /// hold) is the calendar's, asked at every step and between the timeline's asks for six, which
    /// move the points on at a band start.
    @Test(arguments: zones)
    func theNextFixedPointIsTheCalendars(_ id: String) throws {
        let slots = try ReminderSlots([.evening: WallTime(hour: 18, minute: 0)!])
        let from = Fixture.instant(id == "Pacific/Apia" ? "2011-06-01T00:00:00Z" : "2026-01-01T00:00:00Z")
        let calendar = ZoneFiles.calendar(id)
        var planned = PlannedDays(calendar: calendar, slots: slots)
        var t = from
        var step = 0
        // 41 minutes: several wakes per band, some at a band start's minute, across the year.
        while t < from.addingTimeInterval(366 * 86_400) {
            let day = planned.day(containing: t)
            if step % 5 == 0 { _ = planned.nextFixedPoints(after: t, count: 6, from: day) }
            #expect(
                planned.nextFixedPoint(after: t, from: day) == calendar.nextFixedPoints(after: t, count: 1)[0],
                "\(id) \(t)")
            t += 41 * 60
            step += 1
        }
    }
}
