// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// Some virtual machines' hosts keep the guest's clock in step by setting it ten times a second, by
/// microseconds. Each set wakes every `TFD_TIMER_CANCEL_ON_SET` timer: the agent must neither say
/// "clock changed" ten times a second nor let those wakes starve the quiet time after which a removed
/// file is believed gone. The clock is set here to what it reads, twenty times a second (a step of
/// nanoseconds; needs CAP_SYS_TIME: the tests run as root).
@Suite(.serialized) struct ClockKeptInStepTests {
    /// Sets the realtime clock to itself every 50 ms until stopped.
    final class ClockSetter: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        private(set) var failures = 0
        private(set) var sets = 0

        init() {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    var now = timespec()
                    clock_gettime(CLOCK_REALTIME, &now)
                    let failed = clock_settime(CLOCK_REALTIME, &now) != 0
                    lock.withLock {
                        sets += 1
                        if failed { failures += 1 }
                    }
                    usleep(50_000)
                }
            }
        }

        func stop() { lock.withLock { running = false } }
    }

    @Test func removalsAreBelievedAndNothingIsSaidOfTheClock() throws {
        let folder = try AgentFolder(config: "reminders = off\n")
        defer { folder.remove() }
        let setter = ClockSetter()
        defer { setter.stop() }
        let agent = try folder.startedAgent(folder.environment(now: "2026-11-29T10:00:00Z"))
        defer { agent.send(SIGKILL) }

        // Half a second of sets before, during and after each removal.
        #expect(NitnemProcess.waitUntil(timeout: 5) { setter.sets >= 10 })
        // A removed config is believed only after a quiet time: the sets must not starve it.
        try FileManager.default.removeItem(atPath: folder.config)
        #expect(agent.waitForStderr("<5>configuration reloaded", timeout: 5), "\(agent.stderr)")
        // A removed group folder: made again, with its timeline. (Moved away first, then removed: the
        // agent may make it again while a recursive removal is still walking it, and that removal then
        // fails on the new folder, as it did once here under load.)
        try FileManager.default.moveItem(atPath: folder.group, toPath: folder.root + "/group-gone")
        try FileManager.default.removeItem(atPath: folder.root + "/group-gone")
        #expect(
            NitnemProcess.waitUntil(timeout: 5) {
                FileManager.default.fileExists(atPath: folder.group + "/widgets/NitnemNow.json")
            }, "\(agent.stderr)")
        let setsSoFar = setter.sets
        #expect(NitnemProcess.waitUntil(timeout: 5) { setter.sets >= setsSoFar + 10 })
        setter.stop()
        #expect(setter.failures == 0)
        #expect(!agent.stderr.contains("clock changed"), "\(agent.stderr)")
        #expect(agent.terminate(timeout: 10) == 0)
    }
}
