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

/// `nitnem mark` with several banis, `--next`, `--band`, Gurmukhi titles and `--list`: the built
/// binary, its output and the file it leaves.
@Suite(.serialized) struct MarkManyTests {
    func demoGroup() throws -> String { try Support.demoGroup() }

    /// What marking Savaiye, Chaupai and Anand in the demo group on 2026-11-29 says.
    static let savaiyeChaupaiAnand = """
        Marked Tav-Prasad Savaiye read on 2026-11-29 (3 of 7 today)
        Marked Benti Chaupai read on 2026-11-29 (4 of 7 today)
        Marked Anand Sahib read on 2026-11-29 (5 of 7 today)

        """

    /// The demo at `time` on the 29th in Asia/Kolkata.
    func mark(_ arguments: [String], group: String, at time: String = "10:30") throws -> NitnemBinary.Result {
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = "2026-11-29T\(time):00+05:30"
        return try Support.run(["mark"] + arguments + ["--group", group], environment: env)
    }

    func readOn(_ dir: String, _ day: String = "2026-11-29") throws -> [String] {
        let progress = try GroupFiles.loadProgress(AppGroup(path: dir))
        return progress.banis.filter { $0.value.completedDays.contains(CivilDate(day)!) }.map(\.key).sorted()
    }

    @Test func severalBanisOneLineEach() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let r = try mark(["savaiye", "ਚੌਪਈ ਸਾਹਿਬ", "Anand Sahib", "savaiye"], group: dir)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == Self.savaiyeChaupaiAnand)
        #expect(try readOn(dir) == ["anand", "chaupai", "jaap", "japji", "savaiye"])
        let undo = try mark(["savaiye", "chaupai", "--undo"], group: dir)
        #expect(
            undo.stdout
                == "Unmarked Tav-Prasad Savaiye on 2026-11-29 (4 of 7 today)\n"
                + "Unmarked Benti Chaupai on 2026-11-29 (3 of 7 today)\n")
    }

    @Test func anUnknownNameAmongSeveralWritesNothing() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        let r = try mark(["savaiye", "japjii", "ਜਪੁ", "--next"], group: dir)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "nitnem: unknown bani 'japjii' (did you mean Japji Sahib?); "
                + "unknown bani 'ਜਪੁ' (did you mean ਜਪੁ ਜੀ ਸਾਹਿਬ or ਜਾਪੁ ਸਾਹਿਬ?)\n")
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before)
    }

    @Test func nextMarksWhatStatusShowsThenUndoTakesItBack() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = "2026-11-29T17:00:00+05:30"
        let status = try Support.run(["status", "--format", "json", "--group", dir], environment: env)
        #expect(status.stdout.contains("\"id\":\"rehras/taksal\""), "\(status.stdout)")
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        var r = try mark(["--next"], group: dir, at: "17:00")
        #expect(r.status == 0 && r.stdout == "Marked Rehras Sahib (taksal) read on 2026-11-29 (3 of 7 today)\n")
        r = try mark(["--next"], group: dir, at: "17:00")
        #expect(r.stdout == "Marked Kirtan Sohila read on 2026-11-29 (4 of 7 today)\n")
        r = try mark(["--next", "--undo"], group: dir, at: "17:00")
        #expect(r.stdout == "Unmarked Kirtan Sohila on 2026-11-29 (3 of 7 today)\n")
        r = try mark(["--next", "--undo"], group: dir, at: "17:00")
        #expect(r.stdout == "Unmarked Rehras Sahib (taksal) on 2026-11-29 (2 of 7 today)\n")
        // The completed days are as before (the undo leaves the read times the marks set).
        #expect(try readOn(dir) == ["jaap", "japji"])
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) != before)
        // With a real clock the later mark is the later read time; here both are 17:00, and the later
        // in the order goes first. Nothing read at all: nothing to undo.
        let empty = Support.tempFolder()
        defer { Support.cleanup(empty) }
        r = try mark(["--next", "--undo"], group: empty, at: "17:00")
        #expect(r.status == 0)
        #expect(r.stdout == "Nothing to undo next: no daily bani is read on 2026-11-29 (0 of 7 today)\n")
    }

    /// `--next --undo` takes back the mark with the latest read time, whatever the order.
    @Test func nextUndoTakesBackTheLatestMark() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        _ = try mark(["anand"], group: dir, at: "11:00")
        _ = try mark(["savaiye"], group: dir, at: "11:05")
        let r = try mark(["--next", "--undo"], group: dir, at: "11:10")
        #expect(r.stdout == "Unmarked Tav-Prasad Savaiye on 2026-11-29 (3 of 7 today)\n")
        let again = try mark(["--next", "--undo"], group: dir, at: "11:10")
        #expect(again.stdout == "Unmarked Anand Sahib on 2026-11-29 (2 of 7 today)\n")
    }

    @Test func bandMarksTheUnreadOfTheBandsSet() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try mark(["--band"], group: dir)
        #expect(r.status == 0)
        #expect(r.stdout == Self.savaiyeChaupaiAnand)
        r = try mark(["--band"], group: dir)
        #expect(r.stdout == "Nothing to mark in Morning: every bani of its set is read on 2026-11-29 (5 of 7 today)\n")
        r = try mark(["--band", "--undo", "--day", "2026-11-28"], group: dir)
        // On the 28th japji, jaap and savaiye were read (the demo's history).
        #expect(
            r.stdout
                == """
                Unmarked Japji Sahib on 2026-11-28 (4 of 7 that day)
                Unmarked Jaap Sahib on 2026-11-28 (3 of 7 that day)
                Unmarked Tav-Prasad Savaiye on 2026-11-28 (2 of 7 that day)

                """)
        #expect(try readOn(dir, "2026-11-28") == ["kirtan_sohila", "rehras/taksal"])
    }

    @Test func nextOnAnotherDay() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        // The 28th had the morning's first three read: chaupai is next that day.
        let r = try mark(["--next", "--day", "2026-11-28"], group: dir)
        #expect(r.stdout == "Marked Benti Chaupai read on 2026-11-28 (6 of 7 that day)\n")
        let p = try GroupFiles.loadProgress(AppGroup(path: dir))
        #expect(p.banis["chaupai"]?.lastReadAt == nil, "another day than today moves no position")
    }

    @Test func nothingToMarkIsUsage() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        for (args, message) in [
            ([String](), "missing <bani> (or --next, --band)"),
            (["--list", "japji"], "--list marks nothing: give it no bani, --next, --band or --undo"),
            (["japji", "--format", "json"], "--format is for --list"),
        ] {
            let r = try mark(args, group: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.hasPrefix("nitnem: \(message)\nusage: nitnem mark "), "\(args): \(r.stderr)")
        }
    }

    @Test(arguments: [("json", "demo-evening-list.json"), ("text", "demo-evening-list.text")])
    func listMatchesGolden(_ format: String, _ golden: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let before = Support.bytes(dir + "/" + AppGroup.progressName)
        let r = try mark(["--list", "--format", format], group: dir, at: "17:00")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == (try Golden.expected("mark/\(golden)", actual: r.stdout)))
        #expect(Support.bytes(dir + "/" + AppGroup.progressName) == before, "--list writes nothing")
    }

    /// The list agrees with `status` and the timeline at the same instant: the same next and count.
    @Test func listAgreesWithStatus() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        for time in ["04:00", "10:30", "17:00", "22:00"] {
            var env = Support.baseEnvironment
            env["SGGS_CLOCK_NOW"] = "2026-11-29T\(time):00+05:30"
            let status = try Support.run(["status", "--format", "json", "--group", dir], environment: env)
            let list = try mark(["--list", "--format", "json"], group: dir, at: time)
            let s = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            let l = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
            let next = (s["next"] as? [String: Any])?["id"] as? String
            let banis = try #require(l["banis"] as? [[String: Any]])
            #expect(banis.filter { $0["next"] as? Bool == true }.map { $0["id"] as? String } == [next], "\(time)")
            let today = s["today"] as? [String: Any]
            #expect(banis.filter { $0["read"] as? Bool == true }.count == today?["done"] as? Int, "\(time)")
            #expect((l["band"] as? [String: Any])?["id"] as? String == (s["band"] as? [String: Any])?["id"] as? String)
        }
    }

    /// Each bani is one write under the progress file's lock: a writer holding the lock holds up the
    /// first; once it lets go, every bani is written.
    @Test(.timeLimit(.minutes(2))) func eachBaniWaitsForTheLock() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let fd = open(AppGroup(path: dir).progressLockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let logs = Support.tempFolder()
        defer { Support.cleanup(logs) }
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = "2026-11-29T10:30:00+05:30"
        let p = try NitnemProcess(
            ["mark", "savaiye", "chaupai", "--group", dir], environment: env, stderrPath: logs + "/err")
        Thread.sleep(forTimeInterval: 1)
        #expect(p.isRunning, "mark went on while another writer held the lock")
        #expect(try readOn(dir) == ["jaap", "japji"])
        flock(fd, LOCK_UN)
        #expect(p.waitForExit(timeout: 30) == 0)
        #expect(try readOn(dir) == ["chaupai", "jaap", "japji", "savaiye"])
    }
}
