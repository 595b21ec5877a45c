// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// At a band start the writer moves its last timeline on by a fixed point instead of making it
/// anew: what it hands out is what a timeline made afresh says, across DST changes (and
/// Pacific/Apia's skipped date), and the files changing in between are seen at once.
@Suite struct TimelineAdvanceTests {
    /// The timeline a writer with nothing made yet makes at `now`.
    static func fresh(_ files: GroupFiles, at now: Date, calendar: NitnemCalendar) -> WidgetTimeline? {
        var writer = TimelineWriter()
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        let today = plan.days.day(containing: now)
        _ = writer.evaluate(now: now, today: today, files: files, config: AgentConfig(), plan: &plan)
        return writer.last
    }

    @Test(arguments: ["Europe/Helsinki", "Pacific/Apia", "UTC"])
    func aTimelineMovedOnIsTheOneMadeAfresh(_ id: String) {
        let calendar = ZoneFiles.calendar(id)
        let files = Fixture.files(Fixture.completed(["japji", "rehras/taksal"], on: "2011-12-29"))
        var writer = TimelineWriter()
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        let start = Fixture.instant(id == "Pacific/Apia" ? "2011-12-20T00:00:00Z" : "2026-03-20T00:00:00Z")
        var now = start
        var written = 0
        // Every band start for three weeks (a DST change in each zone but UTC), and wakes within a
        // band: the writer is asked at each, as the agent asks.
        while now < start + 21 * 86_400 {
            let today = plan.days.day(containing: now)
            let actions = writer.evaluate(now: now, today: today, files: files, config: AgentConfig(), plan: &plan)
            if !actions.isEmpty {
                written += 1
                #expect(writer.last == Self.fresh(files, at: now, calendar: calendar), "\(id) \(now)")
            }
            let next = calendar.nextFixedPoints(after: now, count: 1)[0].at
            now = next.timeIntervalSince(now) > 7_200 ? now + 3_600 : next
        }
        #expect(written >= 21 * 3, "\(id): a timeline at each band start")
    }

    /// The files changed between two band starts (the plan's generation moved): the next timeline
    /// shows them in every entry, not only in the one past the band boundary.
    @Test func theFilesChangingAreSeenInEveryEntry() {
        let calendar = ZoneFiles.calendar("UTC")
        var writer = TimelineWriter()
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        let start = Fixture.instant("2026-11-29T00:00:00Z")
        let points = calendar.nextFixedPoints(after: start, count: 2)
        func write(_ files: GroupFiles, at now: Date) {
            _ = writer.evaluate(
                now: now, today: plan.days.day(containing: now), files: files, config: AgentConfig(), plan: &plan)
        }
        write(Fixture.files(), at: points[0].at)
        let read = Fixture.files(Fixture.completed(["japji", "rehras/taksal", "kirtan_sohila"], on: "2026-11-29"))
        plan.forgetStates()
        write(read, at: points[1].at)
        let made = writer.last
        #expect(made == Self.fresh(read, at: points[1].at, calendar: calendar))
        #expect(made?.entries.contains { $0.state.dayKey.description == "2026-11-29" && $0.state.done == 0 } == false)
    }

    /// `advanced` asked for now's slot when it is not the passed point's (the writer never asks so:
    /// it moves on only when the points moved by one): the first entry is that slot's state, not
    /// the passed point's entry taken over.
    @Test func nowInAnotherSlotThanThePassedPointIsAskedFor() {
        let calendar = ZoneFiles.calendar("UTC")
        let files = Fixture.files(Fixture.completed(["japji"], on: "2026-11-29"))
        let start = Fixture.instant("2026-11-29T00:00:00Z")
        let today = calendar.nitnemDay(containing: start)
        let points = calendar.nextFixedPoints(after: start, count: WidgetTimeline.fixedPointsAhead + 2, from: today)
        var asked: [SlotKey] = []
        func state(_ slot: SlotKey) -> TodayState {
            asked.append(slot)
            return TodayState(
                snapshot: files.snapshot, progress: files.progress.banis, day: calendar.nitnemDay(slot.day),
                band: slot.band, calendar: calendar)
        }
        let timeline = WidgetTimeline(
            now: start, today: today, points: Array(points.prefix(WidgetTimeline.fixedPointsAhead + 1)), state: state)
        let passed = points[0]
        // A slot of the day after the passed point's, in another band.
        let other = SlotKey(day: passed.dayKey.dayAfter, band: passed.band == .night ? .morning : .night)
        asked = []
        let moved = timeline.advanced(
            now: passed.at, slot: other, passed: passed, point: points[WidgetTimeline.fixedPointsAhead],
            validUntil: points[WidgetTimeline.fixedPointsAhead + 1].at, journey: { _ in nil }, state: state)
        #expect(asked.first == other)
        #expect(moved.entries[0].state.dayKey == other.day && moved.entries[0].state.band == other.band)
        #expect(moved.entries[1...] == timeline.entries[2...] + [moved.entries.last!])
    }
}
