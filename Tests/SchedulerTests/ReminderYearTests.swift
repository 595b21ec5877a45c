// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `simulate` over a year in each edge zone: exactly one reminder or skip per band per Nitnem day,
/// at the configured local time (or the first instant after a gap); late ones only inside their band.
@Suite struct ReminderYearTests {
    static let zones = [
        "Europe/Helsinki", "Europe/London", "Europe/Dublin", "America/New_York", "America/Santiago",
        "Africa/Cairo", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
    ]

    static func files() -> GroupFiles {
        Fixture.files()
    }

    static func events(_ sim: Simulation) -> [JSONValue] {
        var out: [JSONValue] = []
        sim.run { out.append($0) }
        return out.filter { $0["event"] == .string("reminder") || $0["event"] == .string("reminder-skipped") }
    }

    @Test(arguments: zones)
    func oneReminderPerBandPerDayForAYear(_ zone: String) throws {
        let cal = ZoneFiles.calendar(zone)
        let first = Fixture.instant(zone == "Pacific/Apia" ? "2011-06-01T00:00:00Z" : "2026-01-01T00:00:00Z")
        // Start at a Nitnem day's start, so no slot of the day before is still due (that one would be late).
        let from = cal.nextDay(after: cal.dayKey(at: first)).start
        let to = from.addingTimeInterval(365 * 86_400)
        var config = AgentConfig()
        // An after-midnight night slot meets the midnight gaps of Santiago and Cairo.
        config.slots = try ReminderSlots([
            .amritVela: WallTime("06:00")!, .evening: WallTime("18:00")!, .night: WallTime("00:30")!,
        ])
        let reminders = Self.events(Simulation(from: from, to: to, calendar: cal, files: Self.files(), config: config))
        var seen: [String: Int] = [:]
        for r in reminders {
            guard case .string(let day)? = r["dayKey"], case .string(let band)? = r["band"],
                case .string(let at)? = r["at"]
            else { Issue.record("malformed \(r)"); continue }
            seen["\(day) \(band)", default: 0] += 1
            #expect(r["late"] == .bool(false), "\(zone) \(r.compact)")
            let instant = Fixture.instant(at)
            let expected = cal.reminders(on: CivilDate(day)!, slots: config.slots).first { $0.band.rawValue == band }
            #expect(instant == expected?.at, "\(zone) \(r.compact)")
        }
        #expect(seen.values.allSatisfy { $0 == 1 }, "\(zone): \(seen.filter { $0.value != 1 })")
        // Every band with a slot, every day of the year.
        #expect(seen.count >= 3 * 364, "\(zone): \(seen.count)")
    }

    @Test(arguments: ["Europe/Helsinki", "America/Santiago", "Asia/Kolkata"])
    func asleepWindowsGiveLateRemindersOnlyInsideTheirBand(_ zone: String) {
        let cal = ZoneFiles.calendar(zone)
        let from = cal.dayInterval(CivilDate("2026-03-01")!).start
        // Asleep from 05:00 to 07:00 local (inside Amrit Vela: late, once) and from 17:30 to 21:10
        // (past the evening band's end: never) every day for 60 days.
        var asleep: [DateInterval] = []
        var key = cal.dayKey(at: from)
        for _ in 0..<60 {
            let a = cal.resolve(key, WallTime("05:00")!)
            let b = cal.resolve(key, WallTime("07:00")!)
            let c = cal.resolve(key, WallTime("17:30")!)
            let d = cal.resolve(key, WallTime("21:10")!)
            asleep += [DateInterval(start: a, end: b), DateInterval(start: c, end: d)]
            key = cal.nextDay(after: key).key
        }
        let to = from.addingTimeInterval(59 * 86_400)
        let out = Self.events(Simulation(from: from, to: to, calendar: cal, files: Self.files(), asleep: asleep))
        let evening = out.filter { $0["band"] == .string("evening") }
        #expect(evening.isEmpty, "\(evening.prefix(2).map(\.compact))")
        let morning = out.filter { $0["band"] == .string("amritVela") }
        #expect(morning.count >= 57)
        for r in morning {
            #expect(r["late"] == .bool(true))
            guard case .string(let at)? = r["at"] else { continue }
            let t = Fixture.instant(at)
            #expect(cal.band(at: t) == .amritVela)
            #expect(cal.wallClock(at: t).time == WallTime("07:00")!, "\(r.compact)")
        }
        // The night reminder is unaffected.
        let lateNights = out.filter { $0["band"] == .string("night") && $0["late"] == .bool(true) }
        #expect(lateNights.isEmpty, "\(lateNights.map(\.compact))")
    }

    @Test func pendingLedgerEntryCountsAsShown() {
        // A crash after recording "pending" and before (or after) showing: the restarted agent never
        // shows that reminder again.
        let cal = ZoneFiles.calendar("UTC")
        let day = CivilDate("2026-11-29")!
        let ledger = ReminderLedger(entries: [
            .init(
                dayKey: day, band: .evening, at: Fixture.instant("2026-11-29T18:00:00Z"), outcome: .pending,
                bani: "rehras")
        ])
        var core = AgentCore(calendar: cal, ledger: ledger)
        let step = core.handleSaving(
            .start(.success(Self.files())), now: Fixture.instant("2026-11-29T18:00:05Z"))
        #expect(!step.actions.contains { if case .reminder = $0 { true } else { false } })
    }
}
