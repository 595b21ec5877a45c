// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The desktop loop in the core: a shown reminder's buttons (Read now, Mark read, Later), pause,
/// and the reminder on screen kept true (updated in place, closed when the band is complete or over).
@Suite struct ReminderLoopTests {
    /// A core in `zone` that has just shown the reminder of the slot at `slot` (local wall time).
    struct Shown {
        var core: AgentCore
        var notice: AgentCore.ReminderNotice
        var now: Date
    }

    static func show(
        zone: String, at slot: String, progress: [String: BaniProgress] = [:], config: AgentConfig = .init()
    )
        throws -> Shown
    {
        let calendar = Fixture.calendar(zone)
        var core = AgentCore(calendar: calendar, config: config)
        let now = try #require(RFC3339.parse(slot, in: calendar))
        _ = core.handle(.start(.success(Fixture.files(progress))), now: now.addingTimeInterval(-120))
        let step = core.handleSaving(.timer, now: now)
        let notice = try #require(ReminderCoreTests.fired(step), "no reminder at \(slot) in \(zone)")
        _ = core.handle(.reminderShown(notice, error: nil), now: now)
        #expect(core.onScreen == notice)
        return Shown(core: core, notice: notice, now: now)
    }

    static func names(_ step: AgentCore.Step) -> [String] { step.actions.map(ShellEventTests.name) }

    static let zones = [
        "Asia/Kolkata", "Europe/Helsinki", "America/Santiago", "Africa/Cairo", "Australia/Lord_Howe", "Europe/Dublin",
        "UTC",
    ]
    /// Evening slots on DST days (and ordinary ones): 18:00 local wall time.
    static let eveningSlots = [
        ("Asia/Kolkata", "2026-11-29T18:00"), ("Europe/Helsinki", "2026-03-29T18:00"),
        ("Europe/Helsinki", "2026-10-25T18:00"), ("America/Santiago", "2026-04-05T18:00"),
        ("America/Santiago", "2026-09-06T18:00"), ("Africa/Cairo", "2026-04-24T18:00"),
        ("Australia/Lord_Howe", "2026-04-05T18:00"), ("Australia/Lord_Howe", "2026-10-04T18:00"),
        ("Europe/Dublin", "2026-03-29T18:00"), ("UTC", "2026-11-29T18:00"),
    ]

    /// Amrit Vela slots (06:00) on DST days and ordinary ones: the morning set has five banis.
    static let amritVelaSlots = [
        ("Asia/Kolkata", "2026-11-29T06:00"), ("Europe/Helsinki", "2026-03-29T06:00"),
        ("Europe/Helsinki", "2026-10-25T06:00"), ("America/Santiago", "2026-04-05T06:00"),
        ("America/Santiago", "2026-09-06T06:00"), ("Africa/Cairo", "2026-04-24T06:00"),
        ("Australia/Lord_Howe", "2026-04-05T06:00"), ("Australia/Lord_Howe", "2026-10-04T06:00"),
        ("Europe/Dublin", "2026-03-29T06:00"), ("Europe/Dublin", "2026-10-25T06:00"), ("UTC", "2026-11-29T06:00"),
    ]

