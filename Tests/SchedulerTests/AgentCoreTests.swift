// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// What one step did, reduced to what the tables compare.
struct StepSummary: Equatable, CustomStringConvertible {
    /// `dayKey band next done/total` of each written timeline's first entry.
    var writes: [String]
    /// The events logged (worded in `LogEvent+Wording.swift`, tested in `LogEventTests`).
    var logs: [LogEvent]
    var nextWake: Date

    init(_ step: AgentCore.Step) {
        writes = []
        logs = []
        for action in step.actions {
            switch action {
            case .writeTimeline(let t):
                let s = t.entries[0].state
                writes.append("\(s.dayKey) \(s.band.rawValue) \(s.next?.bani.id ?? "-") \(s.done)/\(s.total)")
            case .log(let event):
                logs.append(event)
            case .reminder, .saveLedger:
                break  // the reminder half has its own tests (ReminderCoreTests)
            case .readFiles, .readConfig, .open, .stop, .updateReminder, .closeReminder, .closeNotification, .listen,
                .markRead:
                break  // the shell-event half has its own tests (ShellEventTests, ReminderLoopTests)
            }
        }
        nextWake = step.nextWake
    }

    var description: String { "writes \(writes), logs \(logs), next wake \(nextWake)" }
}

@Suite struct AgentCoreTests {
    // MARK: Start: the first timeline and the first wake, across the 03:00 roll, band starts and DST days.

    struct StartCase: Sendable, CustomTestStringConvertible {
        let zone, now: String
        /// `shows`: `dayKey band` of the first entry; `wake`: the next fixed point.
        let shows, wake, why: String
        var testDescription: String { "\(zone) \(now): \(why)" }
    }

