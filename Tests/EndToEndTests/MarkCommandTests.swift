// SPDX-License-Identifier: GPL-3.0-or-later
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
    func demoGroup() throws -> String { try Support.demoGroup() }

    func progress(_ dir: String) throws -> NitnemProgress {
        try GroupFiles.loadProgress(AppGroup(path: dir))
    }

    /// `fixtures/cases/mark-names.tsv`: a name, the bani it marks, the line printed.
    @Test(arguments: try CaseTable.rows("mark-names", columns: ["name", "id", "line"]))
    func marksByIdKeyOrTitle(_ c: CaseTable.Row) throws {
        let (name, id, line) = (c["name"], c["id"], c["line"])
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
        let r = try Support.mark(["evening"], group: dir)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "nitnem: unknown bani 'evening'; use an id, a key, or an English or Gurmukhi title: japji, jaap, "
                + "savaiye, chaupai, "
                + "anand, rehras, rehras/taksal, kirtan_sohila, sukhmani, asa_di_vaar, aarti\n")
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    /// A near miss names the closest titles, one line, and writes nothing.
    @Test(arguments: [
        ("japjii", "nitnem: unknown bani 'japjii' (did you mean Japji Sahib?)\n"),
        ("jap", "nitnem: unknown bani 'jap' (did you mean Jaap Sahib or Japji Sahib?)\n"),
        ("rehraas", "nitnem: unknown bani 'rehraas' (did you mean Rehras Sahib?)\n"),
        ("ਜਪੁ", "nitnem: unknown bani 'ਜਪੁ' (did you mean ਜਪੁ ਜੀ ਸਾਹਿਬ or ਜਾਪੁ ਸਾਹਿਬ?)\n"),
    ])
    func nearMissSaysDidYouMean(_ name: String, _ stderr: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        let r = try Support.mark(["anand", name], group: dir)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == stderr)
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    /// Several names in one word, joined by commas, or a comma left at the end of a word.
    @Test func commasSeparateNames() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try Support.mark(["anand,savaiye", "chaupai,", "sohila"], group: dir)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                Marked Anand Sahib read on 2026-11-29 (3 of 7 today)
                Marked Tav-Prasad Savaiye read on 2026-11-29 (4 of 7 today)
                Marked Benti Chaupai read on 2026-11-29 (5 of 7 today)
                Marked Kirtan Sohila read on 2026-11-29 (6 of 7 today)

                """)
        r = try Support.mark(["anand,", "savaiye", "--undo"], group: dir)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "Unmarked Anand Sahib on 2026-11-29 (5 of 7 today)\n"
                + "Unmarked Tav-Prasad Savaiye on 2026-11-29 (4 of 7 today)\n")
        // Only commas is no bani at all.
        r = try Support.mark([","], group: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: missing <bani> (or --next, --band)\n"))
    }

    @Test(arguments: ["2026-02-30", "29-11-2026", "2026-11-29T00:00", "", "tomorrow", "-x", "+1"])
    func badDayIsUsageError(_ day: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        let r = try Support.mark(["japji", "--day", day], group: dir)
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "nitnem: '\(day)' is not a valid value for '--day'; use YYYY-MM-DD, today, yesterday or -N "
                + "(N days before today)\n"
                + "usage: nitnem mark [--next] [--band] [--undo] [--day DAY] [--list] [--format text|json] "
                + "[--group DIR] [<bani>...]\n")
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    /// A day that has not begun is refused, one line naming it and today; nothing is written.
    @Test(arguments: [
        ("2026-11-29T10:30:00+05:30", "2026-11-30", "2026-11-29"),
        ("2026-11-29T10:30:00+05:30", "2027-01-01", "2026-11-29"),
        // Before 03:00 the calendar's date is not yet the Nitnem day.
        ("2026-11-30T00:30:00+05:30", "2026-11-30", "2026-11-29"),
    ])
    func aDayAfterTodayIsRefused(_ now: String, _ day: String, _ today: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = now
        for undo in [[], ["--undo"]] {
            let r = try Support.run(["mark", "japji", "--day", day, "--group", dir] + undo, environment: env)
            #expect(r.status == 2)
            #expect(r.stdout == "")
            #expect(r.stderr == "nitnem: --day \(day) is after today, \(today) (the Nitnem day rolls at 03:00)\n")
        }
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    @Test func dayYesterdayAndToday() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try Support.mark(["sukhmani", "--day", "yesterday"], group: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Marked Sukhmani Sahib read on 2026-11-28 (5 of 7 that day)\n")
        #expect(try progress(dir).banis["sukhmani"]?.completedDays == [CivilDate("2026-11-28")!])
        r = try Support.mark(["anand", "--day=today"], group: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "Marked Anand Sahib read on 2026-11-29 (3 of 7 today)\n")
    }

    /// `-N` counts Nitnem days back from the one now: at 02:30 that is still the 29th's, at 03:30
    /// the 30th's. `-2` is the option's value, never an option of its own.
    @Test(arguments: [
        (
            "2026-11-30T02:30:00+05:30", ["--day", "-2"], "2026-11-27",
            "Marked Anand Sahib read on 2026-11-27 (2 of 7 that day)"
        ),
        (
            "2026-11-30T03:30:00+05:30", ["--day", "-2"], "2026-11-28",
            "Marked Anand Sahib read on 2026-11-28 (6 of 7 that day)"
        ),
        (
            "2026-11-30T02:30:00+05:30", ["--day=-1"], "2026-11-28",
            "Marked Anand Sahib read on 2026-11-28 (6 of 7 that day)"
        ),
        (
            "2026-11-30T03:30:00+05:30", ["--day", "-0"], "2026-11-30",
            "Marked Anand Sahib read on 2026-11-30 (1 of 7 today)"
        ),
    ])
    func dayMinusNCountsNitnemDays(_ now: String, _ day: [String], _ key: String, _ line: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = now
        let r = try Support.run(["mark", "anand"] + day + ["--group", dir], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == line + "\n")
        #expect(try progress(dir).banis["anand"]?.completedDays == [CivilDate(key)!])
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
        #expect(Support.changedBesidesMark(original, after) == [])
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
            #expect(Support.changedBesidesMark(original, value) == [])
        }
        #expect(killed > 0, "no run was killed: the loop tested nothing")
        let r = try Support.mark(["sukhmani", "--day", "2024-12-31"], group: dir)
        #expect(r.status == 0, "lock released after kills")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temp files of killed writers are cleaned up under the lock")
        let days = try progress(dir).banis["sukhmani"]?.completedDays ?? []
        #expect(days.contains(CivilDate("2024-12-31")!))
    }
}

/// The runs of `concurrentWriters`' two shells, each set from its own thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var byId: [String: Result<NitnemBinary.Result, any Error>] = [:]

    func set(_ id: String, _ result: Result<NitnemBinary.Result, any Error>) { lock.withLock { byId[id] = result } }
    func get(_ id: String) -> Result<NitnemBinary.Result, any Error>? { lock.withLock { byId[id] } }
}