    @Test(arguments: amritVelaSlots)
    func markReadMovesToTheNextUnreadBaniAndClosesAtBandComplete(zone: String, slot: String) throws {
        var s = try Self.show(zone: zone, at: slot)
        #expect(s.notice.summary == "Amrit Vela · Japji Sahib")
        #expect(s.notice.actions == [.read, .mark, .later])
        let day = s.notice.dayKey
        // Mark read: the core asks the shell to record it (as `nitnem mark` would).
        var step = s.core.handle(.reminderAction(.mark), now: s.now + 5)
        #expect(Self.names(step) == ["mark japji \(day) \(s.notice.bani.nLines)"])
        #expect(
            Self.names(s.core.handle(.marked(id: "japji", error: nil), now: s.now + 5)) == [
                ShellEventTests.log(.marked(id: "japji"))
            ])
        // The files read again: the notification turns into the band's next unread bani.
        step = s.core.handle(
            .filesRead(.success(Fixture.files(Fixture.completed(["japji"], on: day.description)))), now: s.now + 6)
        #expect(Self.names(step).contains("update Amrit Vela · Jaap Sahib · 1 of 7 today"), "\(Self.names(step))")
        #expect(s.core.onScreen?.bani.id == "jaap")
        // The rest of the morning set read (by Mark read or any writer): closed.
        step = s.core.handle(
            .filesRead(
                .success(
                    Fixture.files(
                        Fixture.completed(["japji", "jaap", "savaiye", "chaupai", "anand"], on: day.description)))),
            now: s.now + 7)
        #expect(Self.names(step).contains("close"))
        #expect(s.core.onScreen == nil)
        // Nothing more this band.
        #expect(!Self.names(s.core.handleSaving(.timer, now: s.now + 600)).contains("reminder"))
    }

    @Test func aFailedMarkIsSaidAndTheReminderStays() throws {
        var s = try Self.show(zone: "UTC", at: "2026-11-29T06:00")
        let step = s.core.handle(
            .marked(id: "japji", error: .test("/g/nitnem-progress.json: is schema 2 …")), now: s.now + 1)
        #expect(Self.names(step) == [ShellEventTests.log(.markFailed(cause: "/g/nitnem-progress.json: is schema 2 …"))])
        #expect(s.core.onScreen != nil)
    }

    @Test(arguments: eveningSlots)
    func anotherWriterCompletingTheBandClosesIt(zone: String, slot: String) throws {
        var s = try Self.show(zone: zone, at: slot)
        let day = s.notice.dayKey.description
        let step = s.core.handle(
            .filesRead(.success(Fixture.files(Fixture.completed(["rehras"], on: day)))),
            now: s.now + 60)
        #expect(Self.names(step).suffix(2) == ["close", ShellEventTests.log(.reminderClosedBandRead(.evening))])
        #expect(s.core.onScreen == nil)
    }

    @Test(arguments: eveningSlots)
    func laterDefersItOnceBySnoozeAndItComesBackWithinTheBand(zone: String, slot: String) throws {
        var s = try Self.show(zone: zone, at: slot)
        var step = s.core.handle(.reminderAction(.later), now: s.now + 10)
        #expect(Self.names(step).prefix(2) == ["close", "ledger"])
        let entry = try #require(s.core.ledger.entry(s.notice.dayKey, .evening))
        #expect(entry.outcome == .snoozed && entry.deferrals == 1)
        #expect(entry.snoozedUntil == s.now + 10 + 900)
        #expect(step.nextWake == s.now + 10 + 900)
        // Before it is due: nothing.
        #expect(!Self.names(s.core.handleSaving(.timer, now: s.now + 600)).contains("reminder"))
        // Due: shown again (saved first), once.
        step = s.core.handleSaving(.timer, now: s.now + 910)
        #expect(Self.names(step) == ["ledger", "reminder"])
        let again = try #require(ReminderCoreTests.fired(step))
        #expect(again.summary == s.notice.summary && !again.late)
        _ = s.core.handle(.reminderShown(again, error: nil), now: s.now + 910)
        #expect(s.core.ledger.entry(s.notice.dayKey, .evening)?.deferrals == 1, "one more deferral, not a new reminder")
        #expect(!Self.names(s.core.handleSaving(.timer, now: s.now + 2000)).contains("reminder"))
    }

    @Test func laterSurvivesARestartThroughTheLedger() throws {
        var s = try Self.show(zone: "Asia/Kolkata", at: "2026-11-29T18:00")
        _ = s.core.handle(.reminderAction(.later), now: s.now + 10)
        // A new agent reads the saved ledger.
        let saved = try ReminderLedger.decode(
            try JSONParser.parse(Array(s.core.ledger.json.pretty.utf8), path: "l"), path: "l")
        var restarted = AgentCore(calendar: Fixture.calendar("Asia/Kolkata"), config: AgentConfig(), ledger: saved)
        var step = restarted.handleSaving(.start(.success(Fixture.files())), now: s.now + 60)
        #expect(!Self.names(step).contains("reminder"))
        #expect(step.nextWake == s.now + 910)
        step = restarted.handleSaving(.timer, now: s.now + 910)
        #expect(Self.names(step) == ["ledger", "reminder"])
    }

    @Test func laterNeverDefersPastTheBandsEnd() throws {
        // Evening ends at 21:00; Later at 20:50 with 15 minutes would pass it.
        var s = try Self.show(zone: "Asia/Kolkata", at: "2026-11-29T18:00")
        let late = try #require(RFC3339.parse("2026-11-29T20:50", in: Fixture.calendar("Asia/Kolkata")))
        let step = s.core.handle(.reminderAction(.later), now: late)
        #expect(Self.names(step).first == "close")
        #expect(s.core.ledger.entry(s.notice.dayKey, .evening)?.outcome == .fired)
        #expect(!Self.names(s.core.handleSaving(.timer, now: late + 900)).contains("reminder"))
    }

    @Test func laterWithinAndAcrossTheBandsEndInEveryZone() throws {
        for (zone, slot) in Self.eveningSlots {
            var s = try Self.show(zone: zone, at: slot)
            let calendar = Fixture.calendar(zone)
            let end = calendar.band(containing: s.now).interval.end
            // 16 minutes before the end: the snooze fits.
            var within = s
            _ = within.core.handle(.reminderAction(.later), now: end - 16 * 60)
            #expect(within.core.ledger.entry(s.notice.dayKey, .evening)?.outcome == .snoozed, "\(zone)")
            // 14 minutes before: it would pass the end.
            _ = s.core.handle(.reminderAction(.later), now: end - 14 * 60)
            #expect(s.core.ledger.entry(s.notice.dayKey, .evening)?.outcome == .fired, "\(zone)")
        }
    }

    @Test func theBandsEndClosesTheReminder() throws {
        var s = try Self.show(zone: "Europe/Helsinki", at: "2026-03-29T18:00")
        let end = Fixture.calendar("Europe/Helsinki").band(containing: s.now).interval.end
        let step = s.core.handle(.timer, now: end)
        #expect(Self.names(step).contains("close"))
        #expect(s.core.onScreen == nil)
    }

    @Test func readNowOpensTheShownBani() throws {
        var s = try Self.show(zone: "UTC", at: "2026-11-29T06:00")
        #expect(
            Self.names(s.core.handle(.reminderAction(.read), now: s.now + 1)) == [
                "open xdg-open https://www.sikhitothemax.org/sundar-gutka/2"
            ])
        // A dismissed reminder's late button press does nothing.
        _ = s.core.handle(.reminderDismissed, now: s.now + 2)
        #expect(Self.names(s.core.handle(.reminderAction(.read), now: s.now + 3)).isEmpty)
    }

    @Test(
        arguments: zip(
            zones,
            [
                "2026-11-29T18:00", "2026-03-29T18:00", "2026-04-05T18:00", "2026-04-24T18:00", "2026-10-04T18:00",
                "2026-03-29T18:00", "2026-11-29T18:00",
            ]))
    func aSlotThatPassesWhilePausedIsSkippedAndNeverFiresLateAfterResume(zone: String, slot: String) throws {
        let calendar = Fixture.calendar(zone)
        var core = AgentCore(calendar: calendar, config: AgentConfig())
        let at = try #require(RFC3339.parse(slot, in: calendar))
        _ = core.handle(.start(.success(Fixture.files())), now: at - 3600)
        _ = core.handle(.pauseChanged(at + 1800), now: at - 3600)
        let step = core.handleSaving(.timer, now: at)
        #expect(
            ReminderCoreTests.reminders(step).contains {
                if case .skip(_, .evening, .paused) = $0 { true } else { false }
            })
        // Resumed within the band: the slot was decided, nothing fires late.
        _ = core.handle(.pauseChanged(nil), now: at + 600)
        #expect(ReminderCoreTests.fired(core.handleSaving(.timer, now: at + 601)) == nil)
        // The next band's slot fires as usual.
        let night = try #require(RFC3339.parse(String(slot.prefix(10)) + "T21:30", in: calendar))
        #expect(ReminderCoreTests.fired(core.handleSaving(.timer, now: night))?.band == .night)
    }

    @Test func aPauseEndsOnItsOwn() throws {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: AgentConfig())
        let t = Fixture.instant("2026-11-29T17:00:00Z")
        _ = core.handle(.start(.success(Fixture.files())), now: t)
        let step = core.handle(.pauseChanged(Fixture.instant("2026-11-29T17:30:00Z")), now: t)
        #expect(Self.names(step).contains(ShellEventTests.log(.paused(until: "2026-11-29T17:30:00+00:00"))))
        #expect(step.nextWake == Fixture.instant("2026-11-29T17:30:00Z"))
        // After the pause, the 18:00 slot fires.
        #expect(ReminderCoreTests.fired(core.handleSaving(.timer, now: Fixture.instant("2026-11-29T18:00:00Z"))) != nil)
    }

    @Test func soundComesFromTheConfig() throws {
        var config = AgentConfig()
        config.sound = "message-new-instant"
        let s = try Self.show(zone: "UTC", at: "2026-11-29T18:00", config: config)
        #expect(s.notice.sound == "message-new-instant")
    }
}

