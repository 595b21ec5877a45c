// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Testing

@testable import Scheduler

/// `add`: the actions of a step in the order they were decided, whether the list was empty or not.
@Suite struct ActionListTests {
    @Test func addKeepsTheOrderWhetherEmptyOrNot() {
        var actions: [AgentCore.Action] = []
        actions.add([])
        #expect(actions.isEmpty)
        actions.add([.closeReminder, .stop])
        #expect(actions == [.closeReminder, .stop])
        actions.add([])
        actions.add([.log(.configReloaded)])
        #expect(actions == [.closeReminder, .stop, .log(.configReloaded)])
    }
}
