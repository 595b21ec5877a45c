// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// `nitnem reminders pause|resume` and what shows the pause: `status`, `reminders list`, `doctor`.
@Suite struct ReminderPauseTests {
    /// A temp home (state, config) beside the read-only demo group.
    final class Home {
        let root: String
        var environment: [String: String]
        var pausePath: String { root + "/state/nitnem/pause.json" }

        init(now: String = "2026-11-29T13:00") throws {
            root =
                FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-pause-\(UUID().uuidString)").path
            try Support.makeFolder(root)
            environment = [
                "HOME": root, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": now, "XDG_STATE_HOME": root + "/state",
                "XDG_CONFIG_HOME": root + "/config", "XDG_RUNTIME_DIR": root + "/run",
                "SGGS_APP_GROUP": StatusCommandTests.demo,
            ]
        }

        func run(_ arguments: [String], now: String? = nil) throws -> NitnemBinary.Result {
            var env = environment
            if let now { env["SGGS_CLOCK_NOW"] = now }
            return try NitnemBinary.run(arguments, environment: env)
        }

        func json(_ arguments: [String], now: String? = nil) throws -> [String: Any] {
            let r = try run(arguments, now: now)
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func pauseUntilTheNextNitnemDayIsShownEverywhereThenResumed() throws {
        let home = try Home()
        let r = try home.run(["reminders", "pause"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Reminders paused until 2026-11-30 03:00 (the start of Nitnem day 2026-11-30)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.pausePath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: home.root + "/state/nitnem")
        #expect(folder[.posixPermissions] as? Int == 0o700)

        let status = try home.json(["status", "--format", "json"])
        #expect((status["paused"] as? [String: Any])?["until"] as? String == "2026-11-30T03:00:00+05:30")
        let text = try home.run(["status"])
        #expect(text.stdout.hasSuffix("\nReminders paused until 2026-11-30 03:00\n"), "\(text.stdout)")
        let waybar = try home.json(["status", "--format", "waybar"])
        #expect((waybar["tooltip"] as? String)?.hasSuffix("\nReminders paused until 2026-11-30 03:00") == true)
        #expect((waybar["class"] as? [String])?.contains("paused") == true)

        let list = try home.run(["reminders", "list"])
        #expect(list.stdout.contains("\n  paused until 2026-11-30 03:00 (nitnem reminders resume)\n"))
        #expect(list.stdout.contains("Evening     18:00  paused (skipped unless resumed first)"))
        #expect(list.stdout.contains("Next: Amrit Vela at 2026-11-30 06:00"), "\(list.stdout)")
        let doctor = try home.run(["doctor"])
        #expect(
            doctor.stdout.contains(
                "warn  pause        reminders paused until 2026-11-30 03:00 (nitnem reminders resume)\n"),
            "\(doctor.stdout)")

        // Past its end, a pause is over, though its file is still there.
        let later = try home.json(["status", "--format", "json"], now: "2026-11-30T03:00")
        #expect(later["paused"] is NSNull)
        #expect(!(try home.run(["reminders", "list"], now: "2026-11-30T03:00").stdout.contains("paused")))

        let resume = try home.run(["reminders", "resume"])
        #expect(resume.stdout == "Reminders resumed\n")
        #expect(!FileManager.default.fileExists(atPath: home.pausePath))
        #expect(try home.json(["status", "--format", "json"])["paused"] is NSNull)
        #expect(try home.run(["reminders", "resume"]).stdout == "Reminders were not paused\n")
    }

    /// `reminders pause [--until …]` in a new home, at a case's `now` in its `zone`.
    static func pause(_ c: CaseTable.Row) throws -> (Home, NitnemBinary.Result) {
        let home = try Home(now: c["now"])
        home.environment["TZ"] = c["zone"]
        return (home, try home.run(["reminders", "pause"] + (c.optional("until").map { ["--until", $0] } ?? [])))
    }

    /// Every row of `fixtures/cases/pause-until.tsv` (`PauseTests` reads it too): the binary pauses
    /// until that instant, as `status --format json` then says.
    @Test(arguments: try CaseTable.rows("pause-until", columns: ["zone", "now", "until?", "instant"]))
    func untilFromTheCaseFile(_ c: CaseTable.Row) throws {
        let (home, r) = try Self.pause(c)
        #expect(r.status == 0, "\(c): \(r.stderr)")
        let paused = try home.json(["status", "--format", "json"])["paused"] as? [String: Any]
        let until = (paused?["until"] as? String).flatMap(RFC3339.parseAbsolute)
        #expect(until == RFC3339.parseAbsolute(c["instant"]), "\(c): \(paused ?? [:])")
    }

    /// Every row of `fixtures/cases/pause-refused.tsv`: the binary says the message in one line, exits
    /// 2 and writes no pause.
    @Test(arguments: try CaseTable.rows("pause-refused", columns: ["zone", "now", "until?", "message"]))
    func refusedFromTheCaseFile(_ c: CaseTable.Row) throws {
        let (home, r) = try Self.pause(c)
        #expect(r.status == 2, "\(c)")
        #expect(r.stderr == "nitnem: \(c["message"])\n", "\(c)")
        #expect(!FileManager.default.fileExists(atPath: home.pausePath), "\(c)")
    }

    @Test func untilADayOrATime() throws {
        let home = try Home()
        #expect(
            try home.run(["reminders", "pause", "--until", "2026-12-02"]).stdout
                == "Reminders paused until 2026-12-02 03:00 (the start of Nitnem day 2026-12-02)\n")
        #expect(
            try home.run(["reminders", "pause", "--until", "18:30"]).stdout
                == "Reminders paused until 18:30\n")
        let list = try home.run(["reminders", "list"]).stdout
        #expect(list.contains("Evening     18:00  paused"))
        #expect(list.contains("Night       21:30  scheduled"))
        #expect(
            try home.run(["reminders", "pause", "--until", "tomorrow"]).stdout
                == "Reminders paused until 2026-11-30 03:00 (the start of Nitnem day 2026-11-30)\n")
        let today = try home.run(["reminders", "pause", "--until", "2026-11-29"])
        #expect(today.status == 2)
        #expect(
            today.stderr
                == "nitnem: --until '2026-11-29': Nitnem day 2026-11-29 began at 2026-11-29T03:00:00+05:30; pick a later day\n"
        )
        let bad = try home.run(["reminders", "pause", "--until", "6pm"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "nitnem: --until '6pm': expected YYYY-MM-DD, HH:MM (24-hour) or tomorrow\n")
    }

    @Test func aBadPauseFileIsSaidAndIsNoPause() throws {
        let home = try Home()
        try Support.makeFolder(home.root + "/state/nitnem")
        try "{\"until\": \"soon\"}".write(toFile: home.pausePath, atomically: true, encoding: .utf8)
        let r = try home.run(["status", "--format", "json"])
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "nitnem: warning: \(home.pausePath): $.until: 'soon' is not an RFC 3339 instant with an offset (reminders are not paused)\n"
        )
        let status = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(status["paused"] is NSNull)
        let resume = try home.run(["reminders", "resume"])
        #expect(resume.stdout == "Reminders were not paused (removed an unreadable pause)\n")
        #expect(!FileManager.default.fileExists(atPath: home.pausePath))
    }
}

