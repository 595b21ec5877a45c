// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// A killed agent (`kill -9`: no clean stop) leaves its reminder on screen with dead buttons. The
/// ledger names that notification's server id; the next agent takes it over in place
/// (`replaces_id`: one on screen for one episode, with working buttons) or closes it.
@Suite struct ReminderTakeOverTests {
    static let zone = "Europe/Helsinki"
    /// The server id the killed agent's reminder had.
    static let deadID = 42

    static func at(_ wall: String) throws -> Date { try #require(RFC3339.parse(wall, in: Fixture.calendar(zone))) }

    static var evening: [String: BaniProgress] {
        Dictionary(
            uniqueKeysWithValues: EmbeddedRegistry.snapshot.ids(in: .evening).map {
                ($0, BaniProgress(completedDays: [CivilDate("2026-03-29")!]))
            })
    }

    /// The ledger an agent leaves when it is killed after showing the 18:00 reminder (server id
    /// `deadID`), after `then` (a press, a dismissal) if any.
    static func killed(after then: AgentCore.Event? = nil) throws -> ReminderLedger {
        let calendar = Fixture.calendar(zone)
        var core = AgentCore(calendar: calendar, config: AgentConfig())
        let slot = try at("2026-03-29T18:00")
        _ = core.handle(.start(.success(Fixture.files())), now: slot.addingTimeInterval(-120))
        let notice = try #require(Fixture.fired(core.handleSaving(.timer, now: slot)))
        _ = core.handle(.reminderShown(notice, error: nil, id: deadID), now: slot)
        #expect(core.ledger.entry(notice.dayKey, .evening)?.notificationID == deadID)
        if let then { _ = core.handleSaving(then, now: slot.addingTimeInterval(60)) }
        return core.ledger
    }

    /// What a new agent started at `startAt` did.
    struct Restart {
        var core: AgentCore
        var shown: [AgentCore.ReminderNotice] = []
        var closed: [Int] = []
        var logs: [LogEvent] = []
    }

    /// A new agent with `ledger` started at `startAt` (local wall time), driven by the `CoreDriver`
    /// (every save lands; a show replacing an id keeps it, a new one gets id 7).
    static func restart(
        _ ledger: ReminderLedger, at startAt: String, progress: [String: BaniProgress] = [:],
        pausedUntil: String? = nil, config: AgentConfig = AgentConfig()
    ) throws -> Restart {
        let calendar = Fixture.calendar(zone)
        let now = try at(startAt)
        var run = Restart(core: AgentCore(calendar: calendar, config: config, ledger: ledger))
        var events: [AgentCore.Event] = [.start(.success(Fixture.files(progress)))]
        if let pausedUntil { events.insert(.pauseChanged(RFC3339.parse(pausedUntil, in: calendar)), at: 0) }
        CoreDriver.run(
            &run.core, events, now: { now },
            perform: { action, _ in
                switch action {
                case .saveLedger: return [.ledgerSaved]
                case .reminder(.fire(let notice)):
                    run.shown.append(notice)
                    return [.reminderShown(notice, error: nil, id: notice.replacing ?? 7)]
                case .closeNotification(let id): run.closed.append(id)
                case .log(let event): run.logs.append(event)
                default: break
                }
                return []
            })
        return run
    }

    @Test func inTheBandTheSameReminderReplacesTheDeadOneInPlace() throws {
        var run = try Self.restart(try Self.killed(), at: "2026-03-29T18:12")
        #expect(run.shown.count == 1 && run.closed.isEmpty)
        let notice = try #require(run.shown.first)
        #expect(notice.replacing == Self.deadID && notice.shownAgain && notice.summary == "Evening · Rehras Sahib")
        #expect(run.core.onScreen?.replacing == Self.deadID, "this agent owns it: its buttons work")
        #expect(
            run.logs.contains(.reminderShown(notice, .again)), "\(run.logs)")
        let entry = try #require(run.core.ledger.entry(Fixture.day("2026-03-29"), .evening))
        #expect(entry.outcome == .fired && entry.restored && entry.notificationID == Self.deadID)
        // The same episode: nothing more in the band.
        let later = run.core.handleSaving(.timer, now: try Self.at("2026-03-29T20:00"))
        #expect(Fixture.fired(later) == nil)
        // Killed again: taken over again, still the one id.
        let again = try Self.restart(run.core.ledger, at: "2026-03-29T19:00")
        #expect(again.shown.map(\.replacing) == [Self.deadID])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let startAt: String
        var paused: String? = nil
        var complete = false
        var remindersOn = true
        /// The ids closed.
        let closes: [Int]
        /// A log line said.
        var says: LogEvent? = nil
        var testDescription: String { name }
    }

