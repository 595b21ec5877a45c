// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The core's states are made from each band's order, worked out once for the files it has
/// (`DayPlan`, `BandOrder`): each must be the state worked out alone, and a change of the files
/// (the sets, the reads) must reach every later day.
@Suite struct DayPlanStateTests {
    static let first = Fixture.day("2026-03-01")

    /// Reads on some days, and a position saved mid-bani on one (a resume, asked of the day's
    /// interval only near it).
    static func progress(_ ids: [String], every: Int, resumeOn day: String) -> [String: BaniProgress] {
        var banis: [String: BaniProgress] = [:]
        for (i, id) in ids.enumerated() {
            let days = (0..<60).filter { ($0 + i) % every == 0 }.map { first.adding(days: $0) }
            banis[id] = BaniProgress(completedDays: Set(days))
        }
        let resumed = ids[1]
        banis[resumed] = BaniProgress(
            lastSeq: 12, lastReadAt: Fixture.instant("\(day)T10:00:00Z"),
            completedDays: banis[resumed]?.completedDays ?? [])
        return banis
    }

    /// `days` days from `first` through a new plan in `calendar`: `before`'s files, then from day
    /// `days / 2` on `after`'s, the plan told they changed (as the agent tells it); `check` asked of
    /// each day with the plan and the files of the time.
    static func walk(
        _ days: Int, calendar: NitnemCalendar, before: GroupFiles, after: GroupFiles,
        _ check: (inout DayPlan, GroupFiles, CivilDate) -> Void
    ) {
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        var files = before
        for offset in 0..<days {
            if offset == days / 2 {
                files = after
                plan.forgetStates()
            }
            check(&plan, files, first.adding(days: offset))
        }
    }

    /// The files with the evening set in another order and without one of its banis.
    static func changedSets(_ files: GroupFiles) -> GroupFiles {
        var files = files
        let evening = files.snapshot.sets["evening"] ?? []
        files.snapshot.sets["evening"] = Array(evening.reversed().dropLast())
        return files
    }

