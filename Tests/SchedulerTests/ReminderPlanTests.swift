// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `ReminderPlan`: what `nitnem reminders list` says of each slot, and which reminder is next.
@Suite struct ReminderPlanTests {
    static func at(_ text: String) -> Date { Fixture.instant(text) }
    static func day(_ text: String) -> CivilDate { CivilDate(text)! }

    /// A slot's status in a word or two: `upcoming`, `due→skip:band-complete`, `reminded japji late`.
    static func word(_ status: ReminderPlan.Status) -> String {
        func decision(_ d: ReminderPlan.Decision) -> String {
            switch d {
            case .remind: ""
            case .skip(let reason): "→skip:\(reason)"
            }
        }
        switch status {
        case .off: return "off"
        case .remindersOff: return "reminders-off"
        case .unavailable: return "unavailable"
        case .reminded(let bani, _, let late): return "reminded \(bani ?? "?")\(late ? " late" : "")"
        case .withdrawn(let bani, _): return "withdrawn \(bani ?? "?")"
        case .shownAgain(let bani, _): return "shown-again \(bani ?? "?")"
        case .snoozed(_, _, let then):
            return "snoozed" + (then.map { $0 == .remind ? "→remind" : decision($0) } ?? "→never")
        case .skipped(let reason, _): return "skipped:\(reason)"
        case .upcoming(let d): return "upcoming" + decision(d)
        case .due(let d): return "due" + decision(d)
        case .missed: return "missed"
        }
    }

    /// `evening slot 2026-11-29T18:00:00+00:00`, `evening due …`, `evening again …`, or `none`.
    static func word(_ next: ReminderPlan.Next?, _ calendar: NitnemCalendar) -> String {
        guard let next else { return "none" }
        return "\(next.band.rawValue) \(next.kind) \(RFC3339.format(next.at, in: calendar))"
    }

    /// Later pressed on the Evening reminder (Rehras) at 18:00: snoozed until 18:15.
    static let laterUntil1815 = entry(
        .evening, .snoozed, at: "2026-11-29T18:00:00Z", bani: "rehras", snoozedUntil: "2026-11-29T18:15:00Z")

    /// A ledger entry of `day` for `band`.
    static func entry(
        _ band: Band, _ outcome: ReminderLedger.Outcome, at text: String, day: String = "2026-11-29",
        bani: String? = nil, late: Bool = false, reason: SkipReason? = nil, snoozedUntil: String? = nil
    ) -> ReminderLedger.Entry {
        ReminderLedger.Entry(
            dayKey: Self.day(day), band: band, at: at(text), outcome: outcome, bani: bani, late: late, reason: reason,
            snoozedUntil: snoozedUntil.map(at), deferrals: snoozedUntil == nil ? 0 : 1)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var zone = "UTC"
        let now: String
        /// Bani ids read, per Nitnem day.
        var read: [String: [String]] = [:]
        /// `reminder.<band>` settings over the defaults (nil: off).
        var slots: [Band: WallTime?] = [:]
        var remindersOn = true
        var remindWhenDone = false
        var pausedUntil: String?
        var ledger: [ReminderLedger.Entry] = []
        /// The embedded registry, changed.
        var snapshot: @Sendable (inout NitnemSnapshot) -> Void = { _ in }
        /// No files could be read.
        var noFiles = false
        let expected: [String]
        let next: String
        var testDescription: String { name }

        func plan() -> (ReminderPlan, NitnemCalendar) {
            let calendar = ZoneFiles.calendar(zone)
            var config = AgentConfig()
            config.remindersOn = remindersOn
            config.remindWhenDone = remindWhenDone
            for (band, time) in slots { try! config.slots.set(band, time) }
            var banis: [String: BaniProgress] = [:]
            for (day, ids) in read {
                for id in ids { banis[id, default: BaniProgress()].completedDays.insert(ReminderPlanTests.day(day)) }
            }
            var snapshot = EmbeddedRegistry.snapshot
            self.snapshot(&snapshot)
            let files = GroupFiles(
                snapshot: snapshot, source: .embedded,
                progress: NitnemProgress(schema: 1, banis: banis, warnings: [], raw: .object([])), warnings: [])
            let plan = ReminderPlan(
                now: ReminderPlanTests.at(now), calendar: calendar, config: config,
                ledger: ReminderLedger(entries: ledger), pausedUntil: pausedUntil.map(ReminderPlanTests.at),
                files: noFiles ? nil : files)
            return (plan, calendar)
        }
    }

