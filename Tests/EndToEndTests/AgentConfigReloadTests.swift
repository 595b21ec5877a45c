// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// SIGHUP reloads the config; a bad line keeps the value in use and says so, naming file and line.
@Suite struct AgentConfigReloadTests {
    @Test func sighupReloadsAndABadLineKeepsTheValueInUse() throws {
        let folder = try AgentFolder(config: "reminders = on\n")
        defer { folder.remove() }
        let config = folder.config
        let agent = try folder.startedAgent(folder.environment(now: "2026-11-29T10:00:00Z"), ["--config", config])
        defer { agent.send(SIGKILL) }

        try "reminders = on\nreminder.evening = 23:00\n".write(toFile: config, atomically: true, encoding: .utf8)
        agent.send(SIGHUP)
        let bad =
            "<3>\(config):2: reminder.evening: 23:00 is outside the Evening band (17:00–20:59) (keeping reminder.evening = 18:00)"
        #expect(agent.waitForStderr(bad, timeout: 10), "\(agent.stderr)")
        #expect(agent.isRunning)

        try "reminders = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        agent.send(SIGHUP)
        #expect(agent.waitForStderr("<5>configuration reloaded", timeout: 10), "\(agent.stderr)")
        #expect(agent.terminate(timeout: 10) == 0)
    }
}

/// The config file is watched (its folder, filtered by name): a change applies without a signal.
@Suite struct AgentConfigWatchTests {
    @Test func aChangeAppliesAtOnceAndABadOneIsSaidOnce() throws {
        let folder = try AgentFolder(config: "reminders = on\n")
        defer { folder.remove() }
        let config = folder.config
        // 20 s before the 18:00 slot, twice as fast: 10 s of real time. No session bus: a reminder
        // would be tried (and said to have nowhere to go), so one that is not tried is off.
        let env = folder.environment(now: "2026-11-29T17:59:40Z").merging(["SGGS_CLOCK_RATE": "2"]) { $1 }
        let started = ContinuousClock.now
        let agent = try folder.startedAgent(env)
        defer { agent.send(SIGKILL) }

        // Renamed into place (as most editors and `atomically` save): applied, no SIGHUP.
        try "reminders = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(agent.waitForStderr("<5>configuration reloaded", timeout: 5), "\(agent.stderr)")

        // Written in place, twice, with the same mistake: said once, the old configuration kept.
        let bad = "reminders = off\nsnooze = forever\n"
        for _ in 0..<2 {
            // One open (truncating), one write, one close: as an editor that saves in place.
            let fd = open(config, O_WRONLY | O_TRUNC)
            #expect(fd >= 0)
            #expect(bad.utf8.count == Array(bad.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) })
            close(fd)
            Thread.sleep(forTimeInterval: 0.3)
        }
        let said = "<3>\(config):2: snooze must be a duration from 1m to 3h"
        #expect(agent.waitForStderr(said, timeout: 5), "\(agent.stderr)")
        // The slot passes (10 s after the start) with reminders off: nothing tried, nothing recorded.
        let left = .seconds(12) - (ContinuousClock.now - started)
        if left > .zero { Thread.sleep(forTimeInterval: Double(left.components.seconds) + 0.5) }
        #expect(agent.stderr.components(separatedBy: said).count - 1 == 1, "\(agent.stderr)")
        #expect(!agent.stderr.contains("no session bus"), "\(agent.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/state/nitnem/reminders.json"))

        // Removed (the defaults: reminders on), the Evening's passed slot is due: it is tried.
        try FileManager.default.removeItem(atPath: config)
        #expect(agent.waitForStderr("no session bus", timeout: 5), "\(agent.stderr)")
        #expect(agent.stderr.components(separatedBy: "<5>configuration reloaded").count - 1 == 2)
        #expect(agent.terminate(timeout: 10) == 0)
    }
}

@Suite struct AgentTimelineRemovedTests {
    @Test func aTimelineRemovedByHandIsWrittenAgain() throws {
        let folder = try AgentFolder()
        defer { folder.remove() }
        let timeline = folder.group + "/widgets/NitnemNow.json"
        let agent = try folder.startAgent(folder.environment(now: "2026-11-29T10:00:00Z"))
        defer { agent.send(SIGKILL) }
        #expect(NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) })
        try FileManager.default.removeItem(atPath: timeline)
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) }, "\(agent.stderr)"
        )
        // The agent may be writing into the folder at that moment (its temp file appears between the
        // listing and the rmdir, as under a user's rm -r): remove it again until it is gone.
        #expect(
            NitnemProcess.waitUntil(timeout: 5) {
                (try? FileManager.default.removeItem(atPath: folder.group + "/widgets")) != nil
            })
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) }, "\(agent.stderr)"
        )
        #expect(agent.stderr.contains("<4>\(timeline) was removed or replaced; writing it again"))
        #expect(agent.terminate(timeout: 10) == 0)
    }
}

/// A typo in the config at login must not leave the agent dead: it starts with the good lines (the
/// default for the bad one), says the problem once, keeps watching, and a fix applies at once.
@Suite struct AgentBadConfigStartTests {
    @Test func anAgentStartedOnABadConfigRunsSaysItOnceAndTakesTheFix() throws {
        let folder = try AgentFolder(config: "reminders = on\nreminder.evening = 22:00\n")
        defer { folder.remove() }
        let config = folder.config
        let agent = try folder.startedAgent(folder.environment(now: "2026-11-29T10:00:00Z"))
        defer { agent.send(SIGKILL) }
        #expect(agent.isRunning, "alive on a bad config")
        let bad =
            "\(config):2: reminder.evening: 22:00 is outside the Evening band (17:00–20:59) (keeping reminder.evening = 18:00)"
        #expect(agent.stderr.components(separatedBy: bad).count == 2, "said once: \(agent.stderr)")
        #expect(!agent.stderr.contains("configuration reloaded"), "the defaults for the bad line are no reload")

        // Fixed (renamed into place, as editors save): applied without a restart, said no more.
        try "reminders = on\nreminder.evening = 20:00\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(agent.waitForStderr("configuration reloaded", timeout: 10), "\(agent.stderr)")
        #expect(agent.stderr.components(separatedBy: bad).count == 2)
        #expect(agent.isRunning)
        #expect(agent.terminate(timeout: 10) == 0)
    }
}
