// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// One printed `simulate` line, read back.
struct SimulatedEvent: Equatable {
    let at: Date
    let atText: String
    let event: String
    let dayKey: String
    let band: String
    let next: String?
    let done: Int

    init(_ value: JSONValue) {
        func text(_ key: String) -> String? {
            if case .string(let s) = value[key] { return s }
            return nil
        }
        atText = text("at") ?? ""
        at = Fixture.instant(atText)
        event = text("event") ?? ""
        dayKey = text("dayKey") ?? ""
        band = text("band") ?? ""
        next = text("next")
        if case .number(let n) = value["done"] { done = Int(n) ?? -1 } else { done = -1 }
    }
}

@Suite struct SimulationTests {
    /// The timeline lines (reminder lines have their own tests: ReminderYearTests).
    static func events(_ simulation: Simulation) -> [SimulatedEvent] {
        var out: [SimulatedEvent] = []
        simulation.run { out.append(SimulatedEvent($0)) }
        return out.filter { $0.event == "timeline" }
    }

    /// Every fixed point in `(from, to]`.
    static func fixedPoints(_ calendar: NitnemCalendar, from: Date, to: Date) -> [Date] {
        var result: [Date] = []
        var t = from
        while true {
            let next = calendar.nextFixedPoints(after: t, count: 1)[0].at
            guard next <= to else { return result }
            result.append(next)
            t = next
        }
    }

    static let yearZones: [(zone: String, year: Int)] = [
        ("Asia/Kolkata", 2026), ("Europe/Helsinki", 2026), ("America/New_York", 2026),
        ("America/Santiago", 2026), ("Australia/Lord_Howe", 2026), ("Africa/Cairo", 2026),
        ("Europe/Dublin", 2026), ("Pacific/Apia", 2011),
    ]

    @Test(arguments: yearZones)
    func aYearHasExactlyOneTimelineAtEachFixedPointAndNoneBetween(zone: String, year: Int) {
        let calendar = Fixture.calendar(zone)
        let from = Fixture.instant("\(year)-01-01T12:00:00Z")
        let to = Fixture.instant("\(year + 1)-01-01T12:00:00Z")
        let events = Self.events(Simulation(from: from, to: to, calendar: calendar, files: Fixture.files()))
        let points = Self.fixedPoints(calendar, from: from, to: to)
        #expect(events.map(\.at) == [from] + points)
        #expect(events.allSatisfy { $0.event == "timeline" })
        #expect(points.count >= 4 * 364 && points.count <= 4 * 366, "\(points.count)")

        // Read independently through Foundation: each write is at a band start's wall time, or at the
        // first instant after a DST gap that swallowed one.
        var oracle = Calendar(identifier: .gregorian)
        oracle.timeZone = TimeZone(identifier: calendar.identifier)!
        func seconds(_ t: Date) -> Int {
            let c = oracle.dateComponents([.hour, .minute, .second], from: t.foundation)
            return (c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0)
        }
        let starts = [3, 9, 17, 21].map { $0 * 3600 }
        for e in events.dropFirst() {
            let now = seconds(e.at)
            let before = seconds(e.at.addingTimeInterval(-1))
            #expect(starts.contains(now) || starts.contains { before < $0 && $0 < now }, "\(e.atText) in \(zone)")
        }
        // Band order never breaks, and each Nitnem day has its four bands once.
        let order = ["amritVela", "morning", "evening", "night"]
        for (a, b) in zip(events.dropFirst(), events.dropFirst(2)) {
            let ia = order.firstIndex(of: a.band) ?? -9
            let ib = order.firstIndex(of: b.band) ?? -9
            #expect(ib == (ia + 1) % 4, "\(a.atText) \(a.band) → \(b.atText) \(b.band)")
            #expect((ib == 0) == (a.dayKey != b.dayKey), "the day rolls exactly at amritVela: \(b.atText)")
        }
    }

    /// After year 4001 (`Date.distantFuture`) a simulation still ends, with its band starts: a
    /// missing mark once stood in as `.distantFuture`, before every wake, and it never passed it.
    @Test(arguments: [("UTC", 4001), ("Asia/Kolkata", 9998), ("Pacific/Kiritimati", 9998), ("Etc/GMT+12", 9998)])
    func aSimulationPastYear4001Ends(zone: String, year: Int) {
        let calendar = Fixture.calendar(zone)
        let from = Fixture.instant("\(year)-12-29T00:00:00Z")
        let to = Fixture.instant("\(year)-12-31T23:59:59Z")
        let events = Self.events(Simulation(from: from, to: to, calendar: calendar, files: Fixture.files()))
        #expect(events.map(\.at) == [from] + Self.fixedPoints(calendar, from: from, to: to))
        #expect(events.count >= 12)
    }

    /// Marks on a pattern of days and hours (some after midnight, some repeated).
    static func marks(_ calendar: NitnemCalendar, from: Date, days: Int) -> [Simulation.Mark] {
        let plan: [(hours: Double, bani: String, every: Int)] = [
            (1.5, "japji", 1), (3.5, "jaap", 2), (7.25, "japji", 3), (10.0, "savaiye", 2), (12.0, "chaupai", 5),
            (14.0, "anand", 3), (18.5, "rehras", 1), (22.0, "kirtan_sohila", 2), (26.25, "kirtan_sohila", 3),
        ]
        var result: [Simulation.Mark] = []
        for d in 0..<days {
            for p in plan where d % p.every == 0 {
                result.append(
                    Simulation.Mark(at: from.addingTimeInterval(Double(d) * 86_400 + p.hours * 3600), baniID: p.bani))
            }
        }
        return result
    }

