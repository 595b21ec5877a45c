// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The one driver of the core, shared by the agent, `simulate` and the tests: hands events to the
/// core in order and has the shell perform each step's actions, which report what they did as
/// further events (the files read, a ledger saved, a reminder shown, a write that failed). So the
/// save → show → shown handshake is driven in one place.
package enum CoreDriver {
    /// The shell's side: performs `action` (the core as it is after the step, for its calendar)
    /// and returns the events it reports back, in order.
    package typealias Perform = (_ action: AgentCore.Action, _ core: AgentCore) -> [AgentCore.Event]

    /// Hands `events` to `core` (each at `now()`), performing every step's actions through
    /// `perform` and handling what they report, until nothing is left; returns the core's last
    /// word (its latest wake and wait).
    @discardableResult
    package static func run(
        _ core: inout AgentCore, _ events: [AgentCore.Event], now: () -> Date, perform: Perform
    ) -> AgentCore.Step {
        // In rounds: the events given, then what their actions reported, then what those reported, …
        // (the order of one queue). Actions are handed over in place, and a round's array is made only
        // when an action reports something: no queue regrown and no action copied per step.
        var last = AgentCore.Step(actions: [], nextWake: now())
        var round = events
        while !round.isEmpty {
            var reported: [AgentCore.Event] = []
            round.withUnsafeBufferPointer { round in
                for i in round.indices {
                    // The actions performed are let go first: one holding the ledger (`.saveLedger`) would
                    // make the core's next change to it copy every entry.
                    last.actions = []
                    last = core.handle(round[i], now: now())
                    last.actions.withUnsafeBufferPointer { actions in
                        for j in actions.indices {
                            let events = perform(actions[j], core)
                            // Most report nothing; the first that does lends the round its array.
                            if reported.isEmpty { reported = events } else { reported += events }
                        }
                    }
                }
            }
            round = reported
        }
        return last
    }
}
