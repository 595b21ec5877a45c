// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// Per-bani reminders (`nitnem sets remind`, the `reminders` of `nitnem-mynitnem.json`): at most
/// one per bani per Nitnem day at its wall time, skipped when read or paused, late only within the
/// band its slot falls in, the same buttons as a band's reminder, and the DST rules of band slots.
@Suite struct BaniReminderTests {
    static let path = "/g/nitnem-mynitnem.json"

    /// The embedded registry with `mine` (JSON text) applied and `progress` as read.
    static func files(_ mine: String, progress: [String: BaniProgress] = [:]) throws -> GroupFiles {
        let result = Result { () throws(GroupFileError) in
            try MyNitnem.decode(try JSONParser.parse(Array(mine.utf8), path: path), path: path)
        }
        return Fixture.files(progress).applying(result.map { $0 }, path: path)
    }

    static let sukhmaniAt10 = #"{"schema":1,"reminders":{"sukhmani":"10:00"}}"#
    static let utc = Fixture.calendar("UTC")

    /// Starts `core` at 10:00 on `sukhmaniAt10`; returns the files and the bani reminder it fires.
    static func startFiringSukhmani(_ core: inout AgentCore) throws -> (GroupFiles, AgentCore.ReminderNotice) {
        let files = try Self.files(Self.sukhmaniAt10)
        let step = core.handleSaving(.start(.success(files)), now: Fixture.instant("2026-11-29T10:00:00Z"))
        return (files, try #require(Fixture.fired(step)))
    }

    /// Only the per-bani reminders: the band slots off, so a step's reminder is the bani's.
    static let baniOnly: AgentConfig = {
        var config = AgentConfig()
        for band in ReminderPlan.bands { try! config.slots.set(band, nil) }
        return config
    }()

    @Test func itFiresAtItsWallTimeWithTheBanisButtons() throws {
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let start = core.handleSaving(
            .start(.success(try Self.files(Self.sukhmaniAt10))), now: Fixture.instant("2026-11-29T09:00:00Z"))
        #expect(Fixture.fired(start) == nil)
        #expect(start.nextWake == Fixture.instant("2026-11-29T10:00:00Z"))
        let step = core.handleSaving(.timer, now: Fixture.instant("2026-11-29T10:00:00Z"))
        let notice = try #require(Fixture.fired(step))
        #expect(notice.subject == .bani("sukhmani"))
        #expect(notice.bani.id == "sukhmani")
        #expect(notice.band == .morning)
        #expect(notice.summary == "Sukhmani Sahib · 10:00")
        #expect(notice.body == "your daily reminder · 0 of 7 today")
        #expect(!notice.late)
        #expect(notice.url == "sggs://bani/sukhmani")
        #expect(core.ledger.entry(Fixture.day("2026-11-29"), .bani("sukhmani"))?.outcome == .pending)
        // The band's own entry is untouched: the two are kept apart.
        #expect(core.ledger.entry(Fixture.day("2026-11-29"), .morning) == nil)
        let shown = core.handleSaving(.reminderShown(notice, error: nil), now: Fixture.instant("2026-11-29T10:00:01Z"))
        #expect(core.ledger.entry(Fixture.day("2026-11-29"), .bani("sukhmani"))?.outcome == .fired)
        // Once a day: the next wake is tomorrow's slot (or an earlier fixed point), never today again.
        #expect(shown.nextWake > Fixture.instant("2026-11-29T10:00:01Z"))
        let again = core.handleSaving(.timer, now: Fixture.instant("2026-11-29T12:00:00Z"))
        #expect(Fixture.fired(again) == nil)
        // Mark read marks that bani; once it is read, the reminder closes.
        let mark = core.handleSaving(.reminderAction(.mark), now: Fixture.instant("2026-11-29T12:00:00Z"))
        let sukhmani = try #require(EmbeddedRegistry.snapshot.bani(id: "sukhmani"))
        let today = Fixture.day("2026-11-29")
        #expect(mark.actions.contains(.markRead(Mark(sukhmani, day: today, today: today))))
        let read = try Self.files(Self.sukhmaniAt10, progress: Fixture.completed(["sukhmani"], on: "2026-11-29"))
        let closed = core.handleSaving(.filesRead(.success(read)), now: Fixture.instant("2026-11-29T12:00:01Z"))
        #expect(closed.actions.contains(.closeReminder))
        #expect(core.onScreen == nil)
    }

    /// A practice's reminder (`nitnem practice`): at its time, once, saying the practice's day
    /// (`Sukhmani Sahib · day 3 of 40`); closed when the bani is read by any writer; none on a day
    /// the bani was read before its time, none once the practice is over.
    @Test func aPracticeRemindsOnceWithItsDayAndClosesWhenRead() throws {
        let mine =
            #"{"schema":1,"practices":[{"bani":"sukhmani","from":"2026-11-27","days":40,"remind":"19:00"}]}"#
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let start = core.handleSaving(
            .start(.success(try Self.files(mine))), now: Fixture.instant("2026-11-29T09:00:00Z"))
        #expect(start.nextWake <= Fixture.instant("2026-11-29T19:00:00Z"))
        #expect(Fixture.fired(core.handleSaving(.timer, now: Fixture.instant("2026-11-29T18:59:00Z"))) == nil)
        let step = core.handleSaving(.timer, now: Fixture.instant("2026-11-29T19:00:00Z"))
        let notice = try #require(Fixture.fired(step))
        #expect(notice.subject == .bani("sukhmani"))
        #expect(notice.summary == "Sukhmani Sahib · day 3 of 40")
        #expect(notice.body == "your daily reminder · 0 of 7 today")
        _ = core.handleSaving(.reminderShown(notice, error: nil), now: Fixture.instant("2026-11-29T19:00:01Z"))
        #expect(Fixture.fired(core.handleSaving(.timer, now: Fixture.instant("2026-11-29T20:00:00Z"))) == nil)
        let read = try Self.files(mine, progress: Fixture.completed(["sukhmani"], on: "2026-11-29"))
        let closed = core.handleSaving(.filesRead(.success(read)), now: Fixture.instant("2026-11-29T20:00:01Z"))
        #expect(closed.actions.contains(.closeReminder))

        // Read before its time: skipped. Over (a 2-day practice ended yesterday): no slot at all.
        var early = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        _ = early.handleSaving(.start(.success(read)), now: Fixture.instant("2026-11-29T09:00:00Z"))
        #expect(Fixture.fired(early.handleSaving(.timer, now: Fixture.instant("2026-11-29T19:00:00Z"))) == nil)
        let over = #"{"schema":1,"practices":[{"bani":"sukhmani","from":"2026-11-27","days":2,"remind":"19:00"}]}"#
        let files = try Self.files(over)
        let day = Self.utc.nitnemDay(Fixture.day("2026-11-29"))
        #expect(ReminderRules.baniSlots(on: day, files: files, calendar: Self.utc).isEmpty)
        // The default time: 16:00 for a bani of the morning set, 20:00 for one in no set.
        let japji = try Self.files(#"{"schema":1,"practices":[{"bani":"japji","from":"2026-11-29","days":40}]}"#)
        #expect(ReminderRules.baniSlots(on: day, files: japji, calendar: Self.utc).map(\.time.description) == ["16:00"])
        let slots = ReminderRules.baniSlots(
            on: day, files: try Self.files(mine.replacing(#","remind":"19:00""#, with: "")), calendar: Self.utc)
        #expect(slots.map(\.time.description) == ["20:00"])
        #expect(slots.first?.practice == PracticeReminder.Count(day: 3, days: 40))
    }

    /// Its words go through the message table: English as above by default; in the user's language
    /// (a lookup as gettext's), with the title in the form config `titles` chose, where to resume,
    /// the Listen button and why it is skipped.
    @Test func itsWordsAreTranslatedAndItsTitleInTheChosenForm() throws {
        var config = Self.baniOnly
        config.titles = .gurmukhi
        var core = AgentCore(calendar: Self.utc, config: config)
        var progress = Fixture.completed(["japji"], on: "2026-11-29")
        progress["sukhmani"] = BaniProgress(lastSeq: 120)
        let files = try Self.files(Self.sukhmaniAt10, progress: progress)
        _ = core.handleSaving(.start(.success(files)), now: Fixture.instant("2026-11-29T09:00:00Z"))
        let notice = try #require(
            Fixture.fired(core.handleSaving(.timer, now: Fixture.instant("2026-11-29T10:00:00Z"))))
        let nLines = try #require(EmbeddedRegistry.snapshot.bani(id: "sukhmani")).nLines
        let gurmukhi = try #require(EmbeddedRegistry.snapshot.bani(id: "sukhmani")?.titleGurmukhi)
        // English words (logs, simulate), the title as chosen.
        #expect(notice.summary == "\(gurmukhi) · 10:00")
        #expect(notice.body == "your daily reminder · 1 of 7 today · resume at line 120 of \(nLines)")
        let pa: [String: String] = [
            "{title} · {time}": "{time} · {title}",
            "your daily reminder · {done} of {total} today": "ਤੁਹਾਡੀ ਰੋਜ਼ਾਨਾ ਯਾਦ-ਦਹਾਨੀ · ਅੱਜ {total} ਵਿੱਚੋਂ {done}",
            "{line} · resume at line {seq} of {lines}": "{line} · {lines} ਵਿੱਚੋਂ ਪੰਕਤੀ {seq} ਤੋਂ ਅੱਗੇ",
            "Listen": "ਸੁਣੋ", "the bani is read today": "ਇਹ ਬਾਣੀ ਅੱਜ ਪੜ੍ਹੀ ਜਾ ਚੁੱਕੀ ਹੈ",
        ]
        let l = Localizer { msgid, _, _ in pa[msgid] }
        #expect(notice.summary(l) == "10:00 · \(gurmukhi)")
        #expect(notice.body(l) == "ਤੁਹਾਡੀ ਰੋਜ਼ਾਨਾ ਯਾਦ-ਦਹਾਨੀ · ਅੱਜ 7 ਵਿੱਚੋਂ 1 · \(nLines) ਵਿੱਚੋਂ ਪੰਕਤੀ 120 ਤੋਂ ਅੱਗੇ")
        #expect(ReminderAction.listen.label(l) == "ਸੁਣੋ")
        #expect(ReminderAction.listen.label == "Listen")
        #expect(l.reason(.baniRead) == "ਇਹ ਬਾਣੀ ਅੱਜ ਪੜ੍ਹੀ ਜਾ ਚੁੱਕੀ ਹੈ")
        #expect(Localizer.english.reason(.baniRead) == "the bani is read today")
    }

    @Test func itIsSkippedWhenTheBaniIsReadOrRemindersArePaused() throws {
        let day = Fixture.day("2026-11-29")
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let read = try Self.files(Self.sukhmaniAt10, progress: Fixture.completed(["sukhmani"], on: "2026-11-29"))
        let step = core.handleSaving(.start(.success(read)), now: Fixture.instant("2026-11-29T10:00:05Z"))
        #expect(
            step.actions.contains(
                .reminder(.skipBani(dayKey: day, band: .morning, bani: "sukhmani", reason: .baniRead))))
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.reason == .baniRead)

        var paused = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        _ = paused.handleSaving(
            .pauseChanged(Fixture.instant("2026-11-30T00:00:00Z")), now: Fixture.instant("2026-11-29T09:00:00Z"))
        let skipped = paused.handleSaving(
            .start(.success(try Self.files(Self.sukhmaniAt10))), now: Fixture.instant("2026-11-29T10:00:05Z"))
        #expect(
            skipped.actions.contains(
                .reminder(.skipBani(dayKey: day, band: .morning, bani: "sukhmani", reason: .paused))))
        #expect(Fixture.fired(skipped) == nil)
    }

    @Test func lateOnlyWhileTheBandOfItsSlotLasts() throws {
        // Started at 16:59 (the Morning band, which holds 10:00, ends at 17:00): one late reminder.
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let late = core.handleSaving(
            .start(.success(try Self.files(Self.sukhmaniAt10))), now: Fixture.instant("2026-11-29T16:59:00Z"))
        #expect(Fixture.fired(late)?.late == true)
        // Started at 17:00 (Evening): never, that day.
        var other = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let none = other.handleSaving(
            .start(.success(try Self.files(Self.sukhmaniAt10))), now: Fixture.instant("2026-11-29T17:00:00Z"))
        #expect(Fixture.fired(none) == nil)
        #expect(none.actions.allSatisfy { if case .reminder = $0 { false } else { true } })
        #expect(other.ledger.entries.isEmpty)
    }

    @Test func laterSnoozesItWithinItsBandAndItComesBackOnce() throws {
        let day = Fixture.day("2026-11-29")
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let first = core.handleSaving(
            .start(.success(try Self.files(Self.sukhmaniAt10))), now: Fixture.instant("2026-11-29T10:00:00Z"))
        let notice = try #require(Fixture.fired(first))
        _ = core.handleSaving(.reminderShown(notice, error: nil), now: Fixture.instant("2026-11-29T10:00:00Z"))
        let later = core.handleSaving(.reminderAction(.later), now: Fixture.instant("2026-11-29T10:05:00Z"))
        #expect(later.actions.contains(.closeReminder))
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.outcome == .snoozed)
        #expect(later.nextWake == Fixture.instant("2026-11-29T10:20:00Z"))
        let back = core.handleSaving(.timer, now: Fixture.instant("2026-11-29T10:20:00Z"))
        #expect(Fixture.fired(back)?.bani.id == "sukhmani")
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.deferrals == 1)
    }

    @Test func aBandReminderAndABaniReminderDueTogetherAreBothRecordedOnce() throws {
        let day = Fixture.day("2026-11-29")
        // Sukhmani at 18:00, the Evening band's slot too.
        let mine = #"{"schema":1,"reminders":{"sukhmani":"18:00"}}"#
        var core = AgentCore(calendar: Self.utc)
        var shown: [String] = []
        _ = CoreDriver.run(
            &core, [.start(.success(try Self.files(mine)))], now: { Fixture.instant("2026-11-29T18:00:00Z") },
            perform: { action, core in
                switch action {
                case .saveLedger: return core.awaitingSave != nil ? [.ledgerSaved] : []
                case .reminder(.fire(let notice)):
                    shown.append(notice.summary)
                    return [.reminderShown(notice, error: nil)]
                default: return []
                }
            })
        #expect(shown == ["Evening · Rehras Sahib", "Sukhmani Sahib · 18:00"])
        #expect(core.ledger.entry(day, .evening)?.outcome == .fired)
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.outcome == .fired)
    }

    @Test func aCleanStopWithdrawsItAndARestartInItsBandShowsItOnce() throws {
        let day = Fixture.day("2026-11-29")
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let (files, notice) = try Self.startFiringSukhmani(&core)
        _ = core.handleSaving(.reminderShown(notice, error: nil), now: Fixture.instant("2026-11-29T10:00:00Z"))
        let stop = core.handleSaving(.stopSignal(15), now: Fixture.instant("2026-11-29T10:10:00Z"))
        #expect(stop.actions.contains(.closeReminder))
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.withdrawn == true)
        var restarted = AgentCore(calendar: Self.utc, config: Self.baniOnly, ledger: core.ledger)
        let again = try #require(
            Fixture.fired(
                restarted.handleSaving(.start(.success(files)), now: Fixture.instant("2026-11-29T10:11:00Z"))))
        #expect(again.shownAgain && again.subject == .bani("sukhmani"))
    }

    @Test func remindersListSaysWhatBecomesOfEachAsTheAgentDecides() throws {
        let now = Fixture.instant("2026-11-29T09:00:00Z")
        func plan(_ files: GroupFiles, ledger: ReminderLedger = ReminderLedger()) -> ReminderPlan {
            ReminderPlan(
                now: now, calendar: Self.utc, config: Self.baniOnly, ledger: ledger, pausedUntil: nil, files: files)
        }
        let ahead = plan(try Self.files(Self.sukhmaniAt10))
        #expect(ahead.baniSlots.map(\.status) == [.upcoming(.remind)])
        #expect(ahead.baniSlots.first?.band == .morning)
        #expect(ahead.next?.bani == "sukhmani")
        #expect(ahead.next?.at == Fixture.instant("2026-11-29T10:00:00Z"))
        // Read already: today's will be skipped, and the next is tomorrow's.
        let read = plan(
            try Self.files(Self.sukhmaniAt10, progress: Fixture.completed(["sukhmani"], on: "2026-11-29")))
        #expect(read.baniSlots.map(\.status) == [.upcoming(.skip(.baniRead))])
        #expect(read.next?.at == Fixture.instant("2026-11-30T10:00:00Z"))
        // After the agent's own decisions: the same story, told from the ledger.
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let (files, notice) = try Self.startFiringSukhmani(&core)
        _ = core.handleSaving(.reminderShown(notice, error: nil), now: Fixture.instant("2026-11-29T10:00:00Z"))
        let later = ReminderPlan(
            now: Fixture.instant("2026-11-29T11:00:00Z"), calendar: Self.utc, config: Self.baniOnly,
            ledger: core.ledger, pausedUntil: nil, files: files)
        #expect(
            later.baniSlots.map(\.status) == [
                .reminded(bani: "sukhmani", at: Fixture.instant("2026-11-29T10:00:00Z"), late: false)
            ])
    }

    @Test func aKilledAgentsBaniReminderIsTakenOverInPlace() throws {
        let day = Fixture.day("2026-11-29")
        var core = AgentCore(calendar: Self.utc, config: Self.baniOnly)
        let (files, notice) = try Self.startFiringSukhmani(&core)
        _ = core.handleSaving(.reminderShown(notice, error: nil, id: 7), now: Fixture.instant("2026-11-29T10:00:00Z"))
        #expect(core.ledger.entry(day, .bani("sukhmani"))?.notificationID == 7)
        // kill -9: no withdraw. The next agent shows the same reminder in place of id 7.
        var restarted = AgentCore(calendar: Self.utc, config: Self.baniOnly, ledger: core.ledger)
        let again = try #require(
            Fixture.fired(
                restarted.handleSaving(.start(.success(files)), now: Fixture.instant("2026-11-29T10:30:00Z"))))
        #expect(again.subject == .bani("sukhmani") && again.shownAgain && again.replacing == 7)
        // Read meanwhile: closed, not shown.
        var third = AgentCore(calendar: Self.utc, config: Self.baniOnly, ledger: core.ledger)
        let read = try Self.files(Self.sukhmaniAt10, progress: Fixture.completed(["sukhmani"], on: "2026-11-29"))
        let closed = third.handleSaving(.start(.success(read)), now: Fixture.instant("2026-11-29T10:30:00Z"))
        #expect(Fixture.fired(closed) == nil)
        #expect(closed.actions.contains(.closeNotification(id: 7)))
    }

    @Test func theLedgerKeepsWhichBaniAnEntryIsFor() throws {
        var ledger = ReminderLedger()
        ledger.record(
            ReminderLedger.Entry(
                dayKey: Fixture.day("2026-11-29"), band: .morning, at: Fixture.instant("2026-11-29T10:00:00Z"),
                outcome: .fired, bani: "sukhmani", subject: .bani("sukhmani")))
        ledger.record(
            ReminderLedger.Entry(
                dayKey: Fixture.day("2026-11-29"), band: .morning, at: Fixture.instant("2026-11-29T10:00:00Z"),
                outcome: .skipped, reason: .emptySet))
        #expect(ledger.entries.count == 2)
        let read = try ReminderLedger.decode(ledger.json, path: "/l")
        #expect(read == ledger)
        #expect(read.entry(Fixture.day("2026-11-29"), .bani("sukhmani"))?.outcome == .fired)
        #expect(read.entry(Fixture.day("2026-11-29"), .morning)?.outcome == .skipped)
    }

    /// One zone and reminder time for the year-long simulation.
    struct YearCase: CustomTestStringConvertible, Sendable {
        let zone: String
        let time: String
        let from: String
        let days: Int
        /// On how many days its time lies in a DST gap.
        var gapDays = 0
        var testDescription: String { "\(zone) \(time)" }
    }

    static let years: [YearCase] = [
        // Helsinki: 03:30 on the spring-forward day lies in the 03:00→04:00 gap; 03:30 twice in autumn.
        YearCase(zone: "Europe/Helsinki", time: "03:30", from: "2026-01-01T12:00:00+02:00", days: 365, gapDays: 1),
        // Dublin: 01:30 in the 01:00→02:00 gap in March, twice in October.
        YearCase(zone: "Europe/Dublin", time: "01:30", from: "2026-01-01T12:00:00Z", days: 365, gapDays: 1),
        // Lord Howe: 02:00→02:30 in October, 02:00→01:30 in April (01:45 twice).
        YearCase(zone: "Australia/Lord_Howe", time: "02:15", from: "2026-01-01T12:00:00+11:00", days: 365, gapDays: 1),
        YearCase(zone: "Australia/Lord_Howe", time: "01:45", from: "2026-01-01T12:00:00+11:00", days: 365),
        // Santiago: midnight skipped in September (00:00→01:00).
        YearCase(zone: "America/Santiago", time: "00:30", from: "2026-01-01T12:00:00-03:00", days: 365, gapDays: 1),
        // Apia skipped 2011-12-30 whole.
        YearCase(zone: "Pacific/Apia", time: "10:00", from: "2011-06-01T02:00:00-11:00", days: 365),
        YearCase(zone: "Asia/Kolkata", time: "05:45", from: "2026-01-01T12:00:00+05:30", days: 365),
    ]

    /// Over a simulated year, exactly one reminder per bani per Nitnem day, at its wall time read by
    /// Foundation's own zone (the oracle) — or, on a day its time lies in a DST gap, at the first
    /// instant after the gap.
    @Test(arguments: years) func oncePerDayAtItsWallTimeOverAYear(_ c: YearCase) throws {
        let calendar = Fixture.calendar(c.zone)
        let mine = #"{"schema":1,"reminders":{"sukhmani":"\#(c.time)"}}"#
        let from = Fixture.instant(c.from)
        let to = from.addingTimeInterval(Double(c.days) * 86_400)
        var lines: [(at: String, dayKey: String)] = []
        Simulation(from: from, to: to, calendar: calendar, files: try Self.files(mine), config: Self.baniOnly).run(
            lines: { line in
                if case .reminder(let at, _, let dayKey, let bani, _, true) = line, bani == "sukhmani" {
                    lines.append((at.description, dayKey))
                }
            })
        let zone = try #require(TimeZone(identifier: c.zone))
        var oracle = Calendar(identifier: .gregorian)
        oracle.timeZone = zone
        let wanted = try #require(WallTime(c.time))
        var perDay: [String: Int] = [:]
        var gapDays = 0
        for line in lines {
            perDay[line.dayKey, default: 0] += 1
            let instant = Fixture.instant(line.at)
            let date = Foundation.Date(timeIntervalSince1970: instant.timeIntervalSince1970)
            let parts = oracle.dateComponents([.hour, .minute, .second], from: date)
            let wall = parts.hour! * 3600 + parts.minute! * 60 + parts.second!
            if wall != wanted.secondsIntoDay {
                // Only just after a gap: the offset changed forward in the second before.
                let offsetNow = zone.secondsFromGMT(for: date)
                let offsetBefore = zone.secondsFromGMT(for: date.addingTimeInterval(-1))
                #expect(offsetNow > offsetBefore, "\(line.at) is not at \(c.time) and not just after a gap")
                gapDays += 1
            }
        }
        #expect(perDay.values.allSatisfy { $0 == 1 }, "more than one on a day: \(perDay.filter { $0.value > 1 })")
        // Every Nitnem day of the run has one (the first may have begun before the run).
        #expect(lines.count >= c.days - 1)
        #expect(lines.count <= c.days + 1)
        #expect(gapDays == c.gapDays)
    }
}
