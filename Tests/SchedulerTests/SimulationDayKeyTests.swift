// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import TestSupport
import Testing

@testable import Scheduler

/// `simulate` keeps the last day key it wrote (`Simulation.DayKeyText`): each must be the date's
/// own text, whatever was asked before it.
@Suite struct SimulationDayKeyTests {
    @Test func eachDayKeyIsTheDatesOwnText() {
        var keys = Simulation.DayKeyText()
        let days = ["2026-03-01", "2026-03-01", "2026-03-02", "2026-03-01", "0002-01-01", "2027-12-31", "2027-12-31"]
        for text in days {
            let day = Fixture.day(text)
            #expect(keys.text(day) == day.description)
            #expect(keys.text(day) == text)
        }
    }
}
