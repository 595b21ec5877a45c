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
        var queue = events[...]
        var last = AgentCore.Step(actions: [], nextWake: now())
        while let event = queue.popFirst() {
            // The actions performed are let go first: one holding the ledger (`.saveLedger`) would make
            // the core's next change to it copy every entry.
            last.actions = []
            last = core.handle(event, now: now())
            for action in last.actions { queue += perform(action, core) }
        }
        return last
    }
}
