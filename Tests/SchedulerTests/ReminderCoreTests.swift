// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// The reminder rules of the core, as tables of instants.
@Suite struct ReminderCoreTests {
    static func cal(_ zone: String) -> NitnemCalendar { ZoneFiles.calendar(zone) }
    static func at(_ text: String) -> Date { Fixture.instant(text) }
    static func files(_ progress: [String: BaniProgress] = [:], snapshot: NitnemSnapshot = EmbeddedRegistry.snapshot)
        -> GroupFiles
    {
        Fixture.files(progress, snapshot: snapshot)
    }

    /// What one step decided about reminders.
    static func reminders(_ step: AgentCore.Step) -> [AgentCore.ReminderDecision] {
        step.actions.compactMap { if case .reminder(let d) = $0 { d } else { nil } }
    }

    static func fired(_ step: AgentCore.Step) -> AgentCore.ReminderNotice? { Fixture.fired(step) }

    /// Wakes the core at every instant it asks for, from `from` to `to`, through the `CoreDriver`:
    /// every save lands and every reminder is shown at once (or fails to, `failShow`); returns the
    /// reminders (and skips) with the instants they were decided at.
    static func drive(
        _ core: inout AgentCore, from: Date, to: Date, files: GroupFiles, failShow: Bool = false
    ) -> [(Date, AgentCore.ReminderDecision)] {
        var out: [(Date, AgentCore.ReminderDecision)] = []
        var now = from
        var event = AgentCore.Event.start(.success(files))
        while true {
            let step = CoreDriver.run(
                &core, [event], now: { now },
                perform: { action, _ in
                    switch action {
                    case .saveLedger: return [.ledgerSaved]
                    case .reminder(let decision):
                        out.append((now, decision))
                        if case .fire(let n) = decision {
                            return [.reminderShown(n, error: failShow ? .test("no server") : nil)]
                        }
                    default: break
                    }
                    return []
                })
            guard step.nextWake <= to else { break }
            now = step.nextWake
            event = .timer
        }
        return out
    }

