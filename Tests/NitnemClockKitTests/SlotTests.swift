// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

@testable import NitnemClockKit

@Suite struct SlotTests {
    @Test(arguments: try DSTSlot.all())
    func slotInstant(_ c: DSTSlot) throws {
        let cal = nitnemCalendar(c.zone)
        let slots = try ReminderSlots([c.band: WallTime(c.time)!])
        let reminders = cal.reminders(on: day(c.day), slots: slots)
        #expect(reminders.count == 1)
        #expect(reminders.first?.at == instant(c.expected))
        #expect(reminders.first?.dayKey == day(c.day))
        #expect(reminders.first.map { cal.dayKey(at: $0.at) } == day(c.day))
        #expect(reminders.first.map { cal.band(at: $0.at) } == c.band)
    }

    @Test(arguments: [
        (Band.amritVela, "02:59"), (.amritVela, "09:00"), (.morning, "08:59"), (.morning, "17:00"),
        (.evening, "16:59"), (.evening, "21:00"), (.night, "03:00"), (.night, "20:59"),
    ])
    func slotOutsideItsBandIsAnError(_ band: Band, _ time: String) {
        #expect(throws: SlotError(band: band, time: WallTime(time)!)) {
            try ReminderSlots([band: WallTime(time)!])
        }
    }

    @Test(arguments: [(Band.amritVela, "03:00"), (.amritVela, "08:59"), (.night, "21:00"), (.night, "02:59")])
    func slotInsideItsBand(_ band: Band, _ time: String) throws {
        let slots = try ReminderSlots([band: WallTime(time)!])
        #expect(slots.enabled.count == 1)
    }

    @Test func errorMessageNamesTheBandAndRange() {
        let error = SlotError(band: .evening, time: WallTime("22:00")!)
        #expect(error.description == "22:00 is outside the Evening band (17:00–20:59)")
    }

    @Test func nextRemindersAreInTimeOrderAndStrictlyAfter() {
        let cal = nitnemCalendar("UTC")
        let next = cal.nextReminders(after: instant("2026-11-29T18:00:00Z"), slots: .defaults)
        #expect(
            next.map(\.at) == [
                instant("2026-11-29T21:30:00Z"), instant("2026-11-30T06:00:00Z"), instant("2026-11-30T18:00:00Z"),
            ])
        #expect(next.map(\.band) == [.night, .amritVela, .evening])
        #expect(next.map(\.dayKey.description) == ["2026-11-29", "2026-11-30", "2026-11-30"])
    }

    @Test func nextFixedPointsAtABandStartSkipIt() {
        let cal = nitnemCalendar("UTC")
        let points = cal.nextFixedPoints(after: instant("2026-11-29T17:00:00Z"))
        #expect(points.map(\.band) == [.night, .amritVela, .morning, .evening])
        #expect(points.first?.at == instant("2026-11-29T21:00:00Z"))
    }
}