    static func reference(_ files: GroupFiles, _ slot: SlotKey, _ calendar: NitnemCalendar) -> TodayState {
        TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, day: calendar.nitnemDay(slot.day),
            band: slot.band, calendar: calendar)
    }

    /// Sixty days of every band, the files changed (sets and reads) halfway: each state is the one
    /// worked out alone from the files of its time. Fails if a band's order (or a state) outlived
    /// the files it was made from.
    @Test(arguments: ["Asia/Kolkata", "Pacific/Apia", "America/Santiago"])
    func eachStateIsTheOneWorkedOutAloneAcrossAChange(_ zone: String) {
        let calendar = Fixture.calendar(zone)
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        let before = Fixture.files(Self.progress(ids, every: 3, resumeOn: "2026-03-10"))
        let after = Self.changedSets(Fixture.files(Self.progress(ids, every: 2, resumeOn: "2026-04-12")))
        #expect(before.snapshot.ids(in: .evening) != after.snapshot.ids(in: .evening))
        Self.walk(60, calendar: calendar, before: before, after: after) { plan, files, day in
            for band in Band.allCases {
                let slot = SlotKey(day: day, band: band)
                let state = plan.state(slot, files: files)
                #expect(state == Self.reference(files, slot, calendar), "\(zone) \(day) \(band)")
                // Asked again: the one kept.
                #expect(plan.state(slot, files: files) == state)
            }
        }
    }

    /// The core through two months, the snapshot's sets and the reads changed on disk mid-way:
    /// every timeline it writes shows what one made afresh from the files of the time shows.
    @Test func aFileChangedMidwayReachesEveryLaterTimeline() {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        let before = Fixture.files(Self.progress(ids, every: 3, resumeOn: "2026-03-10"))
        let after = Self.changedSets(Fixture.files(Self.progress(ids, every: 2, resumeOn: "2026-04-12")))
        let change = Fixture.instant("2026-03-31T12:34:00Z")
        let end = Fixture.instant("2026-05-01T00:00:00Z")
        var core = AgentCore(calendar: calendar, config: Fixture.timelineOnly)
        var now = Fixture.instant("2026-03-01T00:00:00Z")
        var files = before
        var written = 0
        var changed = false
        func drive(_ events: [AgentCore.Event]) -> Date {
            let at = now
            let step = CoreDriver.run(
                &core, events, now: { at },
                perform: { action, _ in
                    if case .writeTimeline(let timeline) = action {
                        written += 1
                        let fresh = WidgetTimeline(
                            snapshot: files.snapshot, progress: files.progress.banis, now: at, calendar: calendar)
                        #expect(timeline.entries == fresh.entries, "\(at)")
                    }
                    return []
                })
            return step.nextWake
        }
        var wake = drive([.start(.success(files))])
        while wake < end {
            if !changed, change <= wake {
                now = change
                files = after
                changed = true
                wake = drive([.filesRead(.success(files))])
                continue
            }
            now = wake
            wake = drive([.timer])
        }
        #expect(changed)
        // A band start each: about four a day for two months, and the change.
        #expect(written > 200)
    }

    /// Most days read nothing (or what the day before read), some read a bani or leave one
    /// mid-way, and two practices run: each state is still the one worked out alone. A state is
    /// made from the same band's last one when their days' reads are the same; fails if it is
    /// taken whatever the reads (tried).
    @Test(arguments: ["Asia/Kolkata", "Pacific/Apia", "Europe/Helsinki"])
    func aDayLikeTheOneBeforeIsStillItsOwn(_ zone: String) {
        let calendar = Fixture.calendar(zone)
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        var banis: [String: BaniProgress] = [:]
        // Days 10 to 12 read the same bani, day 20 another, day 21 the first mid-way.
        banis[ids[0]] = BaniProgress(completedDays: Set((10...12).map { Self.first.adding(days: $0) }))
        banis[ids[2]] = BaniProgress(completedDays: [Self.first.adding(days: 20)])
        banis[ids[1]] = BaniProgress(lastSeq: 7, lastReadAt: Fixture.instant("2026-03-22T10:00:00Z"))
        banis["sukhmani"] = BaniProgress(completedDays: [Self.first.adding(days: 6), Self.first.adding(days: 7)])
        var files = Fixture.files(banis)
        files.snapshot.practices = [
            Practice(bani: "sukhmani", from: Self.first.adding(days: 5), days: 9),
            Practice(bani: ids[3], from: Self.first.adding(days: 15), days: 3),
        ]
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        for offset in 0..<30 {
            let day = Self.first.adding(days: offset)
            for band in Band.allCases {
                let slot = SlotKey(day: day, band: band)
                let state = plan.state(slot, files: files)
                #expect(state == Self.reference(files, slot, calendar), "\(zone) \(day) \(band)")
            }
        }
    }

    /// A day's reads told from the days the band's banis were read in (`TodayState.readSpan`) are
    /// the ones asked of each record: on the first and last days read, just outside them and
    /// between. Fails if the span leaves out its last day (tried).
    @Test func aDayOutsideTheDaysReadReadsNone() {
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        var banis: [String: BaniProgress] = [:]
        banis[ids[0]] = BaniProgress(completedDays: [Self.first.adding(days: 3)])
        banis[ids[1]] = BaniProgress(completedDays: [Self.first.adding(days: 5), Self.first.adding(days: 9)])
        banis["sukhmani"] = BaniProgress(completedDays: [Self.first.adding(days: 12)])
        let files = Fixture.files(banis)
        for band in Band.allCases {
            let order = BandOrder(snapshot: files.snapshot, band: band)
            let span = TodayState.readSpan(of: order, progress: banis)
            #expect(span == Self.first.adding(days: 3)..<Self.first.adding(days: 10))
            for offset in 0..<14 {
                let day = Self.first.adding(days: offset)
                #expect(
                    TodayState.reads(of: order, day: day, progress: banis, records: nil, span: span)
                        == TodayState.reads(of: order, day: day, progress: banis, records: nil), "\(band) \(day)")
            }
            #expect(TodayState.readSpan(of: order, progress: [:]).isEmpty)
        }
    }

    /// A practice across the date Pacific/Apia skipped, the plan's zone then changed to one that
    /// skipped none: each day's practices are counted in the zone of the time. Fails if the dates
    /// skipped near each practice (worked out once per files and zone) outlive the zone (tried).
    @Test func aPracticesSkippedDatesFollowTheZone() {
        let apia = Fixture.calendar("Pacific/Apia")
        let kolkata = Fixture.calendar("Asia/Kolkata")
        var files = Fixture.files()
        files.snapshot.practices = [Practice(bani: "sukhmani", from: Fixture.day("2011-12-25"), days: 10)]
        func fresh(_ day: CivilDate, _ calendar: NitnemCalendar) -> [PracticeProgress] {
            PracticeProgress.all(
                files.snapshot.practices, progress: files.progress.banis, today: day, calendar: calendar)
        }
        var plan = DayPlan(calendar: apia, slots: .defaults)
        let before = plan.practices(on: Fixture.day("2011-12-28"), files: files)
        #expect(before == fresh(Fixture.day("2011-12-28"), apia))
        plan.use(kolkata)
        let after = plan.practices(on: Fixture.day("2011-12-29"), files: files)
        #expect(after == fresh(Fixture.day("2011-12-29"), kolkata))
        #expect(before[0].lastDay != after[0].lastDay)
    }

    /// `walk`s 30 days from `before` to `after`: each day's journey is the one made afresh from the
    /// files of that day.
    static func expectJourneysMadeAfresh(
        calendar: NitnemCalendar, before: GroupFiles, after: GroupFiles,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        walk(30, calendar: calendar, before: before, after: after) { plan, files, day in
            let fresh = Journey(
                monthOf: day, snapshot: files.snapshot, progress: files.progress.banis, calendar: calendar)
            #expect(plan.journey(of: day, files: files) == fresh, "\(day)", sourceLocation: sourceLocation)
        }
    }

    /// Journeys asked day after day (or every few days) across three months, through runs of
    /// complete days, a day half read, a practice: each is the one made afresh. A day's is made
    /// from the last one in its month; fails if it is whenever a day since was complete, or when
    /// there was no first record up to the last one (both tried).
    @Test(arguments: [1, 3])
    func aJourneyMadeFromTheDayBeforesIsTheOneMadeAfresh(_ step: Int) {
        let calendar = Fixture.calendar("Europe/Helsinki")
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        func days(_ offsets: [Int]) -> Set<CivilDate> { Set(offsets.map { Self.first.adding(days: $0) }) }
        let complete = Array(3...8) + [12, 13] + Array(29...33) + [45]
        var banis: [String: BaniProgress] = [:]
        for (i, id) in ids.enumerated() {
            // The first record (day 1) is not a complete day.
            banis[id] = BaniProgress(
                completedDays: days(complete + (i.isMultiple(of: 2) ? [20, 50] : []) + (i == 0 ? [1] : [])))
        }
        banis["sukhmani"] = BaniProgress(completedDays: days([6, 7, 9, 31]))
        var files = Fixture.files(banis)
        files.snapshot.practices = [Practice(bani: "sukhmani", from: Self.first.adding(days: 5), days: 30)]
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        for offset in stride(from: -10, to: 80, by: step) {
            let day = Self.first.adding(days: offset)
            let fresh = Journey(monthOf: day, snapshot: files.snapshot, progress: banis, calendar: calendar)
            #expect(plan.journey(of: day, files: files) == fresh, "\(day)")
        }
    }

    /// The reads changed mid-month (days of the month before the change now read): each journey
    /// after the change is the one made afresh from the new files. Fails if the last journey
    /// outlives the files it was made from (tried).
    @Test func aJourneyIsNotMadeFromOneOfOtherFiles() {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        let progress = Self.progress(ids, every: 3, resumeOn: "2026-03-10")
        let before = Fixture.files(progress)
        // The first two weeks all read: no day since the change is complete.
        let after = Fixture.files(
            progress.mapValues { record in
                var record = record
                record.completedDays.formUnion((0..<14).map { Self.first.adding(days: $0) })
                return record
            })
        Self.expectJourneysMadeAfresh(calendar: calendar, before: before, after: after)
    }

    /// Reads added on disk mid-month after every day read before (a complete day among them): each
    /// journey after the change is the one made afresh. A journey made from the day before's skips
    /// the days outside those any record was read in; fails if that span outlives the files (tried).
    @Test func aJourneyFollowsDaysReadAfterAChange() {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        let before = Fixture.files([ids[0]: BaniProgress(completedDays: [Self.first.adding(days: 1)])])
        var banis = before.progress.banis
        for id in ids { banis[id, default: BaniProgress()].completedDays.insert(Self.first.adding(days: 20)) }
        banis[ids[0]]?.completedDays.insert(Self.first.adding(days: 22))
        let after = Fixture.files(banis)
        Self.expectJourneysMadeAfresh(calendar: calendar, before: before, after: after)
    }

    /// A daily bani's title changed mid-way, the order and the reads as they were: each state after
    /// it shows the new title. Fails if a band's last state outlives the files (tried).
    @Test func aStateIsNotMadeFromOneOfOtherFiles() {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        let before = Fixture.files()
        var after = before
        let i = after.snapshot.banis.firstIndex { $0.id == ids[0] }!
        after.snapshot.banis[i].titleEn = "Another title"
        Self.walk(6, calendar: calendar, before: before, after: after) { plan, files, day in
            for band in Band.allCases {
                let slot = SlotKey(day: day, band: band)
                let state = plan.state(slot, files: files)
                #expect(state == Self.reference(files, slot, calendar), "\(slot.day) \(band)")
            }
        }
    }
}