    @Test func firesAtTheSlotOnceWithSummaryAndBody() {
        var core = AgentCore(calendar: Self.cal("UTC"))
        let start = core.handleSaving(.start(.success(Self.files())), now: Self.at("2026-11-29T17:00:00Z"))
        #expect(start.nextWake == Self.at("2026-11-29T18:00:00Z"))
        #expect(Self.reminders(start).isEmpty)
        let step = core.handleSaving(.timer, now: Self.at("2026-11-29T18:00:00Z"))
        let notice = try! #require(Self.fired(step))
        #expect(notice.summary == "Evening · Rehras Sahib")
        #expect(notice.body == "0 of 7 today")
        #expect(notice.url == "sggs://bani/rehras")
        #expect(!notice.late)
        // The ledger is saved (pending) before the show.
        #expect(
            step.actions.firstIndex { if case .saveLedger = $0 { true } else { false } }! < step.actions.firstIndex {
                if case .reminder = $0 { true } else { false }
            }!)
        #expect(core.ledger.entry(CivilDate("2026-11-29")!, .evening)?.outcome == .pending)
        let shown = core.handle(.reminderShown(notice, error: nil), now: Self.at("2026-11-29T18:00:00Z"))
        #expect(core.ledger.entry(CivilDate("2026-11-29")!, .evening)?.outcome == .fired)
        #expect(shown.nextWake == Self.at("2026-11-29T21:00:00Z"))
        // Never twice: a clock jump back before the slot, or any later wake in the band.
        #expect(Self.reminders(core.handleSaving(.clockChanged, now: Self.at("2026-11-29T17:30:00Z"))).isEmpty)
        #expect(Self.reminders(core.handleSaving(.timer, now: Self.at("2026-11-29T18:00:00Z"))).isEmpty)
        #expect(
            Self.reminders(
                core.handleSaving(.filesRead(.success(Self.files())), now: Self.at("2026-11-29T19:00:00Z"))
            )
            .isEmpty)
    }

    @Test func bodyNamesTheResumePoint() {
        var core = AgentCore(calendar: Self.cal("UTC"))
        let progress = ["japji": BaniProgress(lastSeq: 120, lastReadAt: Self.at("2026-11-29T04:00:00Z"))]
        _ = core.handleSaving(.start(.success(Self.files(progress))), now: Self.at("2026-11-29T05:00:00Z"))
        let notice = Self.fired(core.handleSaving(.timer, now: Self.at("2026-11-29T06:00:00Z")))
        #expect(notice?.summary == "Amrit Vela · Japji Sahib")
        #expect(notice?.body == "0 of 7 today · resume at line 120 of 385")
    }

    @Test func skippedWhenTheBandsSetIsComplete() {
        var core = AgentCore(calendar: Self.cal("UTC"))
        let read = ["rehras": BaniProgress(completedDays: [CivilDate("2026-11-29")!])]
        _ = core.handleSaving(.start(.success(Self.files(read))), now: Self.at("2026-11-29T17:00:00Z"))
        let step = core.handleSaving(.timer, now: Self.at("2026-11-29T18:00:00Z"))
        #expect(
            Self.reminders(step) == [.skip(dayKey: CivilDate("2026-11-29")!, band: .evening, reason: .bandComplete)])
        // remind-when-done = yes reminds anyway.
        var config = AgentConfig()
        config.remindWhenDone = true
        var eager = AgentCore(calendar: Self.cal("UTC"), config: config)
        _ = eager.handleSaving(.start(.success(Self.files(read))), now: Self.at("2026-11-29T17:00:00Z"))
        #expect(Self.fired(eager.handleSaving(.timer, now: Self.at("2026-11-29T18:00:00Z")))?.bani.id == "rehras")
    }

    @Test(arguments: [
        // Marked a second before the slot: skipped. A second after: already fired, nothing more.
        ("2026-11-29T17:59:59Z", true), ("2026-11-29T18:00:01Z", false),
    ])
    func marksAroundTheSlot(_ markAt: String, _ skipped: Bool) {
        var core = AgentCore(calendar: Self.cal("UTC"))
        var decisions: [AgentCore.ReminderDecision] = []
        var step = core.handleSaving(.start(.success(Self.files())), now: Self.at("2026-11-29T17:00:00Z"))
        let read = Self.files(["rehras": BaniProgress(completedDays: [CivilDate("2026-11-29")!])])
        let mark = Self.at(markAt)
        if mark < step.nextWake {
            decisions += Self.reminders(core.handleSaving(.filesRead(.success(read)), now: mark))
            decisions += Self.reminders(core.handleSaving(.timer, now: Self.at("2026-11-29T18:00:00Z")))
        } else {
            step = core.handleSaving(.timer, now: step.nextWake)
            decisions += Self.reminders(step)
            if let n = Self.fired(step) { _ = core.handle(.reminderShown(n, error: nil), now: step.nextWake) }
            decisions += Self.reminders(core.handleSaving(.filesRead(.success(read)), now: mark))
        }
        #expect(decisions.count == 1)
        if case .skip = decisions[0] { #expect(skipped) } else { #expect(!skipped) }
    }

    @Test func lateWhileTheBandLastsNeverAfter() {
        // Started at 07:30, after the 06:00 slot, still Amrit Vela: once, late.
        var late = AgentCore(calendar: Self.cal("Asia/Kolkata"))
        let step = late.handleSaving(.start(.success(Self.files())), now: Self.at("2026-11-29T02:00:00Z"))
        #expect(Self.fired(step)?.late == true)
        #expect(Self.fired(step)?.band == .amritVela)
        // Started at 09:30: the Amrit Vela band has ended; nothing until the evening slot.
        var after = AgentCore(calendar: Self.cal("Asia/Kolkata"))
        let s2 = after.handleSaving(.start(.success(Self.files())), now: Self.at("2026-11-29T04:00:00Z"))
        #expect(Self.reminders(s2).isEmpty)
        #expect(s2.nextWake == Self.at("2026-11-29T11:30:00Z"))  // 17:00 IST, the evening band
    }

    @Test func longSuspendGivesAtMostOneReminder() {
        var core = AgentCore(calendar: Self.cal("UTC"))
        _ = core.handleSaving(.start(.success(Self.files())), now: Self.at("2026-11-27T03:00:00Z"))
        // Asleep from 03:00 on the 27th until 19:00 on the 29th: only the 29th's evening reminder.
        let resumed = core.handleSaving(.clockChanged, now: Self.at("2026-11-29T19:00:00Z"))
        let decisions = Self.reminders(resumed)
        #expect(decisions.count == 1)
        #expect(Self.fired(resumed)?.band == .evening)
        #expect(Self.fired(resumed)?.late == true)
    }

    @Test func failedShowIsRetriedWhileTheBandLasts() {
        var core = AgentCore(calendar: Self.cal("UTC"))
        let out = Self.drive(
            &core, from: Self.at("2026-11-29T20:00:00Z"), to: Self.at("2026-11-30T02:59:59Z"), files: Self.files(),
            failShow: true
        ).filter { if case .fire(let n) = $0.1 { n.band == .night } else { false } }
        // Night 21:30 → retried with back-off until the band ends at 03:00, never after.
        #expect(out.count >= 5, "\(out.map { RFC3339.format($0.0, in: Self.cal("UTC")) })")
        #expect(out.allSatisfy { $0.0 >= Self.at("2026-11-29T21:30:00Z") && $0.0 < Self.at("2026-11-30T03:00:00Z") })
        let gaps = zip(out.dropFirst(), out).map { $0.0.timeIntervalSince($1.0) }
        #expect(gaps.first == 30)
        #expect(gaps.allSatisfy { $0 <= 600 })
        #expect(core.ledger.entry(CivilDate("2026-11-29")!, .night) == nil)
    }

    @Test func remindersOffOrUnavailableNeverRemind() {
        var off = AgentConfig()
        off.remindersOn = false
        var core = AgentCore(calendar: Self.cal("UTC"), config: off)
        #expect(
            Self.drive(
                &core, from: Self.at("2026-11-29T00:00:00Z"), to: Self.at("2026-12-02T00:00:00Z"), files: Self.files()
            )
            .isEmpty)
        var unavailable = EmbeddedRegistry.snapshot
        unavailable.banisAvailable = false
        var core2 = AgentCore(calendar: Self.cal("UTC"))
        #expect(
            Self.drive(
                &core2, from: Self.at("2026-11-29T00:00:00Z"), to: Self.at("2026-12-02T00:00:00Z"),
                files: Self.files(snapshot: unavailable)
            ).isEmpty)
    }

    /// Each slot of `DSTSlot.all`, set in the config, fires once at its instant, from three hours
    /// before it.
    @Test(arguments: try DSTSlot.all())
    func slotsOnDSTDaysFireOnce(_ c: DSTSlot) throws {
        let config = try AgentConfig.parse("reminder.\(c.band.rawValue) = \(c.time)", path: "config")
        var core = AgentCore(calendar: Self.cal(c.zone), config: config)
        let from = Self.at(c.expected).addingTimeInterval(-3 * 3600)
        let out = Self.drive(&core, from: from, to: from.addingTimeInterval(12 * 3600), files: Self.files())
            .filter {
                if case .fire(let n) = $0.1 { n.band == c.band } else { false }
            }
        #expect(out.count == 1)
        #expect(out.first?.0 == Self.at(c.expected))
        if case .fire(let n)? = out.first?.1 {
            #expect(!n.late)
            #expect(n.dayKey == CivilDate(c.day))
        }
    }
}

