// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The per-bani wake is kept (`BaniWakeMemo`) until it passes, the band ends, or the ledger, files,
/// config or zone change: each answer must be the one worked out afresh (a machine without the
/// memo), and a "Later" recorded or a reminder moved must reach the very next wake.
@Suite struct BaniWakeMemoTests {
    static let calendar = Fixture.calendar("UTC")
    static let sukhmaniAt11 = #"{"schema":1,"reminders":{"sukhmani":"11:00"}}"#

    /// The wake `machine` gives at `now`, and the one a machine without the memo works out.
    static func wakes(
        _ machine: inout ReminderMachine, at now: Date, files: GroupFiles, plan: inout DayPlan
    ) -> (kept: Date?, afresh: Date?) {
        let today = plan.days.day(containing: now)
        var fresh = machine
        fresh.baniWakeMemo = nil
        let afresh = fresh.baniWake(after: now, today: today, files: files, config: AgentConfig(), plan: plan)
        let kept = machine.baniWake(after: now, today: today, files: files, config: AgentConfig(), plan: plan)
        return (kept, afresh)
    }

    @Test func aLaterOrAMovedReminderReachesTheNextWake() throws {
        var files = try BaniReminderTests.files(BaniReminderTests.sukhmaniAt10)
        var plan = DayPlan(calendar: Self.calendar, slots: .defaults)
        var machine = ReminderMachine(ledger: ReminderLedger())
        func at(_ text: String) -> Date { Fixture.instant("2026-11-29T\(text):00Z") }
        var wake = Self.wakes(&machine, at: at("09:00"), files: files, plan: &plan)
        #expect(wake.kept == at("10:00") && wake.afresh == wake.kept)
        // Its slot passed, nothing recorded: tomorrow's.
        wake = Self.wakes(&machine, at: at("10:01"), files: files, plan: &plan)
        #expect(wake.kept == Fixture.instant("2026-11-30T10:00:00Z") && wake.afresh == wake.kept)
        // Asked again before that, nothing changed: the one kept.
        wake = Self.wakes(&machine, at: at("10:02"), files: files, plan: &plan)
        #expect(wake.kept == Fixture.instant("2026-11-30T10:00:00Z") && wake.afresh == wake.kept)
        // "Later" recorded: its end, at once.
        machine.ledger.record(
            ReminderLedger.Entry(
                dayKey: Fixture.day("2026-11-29"), band: .morning, subject: .bani("sukhmani"), at: at("10:03"),
                state: .snoozed(until: at("10:20"), ReminderLedger.Shown(bani: "sukhmani"))))
        wake = Self.wakes(&machine, at: at("10:04"), files: files, plan: &plan)
        #expect(wake.kept == at("10:20") && wake.afresh == wake.kept)
        // The reminder moved to 11:00 (the files read again: a new generation): 11:00, at once.
        files = try BaniReminderTests.files(Self.sukhmaniAt11)
        plan.forgetStates()
        wake = Self.wakes(&machine, at: at("10:05"), files: files, plan: &plan)
        #expect(wake.kept == at("11:00") && wake.afresh == wake.kept)
    }

    /// Two days, every ten minutes: each wake kept is the one worked out afresh, across a band's end
    /// and a "Later" that ends in the band.
    @Test func everyWakeKeptIsTheOneWorkedOutAfresh() throws {
        let files = try BaniReminderTests.files(BaniReminderTests.sukhmaniAt10)
        var plan = DayPlan(calendar: Self.calendar, slots: .defaults)
        var machine = ReminderMachine(ledger: ReminderLedger())
        let start = Fixture.instant("2026-11-29T00:00:00Z")
        for step in 0..<(2 * 24 * 6) {
            let now = start + TimeInterval(step * 600)
            if step == 63 {  // 10:30: a "Later" until 16:55 (in the band) is recorded.
                machine.ledger.record(
                    ReminderLedger.Entry(
                        dayKey: Fixture.day("2026-11-29"), band: .morning, subject: .bani("sukhmani"), at: now,
                        state: .snoozed(until: now + 6 * 3600 + 25 * 60, ReminderLedger.Shown(bani: "sukhmani"))))
            }
            let wake = Self.wakes(&machine, at: now, files: files, plan: &plan)
            #expect(wake.kept == wake.afresh, "\(now)")
        }
    }
}
