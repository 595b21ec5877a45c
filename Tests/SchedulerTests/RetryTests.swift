// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The back-off after failed reminder shows: per slot (day and band), never past the band.
@Suite struct RetryTests {
    static let cal = ZoneFiles.calendar("UTC")
    static func at(_ text: String) -> Date { Fixture.instant(text) }
    static let day = CivilDate("2026-11-29")!

    @Test func slotKeysAreDayAndBand() {
        let keys = Band.allCases.map { SlotKey(day: Self.day, band: $0) }
        #expect(Set(keys).count == 4)
        #expect(SlotKey(day: Self.day, band: .night) == SlotKey(day: CivilDate("2026-11-29")!, band: .night))
        #expect(SlotKey(day: Self.day, band: .night) != SlotKey(day: Self.day.adding(days: 1), band: .night))
        #expect(SlotKey(day: Self.day, band: .evening).description == "2026-11-29 evening")
    }

    @Test(arguments: [(1, 30.0), (2, 60), (3, 120), (4, 240), (5, 480), (6, 600), (12, 600)])
    func delays(_ failures: Int, _ seconds: TimeInterval) {
        #expect(Retry.delay(afterFailures: failures) == seconds)
    }

    @Test(arguments: Band.allCases)
    func backOffHoldsOnlyItsSlot(_ band: Band) {
        let slot = SlotKey(day: Self.day, band: band)
        let now = Self.at("2026-11-29T12:00:00Z")
        var retry = Retry.idle.failed(slot, at: now)
        #expect(retry == .backingOff(slot, failures: 1, until: now + 30))
        retry = retry.failed(slot, at: now + 30)
        #expect(retry == .backingOff(slot, failures: 2, until: now + 90))
        #expect(retry.holds(slot, at: now + 89))
        #expect(!retry.holds(slot, at: now + 90))
        #expect(retry.wake(after: now + 89) == now + 90)
        #expect(retry.wake(after: now + 90) == nil)
        // Another band, or the same band on another day, is not held and starts afresh.
        for other in [SlotKey(day: Self.day.adding(days: 1), band: band)]
            + Band.allCases.filter({ $0 != band }).map({ SlotKey(day: Self.day, band: $0) })
        {
            #expect(!retry.holds(other, at: now + 31))
            #expect(retry.entering(other) == .idle)
            #expect(retry.failed(other, at: now + 31) == .backingOff(other, failures: 1, until: now + 61))
        }
        #expect(retry.entering(slot) == retry)
        #expect(Retry.idle.wake(after: now) == nil && !Retry.idle.holds(slot, at: now))
    }

    struct BandCase: Sendable, CustomTestStringConvertible {
        let band: Band
        /// `end` is the next band's start: the back-off ends there.
        let slot, end, endDay: String
        var testDescription: String { "\(band)" }
    }

    @Test(arguments: [
        BandCase(band: .amritVela, slot: "2026-11-29T06:00:00Z", end: "2026-11-29T09:00:00Z", endDay: "2026-11-29"),
        BandCase(band: .morning, slot: "2026-11-29T10:00:00Z", end: "2026-11-29T17:00:00Z", endDay: "2026-11-29"),
        BandCase(band: .evening, slot: "2026-11-29T18:00:00Z", end: "2026-11-29T21:00:00Z", endDay: "2026-11-29"),
        BandCase(band: .night, slot: "2026-11-29T21:30:00Z", end: "2026-11-30T03:00:00Z", endDay: "2026-11-30"),
    ])
    func theCoreBacksOffPerBand(_ c: BandCase) throws {
        var config = AgentConfig()
        try config.slots.set(.morning, WallTime(hour: 10, minute: 0))
        var core = AgentCore(calendar: Self.cal, config: config)
        let files = Fixture.files()
        let slotAt = Self.at(c.slot)
        let key = SlotKey(day: Self.day, band: c.band)

        var notice = try #require(Fixture.fired(core.handleSaving(.start(.success(files)), now: slotAt)))
        #expect(notice.slot == key)
        var step = core.handle(.reminderShown(notice, error: .test("no server")), now: slotAt)
        #expect(core.retry == .backingOff(key, failures: 1, until: slotAt + 30))
        #expect(step.nextWake == slotAt + 30)
        #expect(Fixture.fired(core.handleSaving(.timer, now: slotAt + 29)) == nil)
        notice = try #require(Fixture.fired(core.handleSaving(.timer, now: slotAt + 30)))
        step = core.handle(.reminderShown(notice, error: .test("no server")), now: slotAt + 30)
        #expect(core.retry == .backingOff(key, failures: 2, until: slotAt + 90))
        #expect(step.nextWake == slotAt + 90)
        // Shown at last: the back-off is over, and a later failure counts from one again.
        notice = try #require(Fixture.fired(core.handleSaving(.timer, now: slotAt + 90)))
        _ = core.handle(.reminderShown(notice, error: nil), now: slotAt + 90)
        #expect(core.retry == .idle)
        #expect(core.ledger.entry(Self.day, c.band)?.outcome == .fired)

        // Failing until the band ends: the next band lets the back-off go, with no retry wake.
        var failing = AgentCore(calendar: Self.cal, config: config)
        notice = try #require(Fixture.fired(failing.handleSaving(.start(.success(files)), now: slotAt)))
        _ = failing.handle(.reminderShown(notice, error: .test("no server")), now: slotAt)
        let end = Self.at(c.end)
        let next = failing.handleSaving(.timer, now: end)
        #expect(failing.retry == .idle)
        #expect(next.nextWake > end)
        #expect(failing.ledger.entry(Self.day, c.band) == nil)
        #expect(Self.cal.dayKey(at: end) == CivilDate(c.endDay)!)
    }
}