    static let cases: [Case] = [
        Case(
            name: "morning: Amrit Vela's band is over, Evening and Night ahead", now: "2026-11-29T10:00:00Z",
            expected: ["missed", "upcoming", "upcoming"], next: "evening slot 2026-11-29T18:00:00+00:00"),
        Case(
            name: "Rehras read before its slot: Evening will be skipped, Next is Night", now: "2026-11-29T17:30:00Z",
            read: ["2026-11-29": ["rehras"]],
            expected: ["missed", "upcoming→skip:band-complete", "upcoming"],
            next: "night slot 2026-11-29T21:30:00+00:00"
        ),
        Case(
            name: "Rehras read, slot passed, nothing recorded: never due now", now: "2026-11-29T18:30:00Z",
            read: ["2026-11-29": ["rehras"]],
            expected: ["missed", "due→skip:band-complete", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "remind-when-done = yes: due after all", now: "2026-11-29T18:30:00Z",
            read: ["2026-11-29": ["rehras"]], remindWhenDone: true,
            expected: ["missed", "due", "upcoming"], next: "evening due 2026-11-29T18:30:00+00:00"),
        Case(
            name: "nothing read, slot passed: due now", now: "2026-11-29T18:30:00Z",
            expected: ["missed", "due", "upcoming"], next: "evening due 2026-11-29T18:30:00+00:00"),
        Case(
            name: "Rehras read yesterday counts for nothing today", now: "2026-11-29T18:30:00Z",
            read: ["2026-11-28": ["rehras"]],
            expected: ["missed", "due", "upcoming"], next: "evening due 2026-11-29T18:30:00+00:00"),
        // The 03:00 roll: 02:59:59 is still the 29th's night; 03:00 is a new day.
        Case(
            name: "02:59:59, Sohila read on the 29th: the night slot is skipped, Next is tomorrow's",
            now: "2026-11-30T02:59:59Z", read: ["2026-11-29": ["kirtan_sohila"]],
            expected: ["missed", "missed", "due→skip:band-complete"],
            next: "amritVela slot 2026-11-30T06:00:00+00:00"),
        Case(
            name: "03:00: a new Nitnem day, yesterday's reading does not count", now: "2026-11-30T03:00:00Z",
            read: ["2026-11-29": ["kirtan_sohila", "japji", "jaap", "savaiye", "chaupai", "anand"]],
            expected: ["upcoming", "upcoming", "upcoming"], next: "amritVela slot 2026-11-30T06:00:00+00:00"),
        Case(
            name: "a night slot after midnight belongs to the day before", now: "2026-11-29T23:00:00Z",
            slots: [.night: WallTime("00:30")], expected: ["missed", "missed", "upcoming"],
            next: "night slot 2026-11-30T00:30:00+00:00"),
        Case(
            name: "past a night slot after midnight, before the roll: due", now: "2026-11-30T01:00:00Z",
            slots: [.night: WallTime("00:30")], expected: ["missed", "missed", "due"],
            next: "night due 2026-11-30T01:00:00+00:00"),
        // Europe/Helsinki, 2026-03-29: 03:00 does not exist (03:00 EET → 04:00 EEST).
        Case(
            name: "Helsinki spring gap, 02:30: still the 28th's night", zone: "Europe/Helsinki",
            now: "2026-03-29T02:30:00+02:00", read: ["2026-03-28": ["kirtan_sohila"]],
            expected: ["missed", "missed", "due→skip:band-complete"], next: "amritVela slot 2026-03-29T06:00:00+03:00"
        ),
        Case(
            name: "Helsinki spring gap, 04:00: the 29th begins", zone: "Europe/Helsinki",
            now: "2026-03-29T04:00:00+03:00", read: ["2026-03-28": ["kirtan_sohila"]],
            expected: ["upcoming", "upcoming", "upcoming"], next: "amritVela slot 2026-03-29T06:00:00+03:00"),
        Case(
            name: "Helsinki spring gap: a 03:30 slot falls at 04:00 and is due then", zone: "Europe/Helsinki",
            now: "2026-03-29T04:00:00+03:00", slots: [.amritVela: WallTime("03:30")],
            expected: ["due", "upcoming", "upcoming"], next: "amritVela due 2026-03-29T04:00:00+03:00"),
        // Europe/Helsinki, 2026-10-25: 03:00–04:00 happens twice (04:00 EEST → 03:00 EET).
        Case(
            name: "Helsinki fall back: a 03:30 slot falls at the first 03:30; the second is past it",
            zone: "Europe/Helsinki", now: "2026-10-25T03:15:00+02:00", slots: [.amritVela: WallTime("03:30")],
            expected: ["due", "upcoming", "upcoming"], next: "amritVela due 2026-10-25T03:15:00+02:00"),
        Case(
            name: "Helsinki fall back: the first 03:15 is before the slot", zone: "Europe/Helsinki",
            now: "2026-10-25T03:15:00+03:00", slots: [.amritVela: WallTime("03:30")],
            expected: ["upcoming", "upcoming", "upcoming"], next: "amritVela slot 2026-10-25T03:30:00+03:00"),
        // The pause.
        Case(
            name: "paused until 18:30: Evening is skipped, Next is Night", now: "2026-11-29T13:00:00Z",
            pausedUntil: "2026-11-29T18:30:00Z",
            expected: ["missed", "upcoming→skip:paused", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "paused, the Evening slot passed: skipped, not due", now: "2026-11-29T18:10:00Z",
            pausedUntil: "2026-11-30T03:00:00Z",
            expected: ["missed", "due→skip:paused", "upcoming→skip:paused"],
            next: "amritVela slot 2026-11-30T06:00:00+00:00"),
        Case(
            name: "paused for days: Next is the first slot after the pause", now: "2026-11-29T13:00:00Z",
            pausedUntil: "2026-12-09T03:00:00Z",
            expected: ["missed", "upcoming→skip:paused", "upcoming→skip:paused"],
            next: "amritVela slot 2026-12-09T06:00:00+00:00"),
        Case(
            name: "a pause that has ended is no pause", now: "2026-11-29T13:00:00Z",
            pausedUntil: "2026-11-29T12:00:00Z",
            expected: ["missed", "upcoming", "upcoming"], next: "evening slot 2026-11-29T18:00:00+00:00"),
        // The ledger's decisions win.
        Case(
            name: "recorded: reminded late, skipped while paused", now: "2026-11-29T20:00:00Z",
            ledger: [
                entry(.amritVela, .fired, at: "2026-11-29T07:00:00Z", bani: "japji", late: true),
                entry(.evening, .skipped, at: "2026-11-29T18:00:00Z", reason: .paused),
            ],
            expected: ["reminded japji late", "skipped:paused", "upcoming"],
            next: "night slot 2026-11-29T21:30:00+00:00"
        ),
        Case(
            name: "a pending entry counts as shown", now: "2026-11-29T18:00:30Z",
            ledger: [entry(.evening, .pending, at: "2026-11-29T18:00:00Z", bani: "rehras")],
            expected: ["missed", "reminded rehras", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "Later until 18:15: Next is Evening again", now: "2026-11-29T18:10:00Z",
            ledger: [laterUntil1815],
            expected: ["missed", "snoozed→remind", "upcoming"], next: "evening again 2026-11-29T18:15:00+00:00"),
        Case(
            name: "Later until 18:15, now 18:20: due again", now: "2026-11-29T18:20:00Z",
            ledger: [laterUntil1815],
            expected: ["missed", "snoozed→remind", "upcoming"], next: "evening due 2026-11-29T18:20:00+00:00"),
        Case(
            name: "Later, then Rehras read: it will be skipped", now: "2026-11-29T18:10:00Z",
            read: ["2026-11-29": ["rehras"]],
            ledger: [laterUntil1815],
            expected: ["missed", "snoozed→skip:band-complete", "upcoming"],
            next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "Later, and the band ended first: never again", now: "2026-11-29T21:05:00Z",
            ledger: [
                entry(
                    .evening, .snoozed, at: "2026-11-29T20:40:00Z", bani: "rehras", snoozedUntil: "2026-11-29T20:55:00Z"
                )
            ],
            expected: ["missed", "snoozed→never", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        // Off.
        Case(
            name: "reminder.evening = off: off, and never Next", now: "2026-11-29T17:30:00Z", slots: [.evening: nil],
            expected: ["missed", "off", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "a slot turned off after it fired keeps its record", now: "2026-11-29T18:30:00Z",
            slots: [.evening: nil], ledger: [entry(.evening, .fired, at: "2026-11-29T18:00:00Z", bani: "rehras")],
            expected: ["missed", "reminded rehras", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "every slot off: nothing is Next", now: "2026-11-29T17:30:00Z",
            slots: [.amritVela: nil, .evening: nil, .night: nil], expected: ["off", "off", "off"], next: "none"),
        Case(
            name: "reminders = off: what was recorded, and nothing Next", now: "2026-11-29T18:30:00Z",
            remindersOn: false, ledger: [entry(.amritVela, .fired, at: "2026-11-29T06:00:00Z", bani: "japji")],
            expected: ["reminded japji", "reminders-off", "reminders-off"], next: "none"),
        // The files.
        Case(
            name: "an empty evening set: skipped, Next is Night", now: "2026-11-29T17:30:00Z",
            snapshot: { $0.sets["evening"] = [] },
            expected: ["missed", "upcoming→skip:empty-set", "upcoming"], next: "night slot 2026-11-29T21:30:00+00:00"),
        Case(
            name: "every set empty: nothing is Next", now: "2026-11-29T17:30:00Z",
            snapshot: { $0.sets = ["morning": [], "evening": [], "night": []] },
            expected: ["missed", "upcoming→skip:empty-set", "upcoming→skip:empty-set"], next: "none"),
        Case(
            name: "no bani registry: the agent reminds of nothing", now: "2026-11-29T17:30:00Z",
            snapshot: { $0.banisAvailable = false },
            expected: ["unavailable", "unavailable", "unavailable"], next: "none"),
        Case(
            name: "files not read: nothing is known to be read", now: "2026-11-29T18:30:00Z",
            read: ["2026-11-29": ["rehras"]], noFiles: true,
            expected: ["missed", "due", "upcoming"], next: "evening due 2026-11-29T18:30:00+00:00"),
    ]

    @Test(arguments: cases)
    func eachSlotAndNext(_ c: Case) {
        let (plan, calendar) = c.plan()
        #expect(plan.slots.map(\.band) == [.amritVela, .evening, .night])
        #expect(plan.slots.map { Self.word($0.status) } == c.expected)
        #expect(Self.word(plan.next, calendar) == c.next)
    }

    @Test func theDayAndTheSlotTimesAreTheCalendars() {
        let calendar = ZoneFiles.calendar("Europe/Helsinki")
        let plan = ReminderPlan(
            now: Self.at("2026-03-29T02:30:00+02:00"), calendar: calendar, config: AgentConfig(),
            ledger: ReminderLedger(), pausedUntil: nil, files: nil)
        #expect(plan.dayKey == Self.day("2026-03-28"))
        #expect(
            plan.slots.map { $0.at.map { RFC3339.format($0, in: calendar) } } == [
                "2026-03-28T06:00:00+02:00", "2026-03-28T18:00:00+02:00", "2026-03-28T21:30:00+02:00",
            ])
    }

    /// Every half hour of three days around both Helsinki DST changes, with some banis read: Next is
    /// never a slot the list calls skipped, and no slot of a band that is read is due (or ahead) to remind.
    @Test(arguments: ["2026-03-27T12:00:00+02:00", "2026-10-23T12:00:00+03:00"])
    func nextIsNeverASkippedSlot(_ start: String) {
        let calendar = ZoneFiles.calendar("Europe/Helsinki")
        let first = Self.at(start)
        for step in 0..<(3 * 48) {
            let now = first.addingTimeInterval(TimeInterval(step) * 1800)
            let today = calendar.dayKey(at: now)
            // Evening read on every day; Sohila on every other.
            var banis: [String: BaniProgress] = [:]
            for offset in -1...1 {
                let day = today.adding(days: offset)
                banis["rehras", default: BaniProgress()].completedDays.insert(day)
                if day.daysSinceEpoch % 2 == 0 {
                    banis["kirtan_sohila", default: BaniProgress()].completedDays.insert(day)
                }
            }
            let files = GroupFiles(
                snapshot: EmbeddedRegistry.snapshot, source: .embedded,
                progress: NitnemProgress(schema: 1, banis: banis, warnings: [], raw: .object([])), warnings: [])
            let plan = ReminderPlan(
                now: now, calendar: calendar, config: AgentConfig(), ledger: ReminderLedger(), pausedUntil: nil,
                files: files)
            let when = RFC3339.format(now, in: calendar)
            let evening = plan.slots[1].status
            #expect(evening != .due(.remind) && evening != .upcoming(.remind), "\(when): \(evening)")
            // Amrit Vela is never read: there is always a next reminder.
            guard let next = plan.next else {
                Issue.record("\(when): no next reminder")
                continue
            }
            #expect(next.band != .evening, "\(when)")
            #expect(next.at >= now, "\(when)")
            if next.dayKey == plan.dayKey, let slot = plan.slots.first(where: { $0.band == next.band }) {
                #expect(slot.status == .due(.remind) || slot.status == .upcoming(.remind), "\(when): \(slot.status)")
            }
        }
    }

    /// What the list says will happen is what the agent does: the plan at `from`, against the agent
    /// driven from `from` to the end of that Nitnem day (`Simulation`, an empty ledger, no pause).
    @Test(arguments: [
        ("Asia/Kolkata", "2026-11-29T05:00:00+05:30", [String]()),
        ("Asia/Kolkata", "2026-11-29T17:30:00+05:30", ["rehras"]),
        ("Asia/Kolkata", "2026-11-29T18:30:00+05:30", ["rehras"]),
        ("Asia/Kolkata", "2026-11-29T18:30:00+05:30", []),
        ("Asia/Kolkata", "2026-11-29T21:45:00+05:30", ["kirtan_sohila"]),
        ("Europe/Helsinki", "2026-03-29T02:30:00+02:00", ["kirtan_sohila"]),
        ("Europe/Helsinki", "2026-03-29T04:00:00+03:00", ["japji", "jaap", "savaiye", "chaupai", "anand"]),
        ("Europe/Helsinki", "2026-10-25T03:15:00+02:00", []),
    ])
    func agreesWithTheAgent(zone: String, from: String, read: [String]) {
        let calendar = ZoneFiles.calendar(zone)
        let now = Self.at(from)
        let day = calendar.nitnemDay(containing: now)
        var banis: [String: BaniProgress] = [:]
        for id in read { banis[id] = BaniProgress(completedDays: [day.key]) }
        let files = GroupFiles(
            snapshot: EmbeddedRegistry.snapshot, source: .embedded,
            progress: NitnemProgress(schema: 1, banis: banis, warnings: [], raw: .object([])), warnings: [])
        let plan = ReminderPlan(
            now: now, calendar: calendar, config: AgentConfig(), ledger: ReminderLedger(), pausedUntil: nil,
            files: files)
        var done: [Band: String] = [:]
        var shown: [Band] = []
        Simulation(from: now, to: day.interval.end.addingTimeInterval(-1), calendar: calendar, files: files)
            .run(lines: { line in
                switch line {
                case .reminder(_, let band, let dayKey, _, _, false) where dayKey == day.key.description:
                    done[Band(rawValue: band)!] = "remind"
                    shown.append(Band(rawValue: band)!)
                case .reminderSkipped(_, let band, let dayKey, let reason) where dayKey == day.key.description:
                    done[Band(rawValue: band)!] = "skip:\(reason)"
                default: break
                }
            })
        for slot in plan.slots {
            let said: String? =
                switch slot.status {
                case .upcoming(.remind), .due(.remind): "remind"
                case .upcoming(.skip(let reason)), .due(.skip(let reason)): "skip:\(reason)"
                default: nil
                }
            #expect(done[slot.band] == said, "\(from) \(slot.band): the list says \(slot.status)")
        }
        if let next = plan.next, next.dayKey == day.key {
            #expect(shown.first == next.band)
        } else {
            #expect(shown.isEmpty)
        }
    }
}