    /// (what the new agent does with the dead reminder when it cannot show it again)
    @Test(arguments: [
        Case(
            name: "the band's banis were read meanwhile: closed", startAt: "2026-03-29T18:20", complete: true,
            closes: [deadID],
            says: .reminderNotShownAgain(.band(.evening), .read, closedLeftOver: true)),
        Case(
            name: "paused: closed", startAt: "2026-03-29T18:20", paused: "2026-03-30T03:00", closes: [deadID],
            says: .reminderNotShownAgain(.band(.evening), .paused, closedLeftOver: true)),
        Case(
            name: "reminders = off: closed", startAt: "2026-03-29T18:20", remindersOn: false, closes: [deadID],
            says: .leftOnScreenClosed(.evening, day: Fixture.day("2026-03-29"))),
        Case(
            name: "after the band's end: closed, nothing comes back", startAt: "2026-03-29T21:05", closes: [deadID],
            says: .leftOnScreenClosed(.evening, day: Fixture.day("2026-03-29"))),
        Case(
            name: "the next Nitnem day: closed", startAt: "2026-03-30T17:00", closes: [deadID],
            says: .leftOnScreenClosed(.evening, day: Fixture.day("2026-03-29"))),
        Case(
            name: "days later: forgotten, not closed (the id may be another program's by now)",
            startAt: "2026-04-02T17:00", closes: []),
    ])
    func closedOrForgottenWhenItCannotComeBack(_ c: Case) throws {
        var config = AgentConfig()
        config.remindersOn = c.remindersOn
        let run = try Self.restart(
            try Self.killed(), at: c.startAt, progress: c.complete ? Self.evening : [:], pausedUntil: c.paused,
            config: config)
        #expect(run.shown.allSatisfy { $0.replacing == nil && !$0.shownAgain }, "nothing comes back")
        #expect(run.closed == c.closes)
        if let says = c.says { #expect(run.logs.contains(says), "\(run.logs)") }
        let entry = try #require(run.core.ledger.entry(Fixture.day("2026-03-29"), .evening))
        #expect(entry.notificationID == nil, "said once: the next start has nothing to close")
        #expect(entry.outcome == .fired)
    }

    @Test func laterPendingNothingToTakeOverAndTheSnoozeComesDueAsBefore() throws {
        let ledger = try Self.killed(after: .reminderAction(.later))
        let entry = try #require(ledger.entry(Fixture.day("2026-03-29"), .evening))
        #expect(entry.outcome == .snoozed && entry.notificationID == nil, "Later took it off the screen")
        var run = try Self.restart(ledger, at: "2026-03-29T18:05")
        #expect(run.shown.isEmpty && run.closed.isEmpty)
        let due = run.core.handleSaving(.timer, now: try Self.at("2026-03-29T18:17"))
        let notice = try #require(Fixture.fired(due), "the snoozed reminder comes due at its time")
        #expect(notice.replacing == nil && !notice.shownAgain)
    }

    @Test func aReminderDismissedBeforeTheKillIsNotShownAgain() throws {
        let ledger = try Self.killed(after: .reminderDismissed)
        #expect(ledger.entry(Fixture.day("2026-03-29"), .evening)?.notificationID == nil)
        let run = try Self.restart(ledger, at: "2026-03-29T18:12")
        #expect(run.shown.isEmpty && run.closed.isEmpty)
    }

    /// The at-most-once promise: a `pending` entry is never shown again. One that names an id (a
    /// crash between a take-over's record and its show) has that id closed: it may be on screen.
    @Test(arguments: [nil, deadID])
    func aPendingEntryIsNeverShownAgain(_ id: Int?) throws {
        let entry = ReminderLedger.Entry(
            dayKey: Fixture.day("2026-03-29"), band: .evening, at: try Self.at("2026-03-29T18:00"), outcome: .pending,
            bani: "rehras", serverID: id)
        let run = try Self.restart(ReminderLedger(entries: [entry]), at: "2026-03-29T18:12")
        #expect(run.shown.isEmpty)
        #expect(run.closed == (id.map { [$0] } ?? []))
        #expect(run.core.ledger.entry(entry.dayKey, .evening)?.outcome == .pending)
    }

    @Test func theServerIDSurvivesTheLedgerFile() throws {
        let ledger = try Self.killed()
        let json = ledger.json
        #expect(json.pretty.contains("\"notificationId\": 42"), "\(json.pretty)")
        let read = try ReminderLedger.decode(json, path: "reminders.json")
        #expect(read == ledger)
    }
}
