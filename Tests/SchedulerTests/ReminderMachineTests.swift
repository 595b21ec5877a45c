// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The reminder machine's handshake: recorded pending and saved, shown once saved, recorded fired
/// once shown; a failed save or show is retried while the band lasts.
@Suite struct ReminderMachineTests {
    static let cal = ZoneFiles.calendar("UTC")
    static let slot = Fixture.instant("2026-11-29T18:00:00Z")
    static let day = CivilDate("2026-11-29")!

    static func due(_ machine: inout ReminderMachine, at now: Date) -> [AgentCore.Action] {
        var plan = DayPlan(calendar: cal, slots: .defaults)
        let today = plan.days.day(containing: now)
        return machine.due(now: now, today: today, files: TimelineWriterTests.files, config: AgentConfig(), plan: &plan)
    }

    static func names(_ actions: [AgentCore.Action]) -> [String] {
        actions.map {
            switch $0 {
            case .saveLedger: "save"
            case .reminder(.fire): "fire"
            case .reminder(.skip): "skip"
            case .log(let event): "\(event.level)"
            default: "other"
            }
        }
    }

    @Test func saveThenShowThenRecordFired() throws {
        var machine = ReminderMachine(ledger: ReminderLedger())
        var problems = ProblemLog()
        let r5 = Self.due(&machine, at: Self.slot - 1).isEmpty
        #expect(r5, "before the slot")
        let r6 = Self.due(&machine, at: Self.slot)
        #expect(Self.names(r6) == ["save"])
        #expect(machine.ledger.entry(Self.day, .evening)?.outcome == .pending)
        let r7 = Self.due(&machine, at: Self.slot + 1).isEmpty
        #expect(r7, "decided once")
        let fired = machine.saved(problems: &problems)
        guard case .reminder(.fire(let notice))? = fired.first else { Issue.record("not fired: \(fired)"); return }
        let r8 = machine.saved(problems: &problems).isEmpty
        #expect(r8, "shown once")
        #expect(
            Self.names(machine.shown(notice, failure: nil, now: Self.slot, problems: &problems)) == ["info", "save"])
        #expect(machine.ledger.entry(Self.day, .evening)?.outcome == .fired)
        #expect(machine.onScreen == notice)
    }

    /// (what fails, the log lines said)
    @Test(arguments: ["save", "show"])
    func aFailureForgetsTheEntryAndRetries(_ failing: String) throws {
        var machine = ReminderMachine(ledger: ReminderLedger())
        var problems = ProblemLog()
        _ = Self.due(&machine, at: Self.slot)
        let failure = ReportedFailure(subject: "x", code: "noServer", message: "no server")
        if failing == "save" {
            let r9 = machine.saveFailed(failure, now: Self.slot, problems: &problems)
            #expect(Self.names(r9) == ["error"])
        } else {
            guard case .reminder(.fire(let notice))? = machine.saved(problems: &problems).first else {
                Issue.record("not fired")
                return
            }
            #expect(
                Self.names(machine.shown(notice, failure: failure, now: Self.slot, problems: &problems)) == [
                    "warning", "save",
                ])
        }
        #expect(machine.ledger.entry(Self.day, .evening) == nil)
        #expect(
            machine.retry == .backingOff(SlotKey(day: Self.day, band: .evening), failures: 1, until: Self.slot + 30))
        let r10 = Self.due(&machine, at: Self.slot + 29).isEmpty
        #expect(r10, "held back")
        let r11 = Self.due(&machine, at: Self.slot + 30)
        #expect(Self.names(r11) == ["save"], "tried again")
    }
}
