// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The month a widget shows (`Journey.display`, the `journey` of every `display`): worded in Swift,
/// each day with the name a screen reader says, and a timeline that changes with a past day's mark.
@Suite struct JourneyDisplayTests {
    static let progress = JourneyTests.progress(
        complete: ["2026-11-26", "2026-11-27", "2026-11-28"], partial: ["2026-11-29": 3, "2026-11-20": 1])

    @Test func eachDayHasItsMarkStateAndName() throws {
        let j = Journey(
            monthOf: CivilDate("2026-11-29")!, snapshot: EmbeddedRegistry.snapshot, progress: Self.progress,
            calendar: JourneyTests.zone)
        let d = j.display(.english)
        func member(_ name: String) -> JSONValue? { d[name] }
        #expect(member("title") == .string("November 2026"))
        #expect(member("streaks") == .string("Current streak 3 · longest 3"))
        // 2026-11-01 is a Sunday: six blank cells before it, Monday first.
        #expect(member("offset") == .int(6))
        #expect(member("weekdays") == .array(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map { .string($0) }))
        guard case .array(let days)? = member("days") else {
            Issue.record("no days")
            return
        }
        #expect(days.count == 30)
        func day(_ n: Int) -> JSONValue { days[n - 1] }
        #expect(day(1)["name"] == .string("1 November: none of 7 read"))
        #expect(day(1)["mark"] == .string("·"))
        #expect(day(20)["name"] == .string("20 November: 1 of 7 read"))
        #expect(day(20)["state"] == .string("partial"))
        #expect(day(28)["name"] == .string("28 November: complete, 7 of 7"))
        #expect(day(28)["mark"] == .string("✓"))
        #expect(day(29)["name"] == .string("29 November: today, 3 of 7 read, in progress"))
        #expect(day(29)["today"] == .bool(true))
        #expect(day(29)["mark"] == .string("…"))
        #expect(day(30)["name"] == .string("30 November: to come"))
        #expect(day(30)["state"] == .string("future"))
        #expect(day(30)["mark"] == .string(""))
    }

    @Test func aMarkOnAPastDayChangesTheTimeline() {
        let cal = ZoneFiles.calendar("UTC")
        let now = Fixture.instant("2026-11-29T10:00:00Z")
        let before = WidgetTimeline(
            snapshot: EmbeddedRegistry.snapshot, progress: Self.progress, now: now, calendar: cal)
        var marked = Self.progress
        for id in EmbeddedRegistry.snapshot.dailyIDs { marked[id]?.completedDays.insert(CivilDate("2026-11-20")!) }
        let after = WidgetTimeline(snapshot: EmbeddedRegistry.snapshot, progress: marked, now: now, calendar: cal)
        // Today is the same; the month is not.
        #expect(before.entries[0].state == after.entries[0].state)
        #expect(!after.saysSame(as: before))
        #expect(after.saysSame(as: after))
    }
}