    static let startCases: [StartCase] = [
        StartCase(
            zone: "Asia/Kolkata", now: "2026-11-29T02:59:59+05:30", shows: "2026-11-28 night",
            wake: "2026-11-29T03:00:00+05:30", why: "a second before the roll is still yesterday"),
        StartCase(
            zone: "Asia/Kolkata", now: "2026-11-29T03:00:00+05:30", shows: "2026-11-29 amritVela",
            wake: "2026-11-29T09:00:00+05:30", why: "the roll itself is the new day"),
        StartCase(
            zone: "Asia/Kolkata", now: "2026-11-29T00:30:00+05:30", shows: "2026-11-28 night",
            wake: "2026-11-29T03:00:00+05:30", why: "after midnight is still the previous Nitnem day"),
        StartCase(
            zone: "Asia/Kolkata", now: "2026-11-29T16:59:59+05:30", shows: "2026-11-29 morning",
            wake: "2026-11-29T17:00:00+05:30", why: "just before the evening band"),
        StartCase(
            zone: "Asia/Kolkata", now: "2026-11-29T17:00:00+05:30", shows: "2026-11-29 evening",
            wake: "2026-11-29T21:00:00+05:30", why: "at the evening band start"),
        StartCase(
            zone: "UTC", now: "2026-11-29T08:59:59Z", shows: "2026-11-29 amritVela",
            wake: "2026-11-29T09:00:00Z", why: "just before the morning band"),
        StartCase(
            zone: "UTC", now: "2026-11-29T21:00:00Z", shows: "2026-11-29 night",
            wake: "2026-11-30T03:00:00Z", why: "night: the next wake is the roll"),
        StartCase(
            zone: "Europe/Helsinki", now: "2026-03-29T02:59:59+02:00", shows: "2026-03-28 night",
            wake: "2026-03-29T04:00:00+03:00", why: "spring forward: 03:00 does not exist, the roll is at 04:00"),
        StartCase(
            zone: "Europe/Helsinki", now: "2026-10-25T02:59:59+03:00", shows: "2026-10-24 night",
            wake: "2026-10-25T03:00:00+03:00", why: "fall back: the first 03:00"),
        StartCase(
            zone: "Europe/Helsinki", now: "2026-10-25T03:30:00+02:00", shows: "2026-10-25 amritVela",
            wake: "2026-10-25T09:00:00+02:00", why: "fall back: the second 03:30 is in the new day"),
        StartCase(
            zone: "Europe/London", now: "2026-03-29T00:59:59Z", shows: "2026-03-28 night",
            wake: "2026-03-29T03:00:00+01:00", why: "a 23-hour Nitnem night"),
        StartCase(
            zone: "Europe/London", now: "2026-10-25T01:30:00+00:00", shows: "2026-10-24 night",
            wake: "2026-10-25T03:00:00+00:00", why: "the repeated 01:30"),
        StartCase(
            zone: "Europe/Dublin", now: "2026-10-25T01:30:00+01:00", shows: "2026-10-24 night",
            wake: "2026-10-25T03:00:00+00:00", why: "negative DST: the first 01:30"),
        StartCase(
            zone: "Europe/Dublin", now: "2026-03-29T20:59:59+01:00", shows: "2026-03-29 evening",
            wake: "2026-03-29T21:00:00+01:00", why: "negative DST: evening of the short day"),
        StartCase(
            zone: "America/New_York", now: "2026-03-08T01:59:59-05:00", shows: "2026-03-07 night",
            wake: "2026-03-08T03:00:00-04:00", why: "spring forward at 02:00"),
        StartCase(
            zone: "America/New_York", now: "2026-11-01T01:30:00-05:00", shows: "2026-10-31 night",
            wake: "2026-11-01T03:00:00-05:00", why: "the second 01:30"),
        StartCase(
            zone: "America/Santiago", now: "2026-09-05T21:00:00-04:00", shows: "2026-09-05 night",
            wake: "2026-09-06T03:00:00-03:00", why: "midnight does not exist"),
        StartCase(
            zone: "America/Santiago", now: "2026-04-04T23:30:00-04:00", shows: "2026-04-04 night",
            wake: "2026-04-05T03:00:00-04:00", why: "midnight happens twice"),
        StartCase(
            zone: "Africa/Cairo", now: "2026-04-23T21:00:00+02:00", shows: "2026-04-23 night",
            wake: "2026-04-24T03:00:00+03:00", why: "spring forward at midnight"),
        StartCase(
            zone: "Africa/Cairo", now: "2026-10-29T23:30:00+03:00", shows: "2026-10-29 night",
            wake: "2026-10-30T03:00:00+02:00", why: "fall back at midnight"),
        StartCase(
            zone: "Australia/Lord_Howe", now: "2026-10-04T01:00:00+10:30", shows: "2026-10-03 night",
            wake: "2026-10-04T03:00:00+11:00", why: "a 30-minute spring forward"),
        StartCase(
            zone: "Australia/Lord_Howe", now: "2026-04-05T01:45:00+10:30", shows: "2026-04-04 night",
            wake: "2026-04-05T03:00:00+10:30", why: "a 30-minute fall back"),
        StartCase(
            zone: "Pacific/Apia", now: "2011-12-29T21:00:00-10:00", shows: "2011-12-29 night",
            wake: "2011-12-31T03:00:00+14:00", why: "2011-12-30 was skipped: the night runs into the 31st"),
        StartCase(
            zone: "Pacific/Apia", now: "2011-12-31T03:00:00+14:00", shows: "2011-12-31 amritVela",
            wake: "2011-12-31T09:00:00+14:00", why: "the first day after the skipped date"),
    ]

