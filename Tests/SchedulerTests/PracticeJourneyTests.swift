// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The widget timeline's journey counts a practice as the day's state does: in the zone, a date it
/// skipped being no day of it (both come from the agent's one count of the day's practices).
@Suite struct PracticeJourneyTests {
    /// Pacific/Apia went from 2011-12-29 to 12-31: a two-day practice begun on the 29th has the 31st as
    /// its second day, not the skipped 30th.
    @Test func theJourneyCountsAPracticeInTheZoneAsTheStateDoes() throws {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.practices = [Practice(bani: "japji", from: Fixture.day("2011-12-29"), days: 2)]
        let files = Fixture.files(snapshot: snapshot)
        var core = AgentCore(calendar: Fixture.calendar("Pacific/Apia"), config: Fixture.timelineOnly)
        let step = core.handle(.start(.success(files)), now: Fixture.instant("2011-12-31T12:00:00+14:00"))
        guard case .writeTimeline(let timeline) = try #require(step.actions.first) else {
            Issue.record("no timeline: \(step.actions)")
            return
        }
        let today = Fixture.day("2011-12-31")
        let state = timeline.entries[0].state
        #expect(state.dayKey == today)
        let practice = try #require(state.practices.first).progress
        let journey = try #require(timeline.journey(on: today))
        let journeyPractice = try #require(journey.practices.first).progress
        #expect(
            journeyPractice.line(title: "Japji Sahib", localizer: .english)
                == practice.line(title: "Japji Sahib", localizer: .english))
        #expect(practice.day == 2)
        #expect(journeyPractice.lastDay == today)
        #expect(journeyPractice.missed == [Fixture.day("2011-12-29")])
        // The 31st is its second day, still to read.
        #expect(journey.days.first { $0.dayKey == today }?.practice == .today)
    }
}
