// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// Your own sets (`nitnem-mynitnem.json`) as the decisions see them: next, counts, band completion,
/// the band reminder, an empty set, an unknown id, a change mid-band and a bad file in the agent.
@Suite struct MyNitnemCoreTests {
    static let path = "/g/nitnem-mynitnem.json"
    static let day = CivilDate("2026-11-29")!
    static let calendar = ZoneFiles.calendar("UTC")
    static func at(_ text: String) -> Date { RFC3339.parseAbsolute(text)! }

    /// The embedded registry with `mine` (JSON text) applied, and `read` read on `day`.
    static func files(_ mine: String?, read: [String] = []) throws -> GroupFiles {
        var banis: [String: BaniProgress] = [:]
        for id in read {
            var p = BaniProgress()
            p.completedDays = [day]
            banis[id] = p
        }
        let base = GroupFiles(
            snapshot: EmbeddedRegistry.snapshot, source: .embedded,
            progress: NitnemProgress(schema: 1, banis: banis, warnings: [], raw: .null), warnings: [])
        guard let mine else { return base }
        let result = Result { () throws(GroupFileError) in
            try MyNitnem.decode(try JSONParser.parse(Array(mine.utf8), path: path), path: path)
        }
        return base.applying(result.map { $0 }, path: path)
    }

    static func state(_ files: GroupFiles, _ now: String) -> TodayState {
        TodayState(snapshot: files.snapshot, progress: files.progress.banis, at: at(now), calendar: calendar)
    }

    @Test func aCustomMorningSetChangesNextCountsAndBandCompletion() throws {
        let mine = #"{"schema":1,"sets":{"morning":["sukhmani","japji"]}}"#
        let half = Self.state(try Self.files(mine, read: ["sukhmani"]), "2026-11-29T07:00:00Z")
        #expect(half.next?.bani.id == "japji")
        #expect(half.done == 1)
        #expect(half.total == 4)  // sukhmani, japji, rehras, kirtan_sohila
        #expect(!half.bandComplete)
        let whole = Self.state(try Self.files(mine, read: ["sukhmani", "japji"]), "2026-11-29T07:00:00Z")
        #expect(whole.bandComplete)
        #expect(whole.next?.bani.id == "rehras")
        // The snapshot's morning set with the same reads is far from complete.
        let theirs = Self.state(try Self.files(nil, read: ["sukhmani", "japji"]), "2026-11-29T07:00:00Z")
        #expect(!theirs.bandComplete)
        #expect(theirs.total == 7)
    }

