// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// What the notification server reports reaches the agent's core as events of its loop, and a
/// Mark read is one write whose files are read at once, its own echo taken with it.
@Suite(.serialized) struct AgentEventTests {
    /// A notifier whose server reported `pending` (taken once).
    final class ReportingNotifier: Notifier {
        var pending: [NotificationEvent]
        init(_ pending: [NotificationEvent]) { self.pending = pending }
        func capabilities() throws(NotifyError) -> Set<String> { ["actions"] }
        func show(_ notification: Notify.Notification) throws(NotifyError) {}
        func close() throws(NotifyError) {}
        func close(serverID: Int) throws(NotifyError) {}
        var currentServerID: Int { 0 }
        func takeEvents() -> [NotificationEvent] {
            defer { pending = [] }
            return pending
        }
    }

    @Test func theServersEventsAreTheLoopsEventsAndAreNotWaitedOn() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let loop = try EventLoop(group: AppGroup(path: dir), localtimePath: dir + "/localtime", signals: [SIGUSR2])
        defer { loop.close() }
        let said: [NotificationEvent] = [
            .action(id: "mark", tag: "t", activationToken: "tok"), .closed(.dismissed, tag: "t"),
        ]
        let start = ContinuousClock.now
        // Already reported (GLib ran while a call waited on the bus): news now, not after 10 s.
        let events = try loop.wait(until: nil, timeoutMilliseconds: 10_000, notifier: ReportingNotifier(said))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(events == said.map(EventLoop.Event.notification))
        // Nothing reported, nothing ready: a timeout.
        #expect(try loop.wait(until: nil, timeoutMilliseconds: 0, notifier: ReportingNotifier([])) == [.timedOut])
    }

    @Test func aServerEventIsTheCoresEvent() {
        let mark = Agent.coreEvents(.action(id: "mark", tag: "t", activationToken: "tok"))
        guard case .reminderAction(.mark, let token)? = mark.first, mark.count == 1 else {
            Issue.record("\(mark.map(\.name))")
            return
        }
        #expect(token == "tok")
        let click = Agent.coreEvents(.action(id: NotificationAction.defaultID, tag: "t"))
        #expect(click.map(\.name) == ["reminderClicked"])
        #expect(Agent.coreEvents(.closed(.dismissed, tag: "t")).map(\.name) == ["reminderDismissed"])
        #expect(Agent.coreEvents(.closed(.expired, tag: "t")).map(\.name) == ["reminderDismissed"])
        #expect(Agent.coreEvents(.closed(.closedByCall, tag: "t")).isEmpty)
        #expect(Agent.coreEvents(.action(id: "no-such-button", tag: "t")).isEmpty)
    }

    /// Mark read writes the file, takes the write's own inotify echo off the loop and reads the
    /// files at once (conflict copies merged first): the press is one wake, not three.
    @Test func markReadWritesAndReadsAtOnceTakingItsOwnEcho() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        let paths = AgentPaths(config: dir + "/state/config", ledger: dir + "/state/reminders.json")
        let zone = NitnemCalendar(zone: .utc)
        let agent = Agent(
            options: Agent.Options(group: group, environment: [:], lockPath: dir + "/agent.lock", paths: paths),
            clock: .pinned(at: RFC3339.parseAbsolute("2026-11-29T05:00:00Z")!, real: { WallClock.now() }),
            calendar: zone, config: AgentConfig())
        let day = CivilDate("2026-11-29")!
        let japji = try #require(EmbeddedRegistry.snapshot.bani(id: "japji"))
        let loop = try EventLoop(group: group, localtimePath: dir + "/localtime", signals: [])
        defer { loop.close() }
        agent.loop = loop
        let events = agent.perform(.markRead(Mark(japji, day: day, today: day)), calendar: zone)
        #expect(events.map(\.name) == ["marked", "filesRead"])
        if case .filesRead(.success(let files))? = events.last { #expect(files.progress.isRead("japji", on: day)) }
        #expect(try GroupFiles.loadProgress(group).isRead("japji", on: day))
        #expect(try loop.wait(until: nil, timeoutMilliseconds: 0) == [.timedOut], "the echo was taken")
    }
}
