// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler

extension AgentCore {
    /// `handle(event)` through the `CoreDriver`, with every ledger save that a pending reminder waits
    /// for confirmed (`.ledgerSaved`), as the shell reports it: all the actions, in order (the pending
    /// reminder's show after its save), and the last step's wake. Nothing is shown.
    mutating func handleSaving(_ event: Event, now: Date) -> Step {
        var actions: [Action] = []
        var step = CoreDriver.run(
            &self, [event], now: { now },
            perform: { action, core in
                actions.append(action)
                if case .saveLedger = action, core.awaitingSave != nil { return [.ledgerSaved] }
                return []
            })
        step.actions = actions
        return step
    }
}

extension ReportedFailure {
    /// A failure said as `message` (its code too, so two messages are two problems).
    static func test(_ message: String) -> ReportedFailure {
        ReportedFailure(subject: "test", code: message, message: message)
    }
}
