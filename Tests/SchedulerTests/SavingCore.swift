import Foundation
import NitnemClockKit
import Scheduler

extension AgentCore {
    /// `handle(event)`, then the ledger save it asked for confirmed (`.ledgerSaved`), as the shell
    /// reports it: the step's actions with the pending reminder's show after its save.
    mutating func handleSaving(_ event: Event, now: Date) -> Step {
        var step = handle(event, now: now)
        guard awaitingSave != nil, step.actions.contains(where: { if case .saveLedger = $0 { true } else { false } })
        else { return step }
        let saved = handle(.ledgerSaved, now: now)
        step.actions += saved.actions
        step.nextWake = saved.nextWake
        return step
    }
}
