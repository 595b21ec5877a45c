// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// One owner for what is on screen: a clean stop takes the reminder off (no dead buttons), a
/// restart within the band brings the same reminder back once, nothing comes back after the band.
@Suite struct ReminderRestartTests {
    static let zone = "Europe/Helsinki"

    static func logs(_ step: AgentCore.Step) -> [LogEvent] {
        step.actions.compactMap { if case .log(let event) = $0 { event } else { nil } }
    }

    /// The ledger after a reminder shown at 18:00 and a SIGTERM at `stopAt` (local wall time).
    static func stopped(at stopAt: String, progress: [String: BaniProgress] = [:]) throws -> (
        ledger: ReminderLedger, step: AgentCore.Step
    ) {
        var s = try ReminderLoopTests.show(zone: zone, at: "2026-03-29T18:00", progress: progress)
        let at = try #require(RFC3339.parse(stopAt, in: Fixture.calendar(zone)))
        let step = s.core.handleSaving(.stopSignal(15), now: at)
        return (s.core.ledger, step)
    }

    /// A new agent with `ledger` started at `startAt` (local wall time): what it shows, driven by the
    /// `CoreDriver` (every save lands, every reminder is shown).
    static func restart(
        _ ledger: ReminderLedger, at startAt: String, progress: [String: BaniProgress] = [:],
        pausedUntil: String? = nil
    ) throws -> (core: AgentCore, shown: [AgentCore.ReminderNotice], logs: [LogEvent]) {
        let calendar = Fixture.calendar(zone)
        let at = try #require(RFC3339.parse(startAt, in: calendar))
        var core = AgentCore(calendar: calendar, config: AgentConfig(), ledger: ledger)
        var shown: [AgentCore.ReminderNotice] = []
        var logs: [LogEvent] = []
        var events: [AgentCore.Event] = [.start(.success(Fixture.files(progress)))]
        if let pausedUntil { events.insert(.pauseChanged(RFC3339.parse(pausedUntil, in: calendar)), at: 0) }
        CoreDriver.run(
            &core, events, now: { at },
            perform: { action, _ in
                switch action {
                case .saveLedger: return [.ledgerSaved]
                case .reminder(.fire(let notice)):
                    shown.append(notice)
                    return [.reminderShown(notice, error: nil)]
                case .log(let event): logs.append(event)
                default: break
                }
                return []
            })
        return (core, shown, logs)
    }

    @Test func aCleanStopTakesTheReminderOffAndSaysSoInTheLedger() throws {
        let (ledger, step) = try Self.stopped(at: "2026-03-29T18:10")
        let kinds = step.actions.map(ShellEventTests.name)
        #expect(kinds.contains("close"), "\(kinds)")
        #expect(kinds.last == "stop", "stopped after the reminder was taken off and the ledger saved")
        let entry = try #require(ledger.entry(CivilDate("2026-03-29")!, .evening))
        #expect(entry.outcome == .fired && entry.withdrawn)
    }

    @Test func aRestartInTheBandShowsTheSameReminderAgainOnce() throws {
        let (ledger, _) = try Self.stopped(at: "2026-03-29T18:10")
        var (core, shown, logs) = try Self.restart(ledger, at: "2026-03-29T18:12")
        #expect(shown.count == 1 && shown.first?.shownAgain == true && shown.first?.summary == "Evening · Rehras Sahib")
        #expect(logs.contains(.reminderShown(try #require(shown.first), .again)), "\(logs)")
        #expect(core.onScreen?.shownAgain == true, "its buttons work: this agent owns it")
        let entry = try #require(core.ledger.entry(CivilDate("2026-03-29")!, .evening))
        #expect(entry.outcome == .fired && entry.restored && !entry.withdrawn)
        // The same episode: no second reminder later in the band.
        let later = core.handleSaving(.timer, now: try #require(RFC3339.parse("2026-03-29T20:00", in: core.calendar)))
        #expect(Fixture.fired(later) == nil)
    }

    /// (when the new agent starts, why nothing comes back)
    @Test(arguments: [
        ("2026-03-29T21:05", "after the band (Night)"), ("2026-03-30T18:05", "the next day's Evening is a new slot"),
    ])
    func nothingComesBackOutsideItsBand(_ startAt: String, _ why: String) throws {
        let (ledger, _) = try Self.stopped(at: "2026-03-29T18:10")
        let (_, shown, _) = try Self.restart(ledger, at: startAt)
        #expect(shown.allSatisfy { !$0.shownAgain }, "\(why)")
    }

    @Test func aBandReadMeanwhileOrAPauseKeepsItOff() throws {
        let (ledger, _) = try Self.stopped(at: "2026-03-29T18:10")
        let read = Dictionary(
            uniqueKeysWithValues: EmbeddedRegistry.snapshot.ids(in: .evening).map {
                ($0, BaniProgress(completedDays: [CivilDate("2026-03-29")!]))
            })
        let complete = try Self.restart(ledger, at: "2026-03-29T18:20", progress: read)
        #expect(complete.shown.isEmpty)
        #expect(
            complete.logs.contains(.reminderNotShownAgain(.band(.evening), .read, closedLeftOver: false)),
            "\(complete.logs)")
        let paused = try Self.restart(ledger, at: "2026-03-29T18:20", pausedUntil: "2026-03-30T03:00")
        #expect(paused.shown.isEmpty)
        #expect(
            paused.logs.contains(.reminderNotShownAgain(.band(.evening), .paused, closedLeftOver: false)),
            "\(paused.logs)")
    }

    @Test func aStopWithNothingOnScreenWithdrawsNothing() throws {
        var s = try ReminderLoopTests.show(zone: Self.zone, at: "2026-03-29T18:00")
        _ = s.core.handle(.reminderAction(.later), now: s.now + 60)
        let step = s.core.handle(.stopSignal(15), now: s.now + 120)
        #expect(step.actions.map(ShellEventTests.name) == [ShellEventTests.log(.stopping(signal: 15)), "stop"])
        #expect(s.core.ledger.entry(s.notice.dayKey, .evening)?.outcome == .snoozed, "Later still comes due")
    }
}