    @Test func theBandReminderIsSkippedWhenYourSetIsRead() throws {
        let mine = #"{"schema":1,"sets":{"morning":["japji"]}}"#
        var core = AgentCore(calendar: Self.calendar)
        let step = core.handleSaving(
            .start(.success(try Self.files(mine, read: ["japji"]))), now: Self.at("2026-11-29T06:00:30Z"))
        #expect(
            step.actions.contains(.reminder(.skip(dayKey: Self.day, band: .amritVela, reason: .bandComplete))))
        // With the snapshot's set the same reads leave the band open: a reminder.
        var other = AgentCore(calendar: Self.calendar)
        let fired = other.handleSaving(
            .start(.success(try Self.files(nil, read: ["japji"]))), now: Self.at("2026-11-29T06:00:30Z"))
        #expect(fired.actions.contains { if case .reminder(.fire(let n)) = $0 { n.bani.id == "jaap" } else { false } })
    }

    @Test func anEmptySetHasNothingToReadAndNoReminder() throws {
        let files = try Self.files(#"{"schema":1,"sets":{"morning":[]}}"#)
        let state = Self.state(files, "2026-11-29T07:00:00Z")
        #expect(state.bandSetIsEmpty)
        #expect(!state.bandComplete)
        // Said in the JSON too (status --format json, the widget timeline): empty, not complete.
        #expect(state.bandJSON["setEmpty"] == .bool(true))
        #expect(Self.state(try Self.files(nil), "2026-11-29T07:00:00Z").bandJSON["setEmpty"] == .bool(false))
        #expect(state.next?.bani.id == "rehras")
        var core = AgentCore(calendar: Self.calendar)
        let step = core.handleSaving(.start(.success(files)), now: Self.at("2026-11-29T06:00:30Z"))
        #expect(step.actions.contains(.reminder(.skip(dayKey: Self.day, band: .amritVela, reason: .emptySet))))
    }

    @Test func anUnknownIdIsAWarningNamingTheFileAndIsSkipped() throws {
        let files = try Self.files(#"{"schema":1,"sets":{"morning":["nope","japji","japji"]}}"#)
        #expect(files.snapshot.ids(in: .morning) == ["japji"])
        #expect(files.mine?.sets[.morning] == ["nope", "japji"])  // kept as listed, a duplicate once
        #expect(files.warnings == ["\(Self.path): $.sets.morning: unknown bani id 'nope'; skipped (kept in the file)"])
    }

    @Test func aSetChangedMidBandCountsAtOnce() throws {
        var core = AgentCore(calendar: Self.calendar)
        let now = Self.at("2026-11-29T07:00:00Z")
        _ = core.handleSaving(.start(.success(try Self.files(nil, read: ["japji"]))), now: now)
        #expect(core.lastTimeline?.entries.first?.state.next?.bani.id == "jaap")
        let step = core.handleSaving(
            .filesRead(.success(try Self.files(#"{"sets":{"morning":["japji","sukhmani"]}}"#, read: ["japji"]))),
            now: now.addingTimeInterval(60))
        #expect(step.actions.contains { if case .writeTimeline = $0 { true } else { false } })
        #expect(core.lastTimeline?.entries.first?.state.next?.bani.id == "sukhmani")
    }

    @Test func theAgentKeepsTheLastGoodSetsWhenTheFileTurnsBad() throws {
        var core = AgentCore(calendar: Self.calendar)
        let now = Self.at("2026-11-29T07:00:00Z")
        _ = core.handleSaving(.start(.success(try Self.files(#"{"sets":{"morning":["sukhmani"]}}"#))), now: now)
        #expect(core.files?.snapshot.ids(in: .morning) == ["sukhmani"])
        let bad = try Self.files(#"{"sets":{"morning":"japji"}}"#)
        #expect(bad.snapshot.ids(in: .morning) == EmbeddedRegistry.snapshot.ids(in: .morning))
        #expect(bad.warnings.count == 1)
        let step = core.handleSaving(.filesRead(.success(bad)), now: now.addingTimeInterval(5))
        #expect(core.files?.snapshot.ids(in: .morning) == ["sukhmani"])
        let warnings = step.actions.compactMap {
            if case .log(let event) = $0, event.level == .warning { event } else { nil }
        }
        #expect(
            warnings == [
                .fileWarning(
                    "\(Self.path): $.sets.morning: expected an array of bani ids, found \"japji\"; "
                        + "keeping the last good morning set (to fix: nitnem sets reset morning)"
                )
            ])
    }

    /// A file with a part that cannot be read: the parts that read count at once, and for the part
    /// that does not, the agent keeps what it last read there (the snapshot's when it had none).
    @Test func aBadPartKeepsItsLastGoodValueAndTheRestCounts() throws {
        var core = AgentCore(calendar: Self.calendar)
        let now = Self.at("2026-11-29T07:00:00Z")
        let first = #"{"sets":{"morning":["sukhmani"],"night":["japji"]},"reminders":{"jaap":"07:30"}}"#
        _ = core.handleSaving(.start(.success(try Self.files(first))), now: now)
        let bad = try Self.files(
            #"{"sets":{"morning":"x","evening":["sukhmani"],"night":[2]},"reminders":{"jaap":"25:00","anand":"08:00"}}"#
        )
        // Read alone (a command): the snapshot's morning and night, no jaap reminder.
        #expect(bad.snapshot.ids(in: .morning) == EmbeddedRegistry.snapshot.ids(in: .morning))
        #expect(bad.snapshot.ids(in: .evening) == ["sukhmani"])
        #expect(bad.mine?.reminder(for: "jaap") == nil)
        #expect(bad.warnings.count == 3)
        let step = core.handleSaving(.filesRead(.success(bad)), now: now.addingTimeInterval(5))
        #expect(core.files?.snapshot.ids(in: .morning) == ["sukhmani"])
        #expect(core.files?.snapshot.ids(in: .evening) == ["sukhmani"])
        #expect(core.files?.snapshot.ids(in: .night) == ["japji"])
        #expect(core.files?.mine?.reminder(for: "jaap") == WallTime(hour: 7, minute: 30))
        #expect(core.files?.mine?.reminder(for: "anand") == WallTime(hour: 8, minute: 0))
        let warnings = step.actions.compactMap {
            if case .log(.fileWarning(let text)) = $0 { text } else { nil }
        }
        #expect(
            warnings == [
                "\(Self.path): $.sets.morning: expected an array of bani ids, found \"x\"; "
                    + "keeping the last good morning set (to fix: nitnem sets reset morning)",
                "\(Self.path): $.sets.night[0]: expected a bani id, found 2; "
                    + "keeping the last good night set (to fix: nitnem sets reset night)",
                "\(Self.path): $.reminders.jaap: expected a time HH:MM, found \"25:00\"; "
                    + "keeping its last good time (to fix: nitnem sets remind jaap HH:MM|off)",
            ])
    }
}
