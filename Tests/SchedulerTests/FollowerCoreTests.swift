// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// `status --follow`'s decisions, the agent's core as a follower: the last good state kept and
/// each problem said once (as a follower says it), the next wake, clicks that open and mark as
/// Read now and Mark read do, and no reminder nor timeline.
@Suite struct FollowerCoreTests {
    static let t0 = Fixture.instant("2026-11-29T18:05:00Z")
    static let cut = GroupFileError(.truncated, path: "/g/nitnem-progress.json", problem: "ends early at line 1")
    static let badPause = GroupFileError(.shape, path: "/s/pause.json", jsonPath: "$.until", problem: "not a time")

    static func follower() -> AgentCore {
        AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig(), role: .follower)
    }

    static func logs(_ step: AgentCore.Step) -> [LogEvent] {
        step.actions.compactMap { if case .log(let event) = $0 { event } else { nil } }
    }

    /// The next bani a line shows at `now`.
    static func next(_ core: AgentCore, at now: Date) -> String? {
        core.files.flatMap {
            TodayState(snapshot: $0.snapshot, progress: $0.progress.banis, at: now, calendar: core.calendar).next?
                .bani.id
        }
    }

    @Test func aBadReadKeepsTheLastGoodStateAndIsSaidOnce() {
        var core = Self.follower()
        let first = core.handle(.start(.failure(Self.cut)), now: Self.t0)
        #expect(core.files == nil && core.readProblem == Self.cut)
        #expect(Self.logs(first) == [.followFilesUnreadable(cause: Self.cut.description, kept: false)])
        let good = core.handle(.filesRead(.success(Fixture.files())), now: Self.t0 + 1)
        #expect(Self.next(core, at: Self.t0) == "rehras" && core.readProblem == nil)
        #expect(good.actions.isEmpty, "the recovery is not said: the line shows it")
        let again = core.handle(.filesRead(.failure(Self.cut)), now: Self.t0 + 120)
        #expect(Self.next(core, at: Self.t0) == "rehras", "the last good state")
        #expect(Self.logs(again) == [.followFilesUnreadable(cause: Self.cut.description, kept: true)])
        #expect(Self.logs(core.handle(.filesRead(.failure(Self.cut)), now: Self.t0 + 121)).isEmpty, "said once")
    }

    @Test func aBadMyNitnemFileKeepsTheLastGoodSetsAsTheAgentDoes() throws {
        let path = "/g/nitnem-mynitnem.json"
        let mine = try MyNitnem.decode(
            try JSONParser.parse(Array(#"{"schema":1,"sets":{"evening":["sukhmani"]}}"#.utf8), path: path), path: path)
        var core = Self.follower()
        _ = core.handle(.start(.success(Fixture.files().applying(.success(mine), path: path))), now: Self.t0)
        #expect(Self.next(core, at: Self.t0) == "sukhmani")
        let broken = GroupFileError(.truncated, path: path, problem: "ends early at line 1")
        let bad = core.handle(
            .filesRead(.success(Fixture.files().applying(.failure(broken), path: path))), now: Self.t0)
        #expect(Self.next(core, at: Self.t0) == "sukhmani", "your last good evening set, not the snapshot's Rehras")
        #expect(
            core.files?.warnings.contains { $0.hasSuffix("keeping the last good sets (to fix: nitnem sets reset)") }
                == true)
        #expect(bad.actions.isEmpty, "the warning is in the line, not said")
    }

    @Test func aPauseMovesTheWakeAndABadPauseFileIsSaidOnce() {
        var core = Self.follower()
        let until = Self.t0 + 600
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        let paused = core.handle(.pauseChanged(until), now: Self.t0)
        #expect(paused.nextWake == until && core.pausedUntil == until && paused.actions.isEmpty)
        let bad = core.handle(.pauseUnreadable(Self.badPause), now: Self.t0 + 1)
        #expect(Self.logs(bad) == [.pauseUnreadable(cause: Self.badPause.description)])
        #expect(Self.logs(core.handle(.pauseUnreadable(Self.badPause), now: Self.t0 + 2)).isEmpty)
        #expect(core.handle(.timer, now: Self.t0).nextWake == Fixture.instant("2026-11-29T21:00:00Z"), "the Night band")
    }

    @Test func aFollowerNeitherRemindsNorWritesTheTimeline() {
        let slot = Fixture.instant("2026-11-29T18:00:00Z")
        var agent = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        var core = Self.follower()
        let agentStep = agent.handle(.start(.success(Fixture.files())), now: slot)
        let step = core.handle(.start(.success(Fixture.files())), now: slot)
        #expect(agentStep.actions.contains { if case .writeTimeline = $0 { true } else { false } })
        #expect(step.actions.isEmpty)
        #expect(core.handle(.timer, now: slot + 1).actions.isEmpty)
        #expect(core.handle(.groupRecreated(path: "/g"), now: slot + 2).actions.isEmpty, "said by the line, not logged")
    }

    /// (button, the actions' kinds)
    @Test(arguments: [(1, "open"), (3, "mark rehras 2026-11-29"), (2, "")])
    func clicksOpenAndMarkWhatIsShown(_ button: Int, _ expected: String) {
        var core = Self.follower()
        _ = core.handle(.start(.success(Fixture.files())), now: Self.t0)
        let kinds = core.handle(.barClicked(button: button), now: Self.t0).actions.map { action -> String in
            switch action {
            case .open: "open"
            case .markRead(let mark): "mark \(mark.id) \(mark.day)"
            default: "other"
            }
        }
        #expect(kinds.joined(separator: " ") == expected)
    }

    @Test func nothingReadYetMarksNothing() {
        var core = Self.follower()
        #expect(core.handle(.barClicked(button: 3), now: Self.t0).actions.isEmpty)
    }
}