    @Test(arguments: ["Asia/Kolkata", "Europe/London", "America/Santiago", "Australia/Lord_Howe"])
    func theNextBaniChangesOnlyAtBandStartsOrMarks(zone: String) {
        let calendar = Fixture.calendar(zone)
        let from = Fixture.instant("2026-03-01T00:00:00Z")
        let to = Fixture.instant("2026-05-01T00:00:00Z")
        let marks = Self.marks(calendar, from: from, days: 61)
        let events = Self.events(
            Simulation(from: from, to: to, calendar: calendar, files: Fixture.files(), marks: marks))
        let points = Set(Self.fixedPoints(calendar, from: from, to: to))
        let markTimes = Set(marks.map(\.at))
        // A timeline at every band start, and otherwise only at a mark.
        #expect(points.isSubset(of: Set(events.map(\.at))))
        var changes = 0
        for (a, b) in zip(events, events.dropFirst()) {
            #expect(points.contains(b.at) || markTimes.contains(b.at), "\(b.atText) is neither")
            if a.next != b.next {
                changes += 1
                #expect(points.contains(b.at) || markTimes.contains(b.at))
            }
            // Within a Nitnem day progress only grows, and only at a mark.
            if a.dayKey == b.dayKey {
                #expect(b.done >= a.done)
                if b.done != a.done { #expect(markTimes.contains(b.at), "progress moved at \(b.atText)") }
            }
        }
        #expect(changes > 100)
        // A mark of a bani already read that day changes nothing: no line.
        let repeats = marks.filter { m in
            marks.contains {
                $0.baniID == m.baniID && $0.at < m.at && calendar.dayKey(at: $0.at) == calendar.dayKey(at: m.at)
            }
        }
        #expect(!repeats.isEmpty)
        for m in repeats where !points.contains(m.at) && marks.filter({ $0.at == m.at }).count == 1 {
            #expect(!events.contains { $0.at == m.at }, "\(m.baniID) again at \(m.at)")
        }
    }

    @Test func asleepNothingInsideOneEventAtResumeWithWhatWasMarkedMeanwhile() {
        let calendar = Fixture.calendar("Asia/Kolkata")
        let t = { (s: String) in Fixture.instant(s) }
        let window = DateInterval(start: t("2026-11-29T08:00:00+05:30"), end: t("2026-11-29T18:30:00+05:30"))
        let quiet = DateInterval(start: t("2026-11-29T22:00:00+05:30"), end: t("2026-11-29T23:00:00+05:30"))
        let sim = Simulation(
            from: t("2026-11-29T00:00:00+05:30"), to: t("2026-11-30T12:00:00+05:30"), calendar: calendar,
            files: Fixture.files(),
            marks: [
                Simulation.Mark(at: t("2026-11-29T10:00:00+05:30"), baniID: "japji"),
                Simulation.Mark(at: t("2026-11-29T22:30:00+05:30"), baniID: "kirtan_sohila"),
            ],
            asleep: [window, quiet])
        let events = Self.events(sim)
        #expect(
            events.map(\.atText) == [
                "2026-11-29T00:00:00+05:30", "2026-11-29T03:00:00+05:30",
                // 09:00, 10:00 (the mark) and 17:00 slept through: one line at resume.
                "2026-11-29T18:30:00+05:30", "2026-11-29T21:00:00+05:30",
                // The mark at 22:30 is seen at 23:00.
                "2026-11-29T23:00:00+05:30", "2026-11-30T03:00:00+05:30", "2026-11-30T09:00:00+05:30",
            ])
        for e in events {
            #expect(!(window.start < e.at && e.at < window.end) && !(quiet.start < e.at && e.at < quiet.end))
        }
        let resume = events[2]
        #expect(resume.band == "evening" && resume.next == "rehras" && resume.done == 1)
        #expect(events[4].done == 2 && events[4].next == "jaap")
    }

    /// The times of the events of a simulation in UTC from 2026-11-29T10:00:00Z to `end`, asleep
    /// from `sleep` to `wake`.
    static func eventTimes(to end: String, asleepFrom sleep: String, to wake: String) -> [String] {
        let sim = Simulation(
            from: Fixture.instant("2026-11-29T10:00:00Z"), to: Fixture.instant(end), calendar: Fixture.calendar("UTC"),
            files: Fixture.files(), asleep: [DateInterval(start: Fixture.instant(sleep), end: Fixture.instant(wake))])
        return events(sim).map(\.atText)
    }

    @Test func asleepWithoutABandStartInsideIsSilentAtResume() {
        #expect(
            Self.eventTimes(to: "2026-11-29T20:00:00Z", asleepFrom: "2026-11-29T11:00:00Z", to: "2026-11-29T12:00:00Z")
                == ["2026-11-29T10:00:00+00:00", "2026-11-29T17:00:00+00:00"])
    }

    @Test func asleepPastTheEndStopsThere() {
        #expect(
            Self.eventTimes(to: "2026-11-30T20:00:00Z", asleepFrom: "2026-11-29T16:00:00Z", to: "2026-12-01T00:00:00Z")
                == ["2026-11-29T10:00:00+00:00"])
    }
}
