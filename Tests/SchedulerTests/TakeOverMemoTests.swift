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
    /// A machine with an empty ledger at noon UTC on 2026-11-29, asked to take over.
    struct Noon {
        var plan = DayPlan(calendar: Fixture.calendar("UTC"), slots: .defaults)
        var machine = ReminderMachine(ledger: ReminderLedger())
        let now = Fixture.instant("2026-11-29T12:00:00Z")
        let today: PlannedDays.Day

        init() { today = plan.days.day(containing: now) }

        mutating func takeOver() -> [AgentCore.Action] {
            machine.takeOver(now: now, today: today, files: nil, config: AgentConfig(), plan: &plan)
        }
    }

    @Test func anIDRecordedAfterALedgerWithNoneIsTakenOver() {
        var noon = Noon()
        #expect(noon.takeOver().isEmpty)
        // Asked again with the ledger unchanged: still nothing.
        #expect(noon.takeOver().isEmpty)
        // Today's Amrit Vela reminder, left on screen by an earlier agent as notification 7.
        noon.machine.ledger.record(
            ReminderLedger.Entry(
                dayKey: noon.today.day.key, band: .amritVela, subject: .band(.amritVela),
                at: Fixture.instant("2026-11-29T01:00:00Z"),
                state: .shown(ReminderLedger.Shown(bani: "japji"), .onScreen(serverID: 7))))
        let actions = noon.takeOver()
        #expect(actions.contains(.closeNotification(id: 7)))
        #expect(noon.machine.ledger.entries.allSatisfy { $0.state.serverID == nil })
        // Taken over once: nothing more.
        #expect(noon.takeOver().isEmpty)
    }

    /// The machine's own records (`record`, `forget`) keep "no id" known while they add none, and
    /// an id the machine records itself is taken over at the next wake. Fails if a record that names
    /// an id left "no id" standing.
    @Test func theMachinesOwnRecordsKeepItTrue() {
        var noon = Noon()
        let day = noon.today.day.key
        let shown = ReminderLedger.Shown(bani: "japji")
        func entry(_ band: Band, _ screen: ReminderLedger.Screen) -> ReminderLedger.Entry {
            ReminderLedger.Entry(
                dayKey: day, band: band, at: Fixture.instant("2026-11-29T01:00:00Z"),
                state: .shown(shown, screen))
        }
        #expect(noon.takeOver().isEmpty)
        noon.machine.record(entry(.amritVela, .off))
        noon.machine.forget(day, .band(.night))
        #expect(noon.machine.noServerIDsAt == noon.machine.ledgerRevision, "no id added: still known to name none")
        noon.machine.record(entry(.amritVela, .onScreen(serverID: 7)))
        #expect(noon.machine.noServerIDsAt != noon.machine.ledgerRevision)
        let actions = noon.takeOver()
        #expect(actions.contains(.closeNotification(id: 7)))
    }
}
