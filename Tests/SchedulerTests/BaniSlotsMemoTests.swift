// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The agent's kept bani slots (`BaniSlotsMemo`): what it hands out is what `ReminderRules.baniSlots`
/// says for the files, day and zone asked about, whichever it kept, as long as the plan forgets its
/// states whenever the files or zone change (as the core does).
@Suite struct BaniSlotsMemoTests {
    static let practice =
        #"{"schema":1,"practices":[{"bani":"sukhmani","from":"2026-11-27","days":3,"remind":"19:00"}]}"#
    static let reminder = #"{"schema":1,"reminders":{"sukhmani":"10:00"}}"#

    static func times(_ slots: [ReminderRules.BaniSlot]) -> [String] {
        slots.map { "\($0.bani.id) \($0.time) \($0.practice.map { "\($0.day)/\($0.days)" } ?? "-")" }
    }

    @Test func itAnswersForTheFilesDayAndZoneAskedAbout() throws {
        let utc = Fixture.calendar("UTC")
        let kolkata = Fixture.calendar("Asia/Kolkata")
        let practice = try BaniReminderTests.files(Self.practice)
        let reminder = try BaniReminderTests.files(Self.reminder)
        let today = utc.nitnemDay(Fixture.day("2026-11-29"))
        let tomorrow = utc.nitnemDay(after: today)
        var plan = DayPlan(calendar: utc, slots: AgentConfig().slots)
        var memo = BaniSlotsMemo()
        let kept = memo.remember(on: today, files: practice, plan: plan)
        #expect(Self.times(kept) == ["sukhmani 19:00 3/3"])
        #expect(memo.slots(on: today, files: practice, plan: plan) == kept)
        // Another day (the practice's last was the 29th): worked out again.
        #expect(memo.slots(on: tomorrow, files: practice, plan: plan).isEmpty)
        // Other files, then another zone: the plan forgot what it worked out, and so does the memo.
        plan.forgetStates()
        #expect(Self.times(memo.slots(on: today, files: reminder, plan: plan)) == ["sukhmani 10:00 -"])
        #expect(Self.times(memo.remember(on: today, files: reminder, plan: plan)) == ["sukhmani 10:00 -"])
        plan.use(kolkata)
        let inKolkata = memo.slots(on: kolkata.nitnemDay(Fixture.day("2026-11-29")), files: practice, plan: plan)
        #expect(inKolkata.map(\.at) == [Fixture.instant("2026-11-29T13:30:00Z")])
        // Read on the 29th: the practice is complete, and no longer reminds.
        plan.use(utc)
        let days: Set = [Fixture.day("2026-11-27"), Fixture.day("2026-11-28"), Fixture.day("2026-11-29")]
        let read = try BaniReminderTests.files(Self.practice, progress: ["sukhmani": BaniProgress(completedDays: days)])
        #expect(memo.slots(on: today, files: read, plan: plan).isEmpty)
        #expect(memo.remember(on: today, files: read, plan: plan).isEmpty)
        // The files read again as they were: kept for them alone, not for the plan's former files.
        plan.forgetStates()
        #expect(memo.slots(on: today, files: practice, plan: plan) == kept)
    }

    /// Each full evaluation keeps tomorrow's slots for the plan's generation: found kept by
    /// tomorrow's key, or worked out, also where a zone skipped a date (Apia, 30 December 2011).
    /// Fails if a day kept for the former files (another generation) passed for kept.
    @Test(arguments: [("UTC", "2026-11-29"), ("Pacific/Apia", "2011-12-29")])
    func eachEvaluationKeepsTomorrowsForTheFilesInUse(_ zone: String, _ date: String) throws {
        let calendar = Fixture.calendar(zone)
        let files = try BaniReminderTests.files(Self.reminder)
        let moved = try BaniReminderTests.files(#"{"schema":1,"reminders":{"sukhmani":"11:00"}}"#)
        var plan = DayPlan(calendar: calendar, slots: AgentConfig().slots)
        var machine = ReminderMachine(ledger: ReminderLedger())
        let today = plan.days.day(containing: calendar.nitnemDay(Fixture.day(date)).interval.start + 3600)
        let tomorrow = calendar.nitnemDay(after: today.day)
        let now = today.day.interval.start + 3600
        _ = machine.due(now: now, today: today, files: files, config: AgentConfig(), plan: &plan)
        #expect(Self.times(try #require(machine.baniSlots.kept(on: tomorrow, plan: plan))) == ["sukhmani 10:00 -"])
        plan.forgetStates()
        _ = machine.due(now: now + 60, today: today, files: moved, config: AgentConfig(), plan: &plan)
        #expect(Self.times(try #require(machine.baniSlots.kept(on: tomorrow, plan: plan))) == ["sukhmani 11:00 -"])
    }

    /// A practice without a time of its own reminds at its bani's daily set's time, the sets read
    /// from the ids the plan worked out for the files: files whose sets put the bani in another
    /// set give that set's time. Fails if the plan's ids outlive the files they were worked out for.
    @Test func aPracticesSetTimeFollowsTheFilesSets() throws {
        let utc = Fixture.calendar("UTC")
        let untimed = #"{"schema":1,"practices":[{"bani":"sukhmani","from":"2026-11-27","days":3}]}"#
        let inMorning =
            #"{"schema":1,"sets":{"morning":["japji","sukhmani"]},"#
            + #""practices":[{"bani":"sukhmani","from":"2026-11-27","days":3}]}"#
        let noSet = try BaniReminderTests.files(untimed)
        let morning = try BaniReminderTests.files(inMorning)
        let today = utc.nitnemDay(Fixture.day("2026-11-29"))
        var plan = DayPlan(calendar: utc, slots: AgentConfig().slots)
        var memo = BaniSlotsMemo()
        // The plan's sets worked out (a state), as the core's timeline does first.
        _ = plan.state(SlotKey(day: today.key, band: .morning), files: noSet)
        #expect(Self.times(memo.remember(on: today, files: noSet, plan: plan)) == ["sukhmani 20:00 3/3"])
        plan.forgetStates()
        _ = plan.state(SlotKey(day: today.key, band: .morning), files: morning)
        #expect(Self.times(memo.remember(on: today, files: morning, plan: plan)) == ["sukhmani 16:00 3/3"])
        #expect(
            Self.times(ReminderRules.baniSlots(on: today, files: morning, calendar: utc))
                == ["sukhmani 16:00 3/3"])
    }
}
