// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// `status --follow`'s shell: a bar's right click marks through the agent's core and the next line
/// is ready in the click's own wake (the write's echo taken, nothing left gathering).
@Suite struct StatusFollowerTests {
    static let morning = RFC3339.parseAbsolute("2026-11-29T05:00:00Z")!

    @Test func aRightClickMarksAndTheNextLineIsReadyInTheSameWake() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let follower = StatusFollower(
            group: AppGroup(path: dir), clock: .pinned(at: Self.morning, real: { WallClock.now() }),
            calendar: NitnemCalendar(zone: .utc), environment: [:], format: .i3blocks,
            localtimePath: dir + "/localtime")
        let loop = try EventLoop(group: follower.group, localtimePath: dir + "/localtime", signals: [])
        defer { loop.close() }
        follower.loop = loop
        _ = follower.handle([.start(follower.load())])
        let before = follower.render(now: follower.clock.now())
        let step = follower.handle([.barClicked(button: 3)])
        #expect(try GroupFiles.loadProgress(follower.group).isRead("japji", on: CivilDate("2026-11-29")!))
        #expect(follower.render(now: follower.clock.now()) != before, "the new line, from the click's own read")
        #expect(step.wait == nil, "nothing left gathering")
        #expect(try loop.wait(until: nil, timeoutMilliseconds: 0) == [.timedOut], "the echo was taken")
    }
}
