import AgentShell
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

/// `nitnem mark` end to end: the built binary, its stdout, stderr, exit code and the file it leaves.
@Suite(.serialized) struct MarkCommandTests {
    /// A copy of the demo group (snapshot with rehras/taksal preferred, progress mid-day).
    func demoGroup() throws -> String {
        let dir = Support.tempFolder()
        for name in [AppGroup.snapshotName, AppGroup.progressName] {
            try Support.copy(Support.fixture("groups/demo/" + name), to: dir + "/" + name)
        }
        return dir
    }

    func progress(_ dir: String) throws -> NitnemProgress {
        try GroupFiles.loadProgress(AppGroup(path: dir))
    }

    @Test(arguments: [
        ("chaupai", "chaupai", "Marked Benti Chaupai read on 2026-11-29 (3 of 7 today)"),
        ("BENTI chaupai", "chaupai", "Marked Benti Chaupai read on 2026-11-29 (3 of 7 today)"),
        ("rehras", "rehras/taksal", "Marked Rehras Sahib (taksal) read on 2026-11-29 (3 of 7 today)"),
        ("Rehras Sahib", "rehras/taksal", "Marked Rehras Sahib (taksal) read on 2026-11-29 (3 of 7 today)"),
        ("Rehras/Taksal", "rehras/taksal", "Marked Rehras Sahib (taksal) read on 2026-11-29 (3 of 7 today)"),
        ("sukhmani", "sukhmani", "Marked Sukhmani Sahib read on 2026-11-29 (2 of 7 today)"),
        ("japji", "japji", "Japji Sahib was already marked read on 2026-11-29; last read time updated (2 of 7 today)"),
    ])
    func marksByIdKeyOrTitle(_ name: String, _ id: String, _ line: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let result = try Support.mark([name], group: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == line + "\n")
        let entry = try #require(try progress(dir).banis[id])
        #expect(entry.completedDays.contains(CivilDate("2026-11-29")!))
        #expect(entry.lastReadAt == RFC3339.parseAbsolute("2026-11-29T05:00:00Z"))
    }

