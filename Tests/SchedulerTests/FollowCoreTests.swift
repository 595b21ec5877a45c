// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// `status --follow`'s decisions: the last good state kept and each problem said once, the next
/// wake, and clicks that open and mark as Read now and Mark read do.
@Suite struct FollowCoreTests {
    static let t0 = Fixture.instant("2026-11-29T18:05:00Z")
    static let cut = GroupFileError(.truncated, path: "/g/nitnem-progress.json", problem: "ends early at line 1")
    static let badPause = GroupFileError(.shape, path: "/s/pause.json", jsonPath: "$.until", problem: "not a time")

    static func logs(_ actions: [AgentCore.Action]) -> [LogEvent] {
        actions.compactMap { if case .log(let event) = $0 { event } else { nil } }
    }

    @Test func aBadReadKeepsTheLastGoodStateAndIsSaidOnce() {
        var core = FollowCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let first = core.read(.failure(Self.cut), pause: nil, now: Self.t0)
        #expect(first.view.state == nil && first.view.problem == Self.cut.description)
        #expect(Self.logs(first.logs) == [.followFilesUnreadable(cause: Self.cut.description, kept: false)])
        let good = core.read(.success(Fixture.files()), pause: nil, now: Self.t0 + 1)
        #expect(good.view.state?.band == .evening && good.view.problem == nil && good.logs.isEmpty)
        let again = core.read(.failure(Self.cut), pause: nil, now: Self.t0 + 120)
        #expect(again.view.state?.band == .evening, "the last good state")
        #expect(Self.logs(again.logs) == [.followFilesUnreadable(cause: Self.cut.description, kept: true)])
        #expect(core.read(.failure(Self.cut), pause: nil, now: Self.t0 + 121).logs.isEmpty, "said once")
    }

    @Test func aBadMyNitnemFileKeepsTheLastGoodSetsAsTheAgentDoes() throws {
        let path = "/g/nitnem-mynitnem.json"
        let mine = try MyNitnem.decode(
            try JSONParser.parse(Array(#"{"schema":1,"sets":{"evening":["sukhmani"]}}"#.utf8), path: path), path: path)
        var core = FollowCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let good = core.read(.success(Fixture.files().applying(.success(mine), path: path)), pause: nil, now: Self.t0)
        #expect(good.view.state?.next?.bani.id == "sukhmani")
        let broken = GroupFileError(.truncated, path: path, problem: "ends early at line 1")
        let bad = core.read(
            .success(Fixture.files().applying(.failure(broken), path: path)), pause: nil, now: Self.t0 + 1)
        #expect(bad.view.state?.next?.bani.id == "sukhmani", "your last good evening set, not the snapshot's Rehras")
        #expect(
            bad.view.files?.warnings.contains { $0.hasSuffix("keeping the last good sets (to fix: nitnem sets reset)") }
                == true)
    }

    @Test func aPauseMovesTheWakeAndABadPauseFileIsSaidOnce() {
        var core = FollowCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let until = Self.t0 + 600
        _ = core.read(.success(Fixture.files()), pause: (until, nil), now: Self.t0)
        #expect(core.nextWake(after: Self.t0) == until)
        let bad = core.read(.success(Fixture.files()), pause: (nil, Self.badPause), now: Self.t0 + 1)
        #expect(Self.logs(bad.logs) == [.pauseUnreadable(cause: Self.badPause.description)])
        #expect(core.read(.success(Fixture.files()), pause: (nil, Self.badPause), now: Self.t0 + 2).logs.isEmpty)
        #expect(core.nextWake(after: Self.t0) == Fixture.instant("2026-11-29T21:00:00Z"), "the Night band")
    }

    /// (button, the actions' kinds)
    @Test(arguments: [(1, "open"), (3, "mark rehras 2026-11-29"), (2, "")])
    func clicksOpenAndMarkWhatIsShown(_ button: Int, _ expected: String) {
        var core = FollowCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        _ = core.read(.success(Fixture.files()), pause: nil, now: Self.t0)
        let kinds = core.clicked(button: button, now: Self.t0).map { action -> String in
            switch action {
            case .open: "open"
            case .markRead(let mark): "mark \(mark.id) \(mark.day)"
            default: "other"
            }
        }
        #expect(kinds.joined(separator: " ") == expected)
    }

    @Test func nothingReadYetMarksNothing() {
        let core = FollowCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        #expect(core.clicked(button: 3, now: Self.t0).isEmpty)
    }
}
