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
        oracle.timeZone = calendar.timeZone
        func seconds(_ t: Date) -> Int {
            let c = oracle.dateComponents([.hour, .minute, .second], from: t)
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

    @Test func asleepWithoutABandStartInsideIsSilentAtResume() {
        let calendar = Fixture.calendar("UTC")
        let sim = Simulation(
            from: Fixture.instant("2026-11-29T10:00:00Z"), to: Fixture.instant("2026-11-29T20:00:00Z"),
            calendar: calendar, files: Fixture.files(),
            asleep: [
                DateInterval(
                    start: Fixture.instant("2026-11-29T11:00:00Z"), end: Fixture.instant("2026-11-29T12:00:00Z"))
            ])
        #expect(Self.events(sim).map(\.atText) == ["2026-11-29T10:00:00+00:00", "2026-11-29T17:00:00+00:00"])
    }

    @Test func asleepPastTheEndStopsThere() {
        let calendar = Fixture.calendar("UTC")
        let sim = Simulation(
            from: Fixture.instant("2026-11-29T10:00:00Z"), to: Fixture.instant("2026-11-30T20:00:00Z"),
            calendar: calendar, files: Fixture.files(),
            asleep: [
                DateInterval(
                    start: Fixture.instant("2026-11-29T16:00:00Z"), end: Fixture.instant("2026-12-01T00:00:00Z"))
            ])
        #expect(Self.events(sim).map(\.atText) == ["2026-11-29T10:00:00+00:00"])
    }

    // MARK: Through the binary

    static let demo = NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path

    @Test func theBinaryIsDeterministicAndMatchesTheCore() throws {
        let args = [
            "simulate", "--group", Self.demo, "--from", "2026-11-29T00:00", "--to", "2026-12-06T00:00", "--mark",
            "2026-11-29T18:00=rehras", "--mark", "2026-11-30T06:00=japji", "--asleep",
            "2026-12-01T08:00/2026-12-01T19:00",
        ]
        let env = ["TZ": "Asia/Kolkata"]
        let a = try NitnemBinary.run(args, environment: env)
        let b = try NitnemBinary.run(args, environment: env)
        #expect(a.status == 0)
        #expect(a.stderr == "")
        #expect(a.stdout == b.stdout)
        let all = a.stdout.split(separator: "\n")
        let lines = all.filter { $0.contains(#""event":"timeline""#) }
        #expect(lines.count == 1 + 7 * 4 + 2 - 2 + 1, "\(a.stdout)")
        // The night of the 28th (due before the start: late, once), then seven days of three slots (the
        // evening of 1 December slept through its slot: late, at 19:00).
        #expect(all.count - lines.count == 1 + 7 * 3, "\(a.stdout)")
        #expect(
            lines.first
                == #"{"at":"2026-11-29T00:00:00+05:30","event":"timeline","dayKey":"2026-11-28","band":"night","next":"chaupai","done":5,"total":7}"#
        )
        #expect(
            a.stdout.contains(
                #"{"at":"2026-12-01T19:00:00+05:30","event":"timeline","dayKey":"2026-12-01","band":"evening","next":"rehras/taksal","done":0,"total":7}"#
            ))
        // A year in release takes well under a second; in a debug build, a few.
        let year = try NitnemBinary.run(
            ["simulate", "--group", Self.demo, "--from", "2026-01-01T00:00:00Z", "--to", "2027-01-01T00:00:00Z"],
            environment: ["TZ": "Europe/Helsinki"])
        #expect(year.status == 0)
        let yearLines = year.stdout.split(separator: "\n")
        #expect(yearLines.filter { $0.contains(#""event":"timeline""#) }.count == 1 + 365 * 4)
        // 00:00Z is 02:00 in Helsinki: the night of 31 December 2025 is still due, then 365 days of three.
        #expect(yearLines.filter { $0.contains(#""event":"reminder"#) }.count == 1 + 365 * 3)
    }

    struct BadFlags: Sendable, CustomTestStringConvertible {
        let args: [String]
        let message: String
        var testDescription: String { message }
    }

    static let badFlags: [BadFlags] = [
        BadFlags(args: ["--to", "2026-11-29T10:00"], message: "nitnem: missing --from"),
        BadFlags(
            args: ["--from", "yesterday", "--to", "2026-11-29T10:00"],
            message:
                "nitnem: --from: 'yesterday' is not a time; use 2026-11-29T22:00:00+05:30, …Z, or a local 2026-11-29T22:00"
        ),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-29T09:00"], message: "nitnem: --to is before --from"),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--mark", "2026-11-29T11:00"],
            message: "nitnem: --mark: '2026-11-29T11:00' is not AT=BANI"),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--mark", "2026-11-29T11:00=nope"],
            message: "nitnem: --mark: unknown bani 'nope'; known: japji"),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--mark", "soon=japji"],
            message: "nitnem: --mark: 'soon' is not a time"),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--asleep", "2026-11-29T11:00"],
            message: "nitnem: --asleep: '2026-11-29T11:00' is not FROM/TO"),
        BadFlags(
            args: [
                "--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--asleep",
                "2026-11-29T12:00/2026-11-29T11:00",
            ],
            message: "nitnem: --asleep: '2026-11-29T12:00/2026-11-29T11:00' ends before it starts"),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00", "--bogus"],
            message: "nitnem: unknown option '--bogus'"),
    ]

    @Test(arguments: badFlags)
    func badFlagsExitTwoWithAClearMessage(_ c: BadFlags) throws {
        let r = try NitnemBinary.run(["simulate", "--group", Self.demo] + c.args, environment: ["TZ": "Asia/Kolkata"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(c.message), "\(r.stderr)")
    }
}