/// Config `rehras`: the Rehras the evening set counts, on a snapshot with both forms and no
/// preference (as `snapshot export` writes one).
@Suite struct RehrasConfigEndToEndTests {
    @Test func taksalCountsTheMarkedTaksalRehras() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        let home = (group.path as NSString).deletingLastPathComponent
        // No preference in the snapshot: today `mark rehras/taksal` is recorded but never counted.
        try Support.clearSnapshotPreferences(in: group.path)
        var env = [
            "HOME": home, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:30",
            "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state",
        ]
        #expect(try NitnemBinary.run(["mark", "rehras/taksal", "--group", group.path], environment: env).status == 0)
        func evening() throws -> [String: Any] {
            let r = try NitnemBinary.run(["status", "--format", "json", "--group", group.path], environment: env)
            #expect(r.stderr == "")
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        #expect(try evening()["bandComplete"] as? Bool == false)
        #expect((try evening()["next"] as? [String: Any])?["id"] as? String == "rehras")

        try Support.makeFolder(home + "/config/nitnem")
        try "rehras = taksal\n".write(toFile: home + "/config/nitnem/config", atomically: true, encoding: .utf8)
        #expect(try evening()["bandComplete"] as? Bool == true)
        let timeline = try NitnemBinary.run(["timeline", "--group", group.path], environment: env)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any])?["entries"]
                as? [[String: Any]])
        #expect(entries.first?["bandComplete"] as? Bool == true)
        let doctor = try NitnemBinary.run(["doctor", "--group", group.path], environment: env)
        #expect(doctor.stdout.contains("ok    rehras       rehras = taksal: the evening set counts rehras/taksal"))

        // The embedded registry has one Rehras: accepted, and doctor says it changes nothing.
        env["SGGS_APP_GROUP"] = home + "/empty-group"
        let embedded = try NitnemBinary.run(["doctor"], environment: env)
        #expect(
            embedded.stdout.contains(
                "ok    rehras       rehras = taksal has no effect: the embedded registry has one Rehras\n"),
            "\(embedded.stdout)")
        #expect(try NitnemBinary.run(["status"], environment: env).status == 0)
    }
}
