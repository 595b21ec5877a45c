// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The timeline writer: written once per change, again with a back-off after a failed write.
@Suite struct TimelineWriterTests {
    static let cal = ZoneFiles.calendar("UTC")
    static let t0 = Fixture.instant("2026-11-29T12:00:00Z")
    static let files = Fixture.files()

    static func write(_ writer: inout TimelineWriter, at now: Date, config: AgentConfig = AgentConfig()) -> Int {
        var plan = DayPlan(calendar: cal, slots: .defaults)
        let today = plan.days.day(containing: now)
        return writer.evaluate(now: now, today: today, files: files, config: config, plan: &plan).count
    }

    /// The display follows config `titles` and `listen`: a change of either is written at once.
    @Test func aTitlesOrListenChangeIsWritten() {
        var writer = TimelineWriter()
        #expect(Self.write(&writer, at: Self.t0) == 1)
        var config = AgentConfig()
        config.titles = .gurmukhi
        #expect(Self.write(&writer, at: Self.t0 + 60, config: config) == 1)
        #expect(writer.last?.options == WidgetTimeline.DisplayOptions(titles: .gurmukhi, listen: false))
        #expect(Self.write(&writer, at: Self.t0 + 120, config: config) == 0)
    }

    @Test func anUnchangedTimelineIsNotWrittenAgainUntilForgotten() {
        var writer = TimelineWriter()
        let r1 = Self.write(&writer, at: Self.t0)
        #expect(r1 == 1)
        let r2 = Self.write(&writer, at: Self.t0 + 60)
        #expect(r2 == 0)
        writer.forget()
        let r3 = Self.write(&writer, at: Self.t0 + 120)
        #expect(r3 == 1)
    }

    /// Within a band nothing a timeline shows changes unless the plan worked its states out again
    /// (the files, config or zone changed): then it is made again, and written if it says more.
    @Test func aTimelineIsMadeAgainOnlyWhenThePlanForgot() {
        var writer = TimelineWriter()
        var plan = DayPlan(calendar: Self.cal, slots: .defaults)
        let today = plan.days.day(containing: Self.t0)
        func write(_ files: GroupFiles, at now: Date) -> Int {
            writer.evaluate(now: now, today: today, files: files, config: AgentConfig(), plan: &plan).count
        }
        #expect(write(Self.files, at: Self.t0) == 1)
        let read = Fixture.files(Fixture.completed(["japji"], on: "2026-11-29"))
        #expect(write(Self.files, at: Self.t0 + 60) == 0)
        plan.forgetStates()
        #expect(write(read, at: Self.t0 + 120) == 1, "japji read: written")
        #expect(write(read, at: Self.t0 + 180) == 0)
        plan.forgetStates()
        #expect(write(read, at: Self.t0 + 240) == 0, "made again, saying the same: not written")
    }

    /// (failures in a row, seconds until the next write)
    @Test(arguments: [(1, 1.0), (2, 2), (3, 4), (10, 300), (20, 300)])
    func failedWritesBackOff(_ failures: Int, _ seconds: TimeInterval) {
        var writer = TimelineWriter()
        var problems = ProblemLog()
        let failure = ReportedFailure(subject: "/g/widgets/NitnemNow.json", code: "system ENOSPC", message: "full")
        var said = 0
        for _ in 1...failures { said += writer.failed(failure, now: Self.t0, problems: &problems).count }
        #expect(said == 1, "said once")
        #expect(writer.wake(after: Self.t0) == Self.t0 + seconds)
        #expect(writer.last == nil, "written again whatever it says")
        writer.written(problems: &problems)
        #expect(writer.wake(after: Self.t0) == nil)
        let r4 = writer.failed(failure, now: Self.t0 + 1, problems: &problems).count
        #expect(r4 == 1, "said again after a write")
    }
}