    @Test func undoAndDay() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try Support.mark(["japji", "--undo"], group: dir)
        #expect(r.status == 0 && r.stdout == "Unmarked Japji Sahib on 2026-11-29 (1 of 7 today)\n")
        #expect(
            try progress(dir).banis["japji"]?.completedDays.map(\.description).sorted() == ["2026-11-27", "2026-11-28"])
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        r = try Support.mark(["japji", "--undo"], group: dir)
        #expect(
            r.status == 0
                && r.stdout == "Japji Sahib was not marked read on 2026-11-29; nothing to undo (1 of 7 today)\n")
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before, "a no-op undo writes nothing")
        r = try Support.mark(["kirtan_sohila", "--day", "2026-11-20"], group: dir)
        #expect(r.status == 0 && r.stdout == "Marked Kirtan Sohila read on 2026-11-20 (1 of 7 that day)\n")
    }

    /// 00:30 still belongs to the Nitnem day that began at 03:00 the day before.
    @Test func defaultDayIsTheNitnemDay() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = "2026-11-30T00:30:00+05:30"
        let r = try Support.run(["mark", "kirtan_sohila", "--group", dir], environment: env)
        #expect(r.status == 0 && r.stdout == "Marked Kirtan Sohila read on 2026-11-29 (1 of 7 today)\n")
        #expect(try progress(dir).banis["kirtan_sohila"]?.lastReadAt == RFC3339.parseAbsolute("2026-11-29T19:00:00Z"))
    }

    @Test func unknownBaniListsTheKnownIds() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        let r = try Support.mark(["japjii"], group: dir)
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "nitnem: unknown bani 'japjii'; use an id, a key, or an English or Gurmukhi title: japji, jaap, "
                + "savaiye, chaupai, "
                + "anand, rehras, rehras/taksal, kirtan_sohila, sukhmani, asa_di_vaar, aarti\n")
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    @Test(arguments: ["2026-02-30", "29-11-2026", "2026-11-29T00:00", ""])
    func badDayIsUsageError(_ day: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let r = try Support.mark(["japji", "--day", day], group: dir)
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "nitnem: '\(day)' is not a valid value for '--day'; use a date YYYY-MM-DD\n"
                + "usage: nitnem mark [--next] [--band] [--undo] [--day YYYY-MM-DD] [--list] [--format text|json] "
                + "[--group DIR] [<bani>...]\n")
    }

    @Test func warningsGoToStderr() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.copy(Support.fixture("bad/bad-values-progress.json"), to: dir + "/" + AppGroup.progressName)
        let r = try Support.mark(["chaupai"], group: dir)
        #expect(r.status == 0)
        #expect(r.stderr.split(separator: "\n").count == 6)
        #expect(r.stderr.hasPrefix("nitnem: warning: \(dir)/\(AppGroup.progressName): $.banis.japji.lastSeq: "))
    }

    @Test func groupFromEnvironment() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        var env = Support.baseEnvironment
        env["SGGS_APP_GROUP"] = dir + "/g"
        let r = try Support.run(["mark", "aarti"], environment: env)
        #expect(r.status == 0)
        #expect(try progress(dir + "/g").banis["aarti"]?.lastSeq == 60)
    }

    /// Two processes marking different banis 200 times each, at once: no mark is lost, the file
    /// stays valid and the unknown members survive.
    @Test(.timeLimit(.minutes(5))) func concurrentWriters() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.progressName
        try Support.copy(Support.fixture("bad/unknown-fields-progress.json"), to: path)
        let original = try JSONParser.parse(Support.bytes(path))
        let start = CivilDate("2026-01-01")!
        let days = (0..<200).map { start.adding(days: $0).description }
        // Each child is one shell running the binary 200 times in a row.
        let script =
            #"b=$1; g=$2; id=$3; shift 3; for d in "$@"; do "$b" mark "$id" --day "$d" --group "$g" >/dev/null || exit 1; done"#
        let ids = ["japji", "jaap"]
        let results = Results()
        let finished = DispatchGroup()
        // Each on a thread of its own, so both run at once whatever the number of cores.
        for id in ids {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                let result = Result {
                    try Support.run(
                        ["-c", script, "sh", NitnemBinary.path, dir, id] + days, executable: "/bin/sh", timeout: 240)
                }
                results.set(id, result)
            }
        }
        finished.wait()
        for id in ids {
            let result = try #require(results.get(id)).get()
            #expect(result.status == 0, "\(id): \(result.stderr)")
        }
        let after = try JSONParser.parse(Support.bytes(path))
        let progress = try NitnemProgress.decode(after, path: path)
        #expect(progress.warnings.isEmpty)
        // Appended in order, after what was there.
        #expect(after["banis"]?["japji"]?["completedDays"] == .array((["2026-11-28"] + days).map { .string($0) }))
        #expect(after["banis"]?["jaap"]?["completedDays"] == .array(days.map { .string($0) }))
        Self.expectSameExcept(original, after)
    }

    /// `kill -9` at random moments during `mark`: the file always parses, and the lock is never stuck.
    @Test(.timeLimit(.minutes(5))) func killDuringMark() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.progressName
        let original = try JSONParser.parse(Support.bytes(path))
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        let start = CivilDate("2025-01-01")!
        let logs = Support.tempFolder()
        defer { Support.cleanup(logs) }
        for round in 0..<60 {
            let p = try NitnemProcess(
                ["mark", "sukhmani", "--day", start.adding(days: round).description, "--group", dir],
                environment: Support.baseEnvironment, stderrPath: logs + "/\(round).err")
            // A mark takes ~10-20 ms here: spread the kills over its whole life.
            usleep(UInt32.random(in: 0..<25_000, using: &generator))
            p.send(SIGKILL)
            try #require(p.waitForExit(timeout: 10) != nil, "round \(round): still running after SIGKILL")
            if p.terminatedBySignal { killed += 1 }
            let value = try JSONParser.parse(Support.bytes(path))
            let progress = try NitnemProgress.decode(value, path: path)
            #expect(progress.warnings.isEmpty)
            Self.expectSameExcept(original, value)
        }
        #expect(killed > 0, "no run was killed: the loop tested nothing")
        let r = try Support.mark(["sukhmani", "--day", "2024-12-31"], group: dir)
        #expect(r.status == 0, "lock released after kills")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temp files of killed writers are cleaned up under the lock")
        let days = try progress(dir).banis["sukhmani"]?.completedDays ?? []
        #expect(days.contains(CivilDate("2024-12-31")!))
    }

    /// `after` has `before`'s members in the same order and the same values, but for the three
    /// values a mark sets (the same check as AgentShellTests' `ProgressWriterTests.expectSameExcept`).
    static func expectSameExcept(_ before: JSONValue, _ after: JSONValue) {
        guard case .object(let b) = before, case .object(let a) = after else {
            Issue.record("not objects")
            return
        }
        #expect(a.map(\.key) == b.map(\.key))
        for (key, value) in b where key != "banis" {
            #expect(after[key] == value, "\(key)")
        }
        guard case .object(let oldBanis)? = before["banis"] else { return }
        for (id, entry) in oldBanis {
            guard case .object(let members) = entry else { continue }
            for (key, value) in members where !["completedDays", "lastReadAt", "lastSeq"].contains(key) {
                #expect(after["banis"]?[id]?[key] == value, "\(id).\(key)")
            }
        }
    }
}

/// The runs of `concurrentWriters`' two shells, each set from its own thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var byId: [String: Result<NitnemBinary.Result, any Error>] = [:]

    func set(_ id: String, _ result: Result<NitnemBinary.Result, any Error>) { lock.withLock { byId[id] = result } }
    func get(_ id: String) -> Result<NitnemBinary.Result, any Error>? { lock.withLock { byId[id] } }
}
