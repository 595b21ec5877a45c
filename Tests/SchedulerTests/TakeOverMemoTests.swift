// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// `takeOver` remembers that the ledger names no notification id until the ledger changes
/// (`ReminderMachine.noServerIDsAt`): an id recorded after that must be taken over at the next wake.
@Suite struct TakeOverMemoTests {
    @Test func anIDRecordedAfterALedgerWithNoneIsTakenOver() {
        let calendar = Fixture.calendar("UTC")
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        var machine = ReminderMachine(ledger: ReminderLedger())
        let now = Fixture.instant("2026-11-29T12:00:00Z")
        let today = plan.days.day(containing: now)
        #expect(machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan).isEmpty)
        // Asked again with the ledger unchanged: still nothing.
        #expect(machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan).isEmpty)
        // Today's Amrit Vela reminder, left on screen by an earlier agent as notification 7.
        machine.ledger.record(
            ReminderLedger.Entry(
                dayKey: today.day.key, band: .amritVela, subject: .band(.amritVela),
                at: Fixture.instant("2026-11-29T01:00:00Z"),
                state: .shown(ReminderLedger.Shown(bani: "japji"), .onScreen(serverID: 7))))
        let actions = machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan)
        #expect(actions.contains(.closeNotification(id: 7)))
        #expect(machine.ledger.entries.allSatisfy { $0.state.serverID == nil })
        // Taken over once: nothing more.
        #expect(machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan).isEmpty)
    }

    /// The machine's own records (`record`, `forget`) keep "no id" known while they add none, and
    /// an id the machine records itself is taken over at the next wake. Fails if a record that names
    /// an id left "no id" standing.
    @Test func theMachinesOwnRecordsKeepItTrue() {
        let calendar = Fixture.calendar("UTC")
        var plan = DayPlan(calendar: calendar, slots: .defaults)
        var machine = ReminderMachine(ledger: ReminderLedger())
        let now = Fixture.instant("2026-11-29T12:00:00Z")
        let today = plan.days.day(containing: now)
        let shown = ReminderLedger.Shown(bani: "japji")
        func entry(_ band: Band, _ screen: ReminderLedger.Screen) -> ReminderLedger.Entry {
            ReminderLedger.Entry(
                dayKey: today.day.key, band: band, at: Fixture.instant("2026-11-29T01:00:00Z"),
                state: .shown(shown, screen))
        }
        #expect(machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan).isEmpty)
        machine.record(entry(.amritVela, .off))
        machine.forget(today.day.key, .band(.night))
        #expect(machine.noServerIDsAt == machine.ledgerRevision, "no id added: still known to name none")
        machine.record(entry(.amritVela, .onScreen(serverID: 7)))
        #expect(machine.noServerIDsAt != machine.ledgerRevision)
        let actions = machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan)
        #expect(actions.contains(.closeNotification(id: 7)))
    }
}