@Suite struct AgentConfigTests {
    @Test func defaultsAndEveryKey() throws {
        let config = try AgentConfig.parse(
            """
            # nitnem
            reminders = on
            reminder.amritVela = 05:15   # earlier
            reminder.evening = off
            reminder.night = 00:30
            open = firefox --new-tab
            remind-when-done = yes

            """, path: "/c")
        #expect(config.remindersOn)
        #expect(config.slots.times[.amritVela] == WallTime("05:15"))
        #expect(config.slots.times[.evening] == nil)
        #expect(config.slots.times[.night] == WallTime("00:30"))
        #expect(config.opener == ["firefox", "--new-tab"])
        #expect(config.remindWhenDone)
        #expect(try AgentConfig.parse("", path: "/c") == AgentConfig())
    }

    @Test(arguments: [
        ("colour = blue", "/c:1: unknown key 'colour'"),
        ("\n\nreminders = maybe", "/c:3: reminders must be on or off (also yes/no, true/false), not 'maybe'"),
        (
            "reminder.evening = 6pm",
            "/c:1: reminder.evening must be a time H:MM or HH:MM (24-hour, 17:00–20:59) or off, not '6pm'"
        ),
        ("reminder.evening = 22:00", "/c:1: reminder.evening: 22:00 is outside the Evening band (17:00–20:59)"),
        ("reminder.amritVela = 10:00", "/c:1: reminder.amritVela: 10:00 is outside the Amrit Vela band (03:00–08:59)"),
        ("just words", "/c:1: 'just words' is not a 'key = value' line"),
        ("open =", "/c:1: open must be a program and its arguments, such as xdg-open, not ''"),
        (
            "remind-when-done = maybe",
            "/c:1: remind-when-done must be yes or no (also on/off, true/false), not 'maybe'"
        ),
    ])
    func badLinesNameFileAndLine(_ text: String, _ prefix: String) {
        #expect(AgentConfig.error(parsing: text)?.description.hasPrefix(prefix) == true)
    }

