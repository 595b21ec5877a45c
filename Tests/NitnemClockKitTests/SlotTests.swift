// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import NitnemClockKit

@Suite struct SlotTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zone, key: String
        let band: Band
        let time, expected: String
        var testDescription: String { "\(zone) \(key) \(band) \(time)" }
    }

    @Test(arguments: [
        // Defaults on ordinary days.
        Case(zone: "UTC", key: "2026-11-29", band: .amritVela, time: "06:00", expected: "2026-11-29T06:00:00Z"),
        Case(zone: "Asia/Kolkata", key: "2026-11-29", band: .night, time: "21:30", expected: "2026-11-29T16:00:00Z"),
        // A night slot after midnight belongs to the Nitnem day before.
        Case(zone: "UTC", key: "2026-11-29", band: .night, time: "00:30", expected: "2026-11-30T00:30:00Z"),
        // In a gap: the first instant after it (Santiago and Cairo have no midnight that day).
        Case(
            zone: "America/Santiago", key: "2026-09-05", band: .night, time: "00:30",
            expected: "2026-09-06T04:00:00Z"),
        Case(zone: "Africa/Cairo", key: "2026-04-23", band: .night, time: "00:15", expected: "2026-04-23T22:00:00Z"),
        Case(
            zone: "Australia/Lord_Howe", key: "2026-10-03", band: .night, time: "02:15",
            expected: "2026-10-03T15:30:00Z"),
        Case(
            zone: "Europe/Helsinki", key: "2026-03-29", band: .amritVela, time: "06:00",
            expected: "2026-03-29T03:00:00Z"),
        // Twice: the first occurrence (Santiago 23:00–23:59 on 04-04, New York 01:00–01:59 on 11-01).
        Case(
            zone: "America/Santiago", key: "2026-04-04", band: .night, time: "23:30",
            expected: "2026-04-05T02:30:00Z"),
        Case(
            zone: "America/New_York", key: "2026-10-31", band: .night, time: "01:30",
            expected: "2026-11-01T05:30:00Z"),
        Case(zone: "Africa/Cairo", key: "2026-10-29", band: .night, time: "23:30", expected: "2026-10-29T20:30:00Z"),
        Case(
            zone: "Australia/Lord_Howe", key: "2026-04-04", band: .night, time: "01:45",
            expected: "2026-04-04T14:45:00Z"),
        // New York: 02:30 does not exist and the gap ends the Nitnem day: the last second of the night.
        Case(
            zone: "America/New_York", key: "2026-03-07", band: .night, time: "02:30",
            expected: "2026-03-08T06:59:59Z"),
        // Apia: a night slot after midnight on the skipped date.
        Case(zone: "Pacific/Apia", key: "2011-12-29", band: .night, time: "01:00", expected: "2011-12-30T10:00:00Z"),
    ])
    func slotInstant(_ c: Case) throws {
        let cal = nitnemCalendar(c.zone)
        let slots = try ReminderSlots([c.band: WallTime(c.time)!])
        let reminders = cal.reminders(on: day(c.key), slots: slots)
        #expect(reminders.count == 1)
        #expect(reminders.first?.at == instant(c.expected))
        #expect(reminders.first?.dayKey == day(c.key))
        #expect(reminders.first.map { cal.dayKey(at: $0.at) } == day(c.key))
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