/// A laptop closed with the Night reminder on screen and opened after 03:00: Mark read records the
/// night the reminder was for, not the new day (whose own Kirtan Sohila is still to read).
@Suite struct MarkAcrossTheDayTests {
    @Test(arguments: [
        ("UTC", "2026-11-29T21:30", "2026-11-30T03:20"), ("Asia/Kolkata", "2026-11-29T21:30", "2026-11-30T07:05"),
        // The night of Helsinki's spring change (03:00 → 04:00 at the band's end).
        ("Europe/Helsinki", "2026-03-28T21:30", "2026-03-29T04:30"),
        ("Australia/Lord_Howe", "2026-10-03T21:30", "2026-10-04T03:10"),
    ])
    func markReadAfterSleepingPast0300RecordsTheRemindersNight(zone: String, slot: String, woke: String) throws {
        var shown = try ReminderLoopTests.show(zone: zone, at: slot)
        #expect(shown.notice.band == .night)
        let night = shown.notice.dayKey
        let calendar = Fixture.calendar(zone)
        let resumed = try #require(RFC3339.parse(woke, in: calendar))
        #expect(calendar.dayKey(at: resumed) != night)
        // Asleep until after 03:00, the button pressed as the laptop wakes: the press comes in the
        // same wake as the clock change, and first (`EventLoop`).
        let pressed = shown.core.handleSaving(.reminderAction(.mark), now: resumed)
        let after = shown.core.handleSaving(.clockChanged, now: resumed)
        #expect(ReminderLoopTests.names(after).contains("close"), "\(ReminderLoopTests.names(after))")
        let marks = pressed.actions.compactMap { if case .markRead(let mark) = $0 { mark } else { nil } }
        #expect(marks.map(\.id) == [shown.notice.bani.id], "\(ReminderLoopTests.names(pressed))")
        #expect(marks.first?.day == night)
        // Another day's position is not today's: only the day key is recorded.
        #expect(marks.first?.movePosition == false)
    }
}