    @Test(arguments: startCases)
    func startWritesOneTimelineAndWakesAtTheNextBandStart(_ c: StartCase) throws {
        var core = AgentCore(calendar: Fixture.calendar(c.zone), config: Fixture.timelineOnly)
        let now = Fixture.instant(c.now)
        let step = core.handle(.start(.success(Fixture.files())), now: now)
        let summary = StepSummary(step)
        #expect(summary.logs == [])
        #expect(summary.writes.count == 1)
        #expect(summary.writes.first?.hasPrefix(c.shows + " ") == true, "\(summary)")
        #expect(step.nextWake == Fixture.instant(c.wake), "\(summary)")

        // The timeline: now, then the next four band starts (the next 24 hours, 23 or 25 on a DST
        // day), valid until the one after.
        guard case .writeTimeline(let timeline) = try #require(step.actions.first) else {
            Issue.record("expected a timeline write")
            return
        }
        let points = core.calendar.nextFixedPoints(after: now, count: 5)
        #expect(timeline.entries.map(\.date) == [now] + points.prefix(4).map(\.at))
        #expect(timeline.entries.dropFirst().map(\.state.band) == points.prefix(4).map(\.band))
        #expect(Set(timeline.entries.dropFirst().map(\.state.band)).count == 4, "one entry per band")
        let span = points[3].at.timeIntervalSince(points[0].at)
        // Three band gaps are 16, 18 or 20 hours, give or take a DST change.
        #expect((15 * 3600...21 * 3600).contains(span), "\(span)")
        #expect(timeline.validUntil == points[4].at)
        #expect(timeline.reloadAfter == step.nextWake)
    }

    // MARK: Sequences of events

    /// One event after the start, and what the core must answer.
    struct SequenceCase: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: String
        let start: String
        let startProgress: [String: BaniProgress]
        let event: AgentCore.Event
        let at: String
        let writes: [String]
        let logs: [LogEvent]
        let wake: String
        var testDescription: String { name }
    }

    static let kolkata = "Asia/Kolkata"

    static let sequenceCases: [SequenceCase] = [
        SequenceCase(
            name: "a timer inside the band changes nothing: no rewrite", zone: kolkata,
            start: "2026-11-29T10:00:00+05:30", startProgress: [:], event: .timer, at: "2026-11-29T10:30:00+05:30",
            writes: [], logs: [], wake: "2026-11-29T17:00:00+05:30"),
        SequenceCase(
            name: "the same files read again: no rewrite", zone: kolkata,
            start: "2026-11-29T10:00:00+05:30", startProgress: [:], event: .filesRead(.success(Fixture.files())),
            at: "2026-11-29T10:00:05+05:30", writes: [], logs: [], wake: "2026-11-29T17:00:00+05:30"),
        SequenceCase(
            name: "a reload of a bad config: the old one kept, said, no rewrite", zone: kolkata,
            start: "2026-11-29T18:00:00+05:30", startProgress: [:],
            event: .configRead(.failure(ConfigError(.unknownKey, path: "/c", line: 2, problem: "unknown key 'x'"))),
            at: "2026-11-29T18:00:01+05:30", writes: [],
            logs: [.configUnreadable(cause: "/c:2: unknown key 'x'")],
            wake: "2026-11-29T21:00:00+05:30"),
        SequenceCase(
            name: "a mark rewrites with the next bani", zone: kolkata,
            start: "2026-11-29T18:00:00+05:30", startProgress: [:],
            event: .filesRead(.success(Fixture.files(Fixture.completed(["rehras"], on: "2026-11-29")))),
            at: "2026-11-29T18:10:00+05:30", writes: ["2026-11-29 evening kirtan_sohila 1/7"], logs: [],
            wake: "2026-11-29T21:00:00+05:30"),
        SequenceCase(
            name: "the 03:00 roll starts a new day from zero", zone: kolkata,
            start: "2026-11-29T02:00:00+05:30",
            startProgress: Fixture.completed(["japji", "rehras", "kirtan_sohila"], on: "2026-11-28"), event: .timer,
            at: "2026-11-29T03:00:00+05:30", writes: ["2026-11-29 amritVela japji 0/7"], logs: [],
            wake: "2026-11-29T09:00:00+05:30"),
        SequenceCase(
            name: "band start 17:00: evening, rehras first", zone: kolkata,
            start: "2026-11-29T16:59:50+05:30", startProgress: [:], event: .timer, at: "2026-11-29T17:00:00+05:30",
            writes: ["2026-11-29 evening rehras 0/7"], logs: [], wake: "2026-11-29T21:00:00+05:30"),
        SequenceCase(
            name: "band start 09:00 rewrites (the horizon moved) though the next bani is the same", zone: kolkata,
            start: "2026-11-29T08:00:00+05:30", startProgress: [:], event: .timer, at: "2026-11-29T09:00:00+05:30",
            writes: ["2026-11-29 morning japji 0/7"], logs: [], wake: "2026-11-29T17:00:00+05:30"),
        SequenceCase(
            name: "the clock jumps back into the morning", zone: kolkata,
            start: "2026-11-29T18:00:00+05:30", startProgress: [:], event: .clockChanged,
            at: "2026-11-29T10:00:00+05:30", writes: ["2026-11-29 morning japji 0/7"],
            logs: [.clockChanged(at: "2026-11-29T10:00:00+05:30")],
            wake: "2026-11-29T17:00:00+05:30"),
        SequenceCase(
            name: "the clock jumps back across the roll", zone: kolkata,
            start: "2026-11-29T04:00:00+05:30", startProgress: [:], event: .clockChanged,
            at: "2026-11-29T02:00:00+05:30", writes: ["2026-11-28 night kirtan_sohila 0/7"],
            logs: [.clockChanged(at: "2026-11-29T02:00:00+05:30")],
            wake: "2026-11-29T03:00:00+05:30"),
        SequenceCase(
            name: "the clock jumps forward (resume) to the next day", zone: kolkata,
            start: "2026-11-29T18:00:00+05:30", startProgress: Fixture.completed(["rehras"], on: "2026-11-29"),
            event: .clockChanged, at: "2026-11-30T04:00:00+05:30", writes: ["2026-11-30 amritVela japji 0/7"],
            logs: [.clockChanged(at: "2026-11-30T04:00:00+05:30")],
            wake: "2026-11-30T09:00:00+05:30"),
        SequenceCase(
            name: "a clock change within the band: logged, not rewritten", zone: kolkata,
            start: "2026-11-29T18:00:00+05:30", startProgress: [:], event: .clockChanged,
            at: "2026-11-29T18:00:02+05:30", writes: [],
            logs: [.clockChanged(at: "2026-11-29T18:00:02+05:30")],
            wake: "2026-11-29T21:00:00+05:30"),
        SequenceCase(
            name: "a zone change mid-day moves the band", zone: kolkata,
            start: "2026-11-29T12:00:00+05:30", startProgress: [:],
            event: .zoneRead(.success(Fixture.calendar("UTC"))),
            at: "2026-11-29T12:00:00+05:30", writes: ["2026-11-29 amritVela japji 0/7"],
            logs: [.zoneChanged(from: "Asia/Kolkata", to: "\(Fixture.calendar("UTC").identifier)")],
            wake: "2026-11-29T09:00:00Z"),
        SequenceCase(
            name: "a zone change mid-day across the roll", zone: "America/New_York",
            start: "2026-11-29T20:00:00-05:00", startProgress: [:],
            event: .zoneRead(.success(Fixture.calendar("Asia/Kolkata"))), at: "2026-11-29T20:00:00-05:00",
            writes: ["2026-11-30 amritVela japji 0/7"],
            logs: [.zoneChanged(from: "America/New_York", to: "Asia/Kolkata")], wake: "2026-11-30T09:00:00+05:30"),
        SequenceCase(
            name: "the same zone again: nothing", zone: kolkata,
            start: "2026-11-29T12:00:00+05:30", startProgress: [:],
            event: .zoneRead(.success(Fixture.calendar(kolkata))), at: "2026-11-29T12:00:01+05:30", writes: [],
            logs: [],
            wake: "2026-11-29T17:00:00+05:30"),
    ]

    @Test(arguments: sequenceCases)
    func oneEventAfterStart(_ c: SequenceCase) {
        var core = AgentCore(calendar: Fixture.calendar(c.zone), config: Fixture.timelineOnly)
        let first = StepSummary(
            core.handle(.start(.success(Fixture.files(c.startProgress))), now: Fixture.instant(c.start)))
        #expect(first.writes.count == 1)
        let step = StepSummary(core.handle(c.event, now: Fixture.instant(c.at)))
        #expect(step.writes == c.writes)
        #expect(step.logs == c.logs)
        #expect(step.nextWake == Fixture.instant(c.wake))
    }

    /// Every wake of a DST day, in each zone: exactly one write per band start and the wakes are the
    /// band starts' wall times (read through Foundation, independently of NitnemCalendar).
    @Test(arguments: [
        ("Europe/Helsinki", "2026-03-28T12:00:00+02:00"), ("Europe/Helsinki", "2026-10-24T12:00:00+03:00"),
        ("Europe/London", "2026-03-28T12:00:00Z"), ("Europe/Dublin", "2026-10-24T12:00:00+01:00"),
        ("America/New_York", "2026-03-07T12:00:00-05:00"), ("America/Santiago", "2026-09-05T12:00:00-04:00"),
        ("America/Santiago", "2026-04-04T12:00:00-03:00"), ("Africa/Cairo", "2026-04-23T12:00:00+02:00"),
        ("Australia/Lord_Howe", "2026-10-03T12:00:00+10:30"), ("Pacific/Apia", "2011-12-28T12:00:00-10:00"),
        ("Asia/Kolkata", "2026-11-29T12:00:00+05:30"), ("UTC", "2026-11-29T12:00:00Z"),
    ])
    func timersAcrossDSTDaysWriteOncePerBandStart(zone: String, start: String) {
        let calendar = Fixture.calendar(zone)
        var core = AgentCore(calendar: calendar, config: Fixture.timelineOnly)
        var step = core.handle(.start(.success(Fixture.files())), now: Fixture.instant(start))
        var oracle = Calendar(identifier: .gregorian)
        oracle.timeZone = TimeZone(identifier: calendar.identifier)!
        var startsSeen = 0
        for _ in 0..<12 {
            let at = step.nextWake
            let previousWall = oracle.dateComponents(
                [.hour, .minute, .second], from: at.addingTimeInterval(-1).foundation)
            step = core.handle(.timer, now: at)
            #expect(StepSummary(step).writes.count == 1, "one write at \(at) in \(zone)")
            let wall = oracle.dateComponents([.hour, .minute, .second], from: at.foundation)
            let hms = (wall.hour ?? -1) * 3600 + (wall.minute ?? 0) * 60 + (wall.second ?? 0)
            let before = (previousWall.hour ?? -1) * 3600 + (previousWall.minute ?? 0) * 60 + (previousWall.second ?? 0)
            let bandStarts = [3, 9, 17, 21].map { $0 * 3600 }
            // A band start, or the first instant after a gap that swallowed one.
            let isStart = bandStarts.contains(hms) || bandStarts.contains { before < $0 && $0 < hms }
            #expect(isStart, "\(at) is \(wall) in \(zone)")
            #expect(step.nextWake > at)
            #expect(step.nextWake.timeIntervalSince(at) <= 9 * 3600, "\(zone): no band is longer than 9 hours")
            startsSeen += isStart ? 1 : 0
            // Between two wakes, a timer changes nothing.
            let midway = at.addingTimeInterval(step.nextWake.timeIntervalSince(at) / 2)
            let quiet = core.handle(.timer, now: midway)
            #expect(quiet.actions == [], "no rewrite at \(midway)")
            #expect(quiet.nextWake == step.nextWake)
        }
        #expect(startsSeen == 12)
    }

    // MARK: Bad files

    static let e1 = GroupFileError(
        .syntax, path: "/g/nitnem-progress.json", problem: "not valid JSON: line 1, column 2")
    static let e2 = GroupFileError(
        path: "/g/nitnem-progress.json", jsonPath: "$.banis.japji.lastSeq", problem: "expected a number")

    @Test func aBadFileIsLoggedOncePerProblemKeepsTheLastGoodStateAndRecovers() {
        var core = AgentCore(calendar: Fixture.calendar(Self.kolkata), config: Fixture.timelineOnly)
        let t0 = Fixture.instant("2026-11-29T18:00:00+05:30")
        let marked = Fixture.files(Fixture.completed(["rehras"], on: "2026-11-29"))
        #expect(
            StepSummary(core.handle(.start(.success(marked)), now: t0)).writes == [
                "2026-11-29 evening kirtan_sohila 1/7"
            ])

        var s = StepSummary(core.handle(.filesRead(.failure(Self.e1)), now: t0.addingTimeInterval(1)))
        #expect(s.writes == [])
        #expect(s.logs == [.filesUnreadable(cause: Self.e1.description, kept: true)])
        #expect(core.files?.progress.banis["rehras"] != nil)

        // The same problem on every later wake: silent.
        s = StepSummary(core.handle(.filesRead(.failure(Self.e1)), now: t0.addingTimeInterval(2)))
        #expect(s.logs == [] && s.writes == [])
        s = StepSummary(core.handle(.timer, now: t0.addingTimeInterval(3)))
        #expect(s.logs == [] && s.writes == [])

        // A different problem: one more line.
        s = StepSummary(core.handle(.filesRead(.failure(Self.e2)), now: t0.addingTimeInterval(4)))
        #expect(s.logs == [.filesUnreadable(cause: Self.e2.description, kept: true)])
        s = StepSummary(core.handle(.filesRead(.failure(Self.e1)), now: t0.addingTimeInterval(5)))
        #expect(s.logs == [])

        // A band start while the file is still bad: the timeline moves on from the last good state.
        s = StepSummary(core.handle(.timer, now: Fixture.instant("2026-11-29T21:00:00+05:30")))
        #expect(s.writes == ["2026-11-29 night kirtan_sohila 1/7"])
        #expect(s.logs == [])

        // Fixed: one recovery line, and the new content.
        let both = Fixture.files(Fixture.completed(["rehras", "kirtan_sohila"], on: "2026-11-29"))
        s = StepSummary(core.handle(.filesRead(.success(both)), now: Fixture.instant("2026-11-29T21:30:00+05:30")))
        #expect(s.logs == [.filesRecovered])
        #expect(s.writes == ["2026-11-29 night japji 2/7"])

        // Broken again the same way: that is news again.
        s = StepSummary(
            core.handle(.filesRead(.failure(Self.e1)), now: Fixture.instant("2026-11-29T21:31:00+05:30")))
        #expect(s.logs == [.filesUnreadable(cause: Self.e1.description, kept: true)])
    }

    @Test func aBadFileAtStartShowsNothingUntilFixed() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        let t0 = Fixture.instant("2026-11-29T10:00:00Z")
        var s = StepSummary(core.handle(.start(.failure(Self.e1)), now: t0))
        #expect(s.writes == [])
        #expect(s.logs == [.filesUnreadable(cause: Self.e1.description, kept: false)])
        #expect(s.nextWake == Fixture.instant("2026-11-29T17:00:00Z"))
        #expect(core.files == nil)
        s = StepSummary(core.handle(.timer, now: Fixture.instant("2026-11-29T17:00:00Z")))
        #expect(s.writes == [] && s.logs == [])
        s = StepSummary(
            core.handle(.filesRead(.success(Fixture.files())), now: Fixture.instant("2026-11-29T17:05:00Z")))
        #expect(s.logs == [.filesRecovered])
        #expect(s.writes == ["2026-11-29 evening rehras 0/7"])
    }

    @Test func warningsAreLoggedWhenTheyAppearNotOnEveryRead() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        let t0 = Fixture.instant("2026-11-29T10:00:00Z")
        var s = StepSummary(core.handle(.start(.success(Fixture.files(warnings: ["w1"]))), now: t0))
        #expect(s.logs == [.fileWarning("w1")])
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files(warnings: ["w1"]))), now: t0 + 1))
        #expect(s.logs == [] && s.writes == [])
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files(warnings: ["w1", "w2", "w2"]))), now: t0 + 2))
        #expect(s.logs == [.fileWarning("w2")])
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files())), now: t0 + 3))
        #expect(s.logs == [])
        // Back within a minute of being said: not said again (a file flipping is not a line per flip).
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files(warnings: ["w1"]))), now: t0 + 4))
        #expect(s.logs == [])
        // Gone, and back a minute later: news again.
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files())), now: t0 + 5))
        s = StepSummary(core.handle(.filesRead(.success(Fixture.files(warnings: ["w1"]))), now: t0 + 65))
        #expect(s.logs == [.fileWarning("w1")])
    }

    @Test func aFailedOrLostWriteIsWrittenAgainAtTheNextChance() {
        var core = AgentCore(calendar: Fixture.calendar("UTC"), config: Fixture.timelineOnly)
        let t0 = Fixture.instant("2026-11-29T10:00:00Z")
        #expect(StepSummary(core.handle(.start(.success(Fixture.files())), now: t0)).writes.count == 1)
        #expect(StepSummary(core.handle(.timer, now: t0 + 60)).writes.isEmpty)
        #expect(
            StepSummary(core.handle(.timelineWriteFailed(.test("t: cannot write")), now: t0 + 61)).logs == [
                .timelineWriteFailed(cause: "t: cannot write")
            ])
        #expect(StepSummary(core.handle(.timer, now: t0 + 120)).writes.count == 1)
        #expect(StepSummary(core.handle(.timer, now: t0 + 180)).writes.isEmpty)
        _ = core.handle(.timelineRemoved(path: "/g/widgets/NitnemNow.json"), now: t0 + 181)
        #expect(StepSummary(core.handle(.filesRead(.success(Fixture.files())), now: t0 + 240)).writes.count == 1)
    }
}