    @Test func crlfLineEndsAreLineEnds() throws {
        // "\r\n" is one Character: split on "\n" alone, this was one comment line.
        let config = try AgentConfig.parse("# nitnem settings\r\nreminders = off\r\n", path: "/c")
        #expect(!config.remindersOn)
        let mixed = try AgentConfig.parse(
            "reminders = off\r\nreminder.evening = 18:30\nopen = xdg-open\r\n", path: "/c")
        #expect(mixed.slots.times[.evening] == WallTime("18:30"))
        #expect(!mixed.remindersOn)
        #expect(
            AgentConfig.error(parsing: "# a\r\n\r\nreminders = maybe\r\n")?.description
                == "/c:3: reminders must be on or off (also yes/no, true/false), not 'maybe'")
    }

    @Test func aKeyGivenTwiceNamesBothLines() {
        let text = "# settings\nreminders = on\n\n\nreminders = off\n"
        let error = AgentConfig.error(parsing: text)
        #expect(error?.code == .duplicateKey)
        #expect(error?.description == "/c:5: reminders given twice (first on line 2)")
    }

    @Test func valuesEchoedInErrorsHaveControlCharactersEscaped() {
        #expect(
            AgentConfig.error(parsing: "reminders = o\u{1B}[2Jn\u{0}")?.description
                == #"/c:1: reminders must be on or off (also yes/no, true/false), not 'o\u{1B}[2Jn\u{0}'"#)
    }
}

@Suite struct ReminderLedgerTests {
    @Test func roundTripAndPrune() throws {
        var ledger = ReminderLedger()
        let day = CivilDate("2026-11-29")!
        ledger.record(
            .init(dayKey: day.adding(days: -40), band: .night, at: Date(timeIntervalSince1970: 0), outcome: .fired))
        ledger.record(
            .init(
                dayKey: day, band: .evening, at: Fixture.instant("2026-11-29T18:00:00Z"), outcome: .fired,
                bani: "rehras"))
        // Older than 30 days is dropped when a new day is recorded.
        #expect(ledger.entries.count == 1)
        ledger.record(
            .init(
                dayKey: day, band: .night, at: Fixture.instant("2026-11-29T21:30:00Z"), outcome: .skipped,
                reason: .bandComplete))
        #expect(ledger.entries.count == 2)
        let text = ledger.json.compact
        let back = try ReminderLedger.decode(try JSONParser.parse(Array(text.utf8), path: "l"), path: "l")
        #expect(back == ledger)
    }
}

@Suite struct SkipReasonTests {
    static let day = CivilDate("2026-11-29")!
    static let at = Fixture.instant("2026-11-29T21:30:00Z")

    @Test(arguments: [
        (SkipReason.bandComplete, "band-complete"), (.emptySet, "empty-set"), (.other("quiet-hours"), "quiet-hours"),
    ])
    func roundTripThroughTheLedgerFile(_ reason: SkipReason, _ text: String) throws {
        #expect(reason.rawValue == text)
        #expect(SkipReason(rawValue: text) == reason)
        let ledger = ReminderLedger(entries: [
            .init(dayKey: Self.day, band: .night, at: Self.at, outcome: .skipped, reason: reason)
        ])
        let file = ledger.json.compact
        #expect(
            file
                == #"{"schema":1,"entries":[{"dayKey":"2026-11-29","band":"night","at":"2026-11-29T21:30:00Z","outcome":"skipped","bani":null,"late":false,"reason":""#
                + text + #""}]}"#)
        let back = try ReminderLedger.decode(try JSONParser.parse(Array(file.utf8), path: "l"), path: "l")
        #expect(back == ledger)
        #expect(back.json.compact == file)
    }

    @Test func anUnknownReasonFromAnOlderLedgerIsKeptAsRead() throws {
        // No known case: decoded as `.other`, never a crash or a lost entry, and written back as read.
        let file =
            #"{"schema":1,"entries":[{"dayKey":"2026-11-29","band":"evening","at":"2026-11-29T18:00:00Z","outcome":"skipped","bani":null,"late":false,"reason":"paused"}]}"#
        let ledger = try ReminderLedger.decode(try JSONParser.parse(Array(file.utf8), path: "l"), path: "l")
        #expect(ledger.entry(Self.day, .evening)?.reason == .other("paused"))
        #expect(ledger.json.compact == file)
    }

    @Test func theCoreSkipsAnEmptySet() {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.sets["night"] = []
        let files = GroupFiles(
            snapshot: snapshot, source: .embedded,
            progress: NitnemProgress(schema: 1, banis: [:], warnings: [], raw: .null), warnings: [])
        var core = AgentCore(calendar: ZoneFiles.calendar("UTC"))
        let step = core.handleSaving(.start(.success(files)), now: Self.at)
        #expect(step.actions.contains(.reminder(.skip(dayKey: Self.day, band: .night, reason: .emptySet))))
        #expect(core.ledger.entry(Self.day, .night)?.reason == .emptySet)
        #expect(step.actions.contains(.log(.reminderSkipped(.band(.night), day: Self.day, reason: .emptySet))))
    }
}
