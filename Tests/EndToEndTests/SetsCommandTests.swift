// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// `nitnem sets` end to end, and everything that counts your sets: status, mark --band, journey,
/// simulate, a running agent; bad files; unknown fields kept byte for byte by every write.
@Suite(.serialized) struct SetsCommandTests {
    func demoGroup() throws -> String { try Support.demoGroup() }

    func run(_ arguments: [String], _ dir: String) throws -> NitnemBinary.Result {
        try Support.run(arguments + ["--group", dir])
    }

    func statusJSON(_ dir: String) throws -> [String: Any] {
        let r = try run(["status", "--format", "json"], dir)
        #expect(r.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func setsChangesShowInStatusMarkJourneyAndSimulate() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try run(["sets", "add", "sukhmani", "--to", "morning"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "Your morning set: Japji Sahib, Jaap Sahib, Tav-Prasad Savaiye, Benti Chaupai, Anand Sahib, Sukhmani Sahib\n"
        )
        r = try run(["sets", "remove", "jaap,savaiye", "chaupai", "--from", "morning"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Your morning set: Japji Sahib, Anand Sahib, Sukhmani Sahib\n")
        r = try run(["sets", "move", "sukhmani", "--to", "morning", "--after", "japji"], dir)
        // A move within a set says that set alone.
        #expect(r.stdout == "Your morning set: Japji Sahib, Sukhmani Sahib, Anand Sahib\n", "\(r.stdout)")

        // status counts your set: japji read of japji, sukhmani, anand, rehras, kirtan_sohila.
        var status = try statusJSON(dir)
        #expect((status["next"] as? [String: Any])?["id"] as? String == "sukhmani")
        #expect((status["today"] as? [String: Any])?["total"] as? Int == 5)
        #expect((status["today"] as? [String: Any])?["done"] as? Int == 1)

        // mark --band marks your band's unread ones, and only those.
        r = try run(["mark", "--band"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Marked Sukhmani Sahib read") && r.stdout.contains("Marked Anand Sahib read"))
        #expect(!r.stdout.contains("Savaiye") && !r.stdout.contains("Chaupai"))
        status = try statusJSON(dir)
        #expect(status["bandComplete"] as? Bool == true)

        // With nothing in the evening and night sets, today is complete, and the journey says so.
        r = try run(["sets", "remove", "rehras", "sohila"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        status = try statusJSON(dir)
        #expect(status["dayComplete"] as? Bool == true)
        r = try run(["journey", "--format", "json"], dir)
        let journey = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(journey["total"] as? Int == 3)
        let days = try #require(journey["days"] as? [[String: Any]])
        #expect(days.first { $0["dayKey"] as? String == "2026-11-29" }?["complete"] as? Bool == true)

        // simulate: the evening and night reminders are skipped, nothing to read.
        r = try run(["simulate", "--from", "2026-11-29T17:00", "--to", "2026-11-29T23:00"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""band":"evening","dayKey":"2026-11-29","reason":"empty-set""#))
        #expect(r.stdout.contains(#""band":"night","dayKey":"2026-11-29","reason":"empty-set""#))

        // status says the band has nothing to read rather than "complete" (evening at 19:00).
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = "2026-11-29T19:00:00+05:30"
        let evening = try Support.run(["status", "--group", dir], environment: env)
        #expect(evening.stdout.contains("nothing to read in Evening (your evening set is empty)"), "\(evening.stdout)")

        // reset: the snapshot's sets again.
        r = try run(["sets", "reset"], dir)
        #expect(r.status == 0)
        status = try statusJSON(dir)
        #expect((status["today"] as? [String: Any])?["total"] as? Int == 7)
        let listed = try run(["sets"], dir)
        #expect(
            listed.stdout.hasPrefix("Morning (Amrit Vela and Morning) (the snapshot's)\n  ✓ japji"), "\(listed.stdout)")
    }

    @Test func doctorAndRemindersListSayYourSets() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        try Support.write(#"{"schema":1,"sets":{"morning":["japji","zzz_unknown"],"evening":[]}}"#, to: path)
        let doctor = try run(["doctor"], dir)
        #expect(doctor.stdout.contains("sets         morning (yours): Japji Sahib\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("sets         evening (yours): nothing to read\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("sets         night (the snapshot's): Kirtan Sohila\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(path): morning: unknown bani id 'zzz_unknown'; skipped"), "\(doctor.stdout)")
        let list = try run(["reminders", "list"], dir)
        #expect(list.stdout.contains("Evening     18:00  will be skipped: the band's set is empty"), "\(list.stdout)")
    }

    @Test func theEmbeddedRegistryOffersMoreBanisToAdd() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let available = try run(["sets", "available"], dir)
        #expect(available.status == 0)
        #expect(
            available.stdout.contains("\nsalok_m9           Salok Mahalla 9 · ਸਲੋਕ ਮਹਲਾ ੯ · sggs\n"),
            "\(available.stdout)")
        #expect(
            available.stdout.contains("\nkirtan_sohila      Kirtan Sohila · ਸੋਹਿਲਾ ਸਾਹਿਬ · sggs · in night\n"),
            "\(available.stdout)")
        // A bani more-banis.json gives no line count: offered, and said to have none.
        #expect(
            available.stdout.contains("\ndukh_bhanjani      Dukh Bhanjani Sahib · ਦੁਖ ਭੰਜਨੀ ਸਾਹਿਬ · sggs · no line count\n"),
            "\(available.stdout)")
        // For a program: the title in config titles' form, the sets it is in, null for no line count.
        let json = try run(["sets", "available", "--format", "json"], dir)
        #expect(json.status == 0, "\(json.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let banis = try #require(root["banis"] as? [[String: Any]])
        #expect(banis.count == available.stdout.split(separator: "\n").count)
        let sohila = try #require(banis.first { $0["id"] as? String == "kirtan_sohila" })
        #expect(sohila["title"] as? String == "Kirtan Sohila")
        #expect(sohila["sets"] as? [String] == ["night"])
        #expect(sohila["source"] as? String == "sggs")
        #expect(banis.first { $0["id"] as? String == "dukh_bhanjani" }?["lines"] is NSNull)
        let added = try run(["sets", "add", "Salok Mahalla 9", "--to", "night"], dir)
        #expect(added.stdout == "Your night set: Kirtan Sohila, Salok Mahalla 9\n", "\(added.stderr)")
        // The default sets do not change: only yours.
        let status = try statusJSON(dir)
        #expect((status["today"] as? [String: Any])?["total"] as? Int == 8)
    }

    @Test func aMoveSaysTheSetItWentToFirstThenTheSetsItLeft() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        #expect(try run(["sets", "add", "sukhmani", "--to", "evening"], dir).status == 0)
        let r = try run(["sets", "move", "sukhmani", "--to", "night"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Your night set: Kirtan Sohila, Sukhmani Sahib\nYour evening set: Rehras Sahib\n")
    }

    @Test func remindIsStoredAndListed() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        #expect(try run(["sets", "add", "Sukhmani Sahib", "--to", "morning"], dir).status == 0)
        let r = try run(["sets", "remind", "sukhmani", "10:00"], dir)
        #expect(r.stdout == "Sukhmani Sahib: remind at 10:00\n")
        let mine = try #require(try GroupFiles.readMine(AppGroup(path: dir)))
        #expect(mine.reminder(for: "sukhmani") == WallTime(hour: 10, minute: 0))
        #expect(try run(["sets"], dir).stdout.contains("○ sukhmani  Sukhmani Sahib · remind 10:00"))
        #expect(try run(["sets", "remind", "sukhmani", "25:00"], dir).status == 2)
    }

    @Test(arguments: [["sets", "add", "japjii", "--to", "morning"], ["sets", "remove", "nosuchbani"]])
    func anUnknownNameIsExitTwoWithCandidatesAndNothingWritten(_ arguments: [String]) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let r = try run(arguments, dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: unknown bani '"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + AppGroup.mynitnemName))
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        (#"{"sets":{"morning":"japji"}}"#, "$.sets.morning: expected an array of bani ids"),
        (#"{"schema":1,"reminders":[]}"#, "$.reminders: expected an object"),
        (#"{"schema":2,"sets":{"morning":["japji"]}}"#, "schema 2 is newer than 1; read-only"),
        (#"{"sets":{"morning":["japji","zzz_unknown"]}}"#, "unknown bani id 'zzz_unknown'; skipped (kept in the file)"),
    ])
    func aBadFileIsOneLineNamingIt(_ text: String, _ said: String) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        try Support.write(text, to: path)
        let r = try run(["status"], dir)
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.first?.hasPrefix("nitnem: warning: \(path): ") == true, "\(r.stderr)")
        #expect(lines.first?.contains(said) == true, "\(r.stderr)")
    }

    /// The copy a `sets` command keeps of a file it replaces what could not be read in (the clock is
    /// pinned to 2026-11-29T05:00:00Z).
    static let unreadableCopy = "nitnem-mynitnem.unreadable-20261129T050000Z.json"

    /// Checks the copy a fix keeps of an unreadable file in `dir`: the user's bytes, mode 0600.
    /// Returns its path.
    static func expectKeptCopy(in dir: String, of original: [UInt8]) throws -> String {
        let copy = dir + "/" + unreadableCopy
        #expect(Support.bytes(copy) == original, "the user's bytes are kept")
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        return copy
    }

    /// The copies kept in `dir`.
    func copies(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".unreadable-") }
    }

    /// A file that cannot be read at all blocks no `sets reset` (of one set or all): the file is kept
    /// beside it (0600), byte for byte, and started afresh. Every other write is one line naming the
    /// file and the command that fixes it, exit 2, nothing written.
    @Test(arguments: ["not json", #"{"sets":"#, "[]", #"{"schema":"x","sets":{}}"#, "\n"])
    func aFileThatCannotBeReadIsResetKeepingACopy(_ text: String) throws {
        for reset in [["sets", "reset"], ["sets", "reset", "evening"]] {
            let dir = try demoGroup()
            defer { Support.cleanup(dir) }
            let path = dir + "/" + AppGroup.mynitnemName
            try Support.write(text, to: path)
            let original = Support.bytes(path)
            for refused in [
                ["sets", "add", "sukhmani", "--to", "evening"], ["sets", "remove", "japji"],
                ["sets", "move", "japji", "--to", "night"], ["sets", "remind", "japji", "off"],
            ] {
                let r = try run(refused, dir)
                #expect(r.status == 2, "\(refused): \(r.stderr)")
                let lines = r.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(refused): \(r.stderr)")
                #expect(lines.first?.hasPrefix("nitnem: \(path): ") == true, "\(r.stderr)")
                #expect(r.stderr.hasSuffix("; nothing written (to fix: nitnem sets reset)\n"), "\(r.stderr)")
                #expect(Support.bytes(path) == original)
                #expect(try copies(dir).isEmpty)
            }
            let r = try run(reset, dir)
            #expect(r.status == 0, "\(reset): \(r.stderr)")
            #expect(r.stderr == "")
            let copy = try Self.expectKeptCopy(in: dir, of: original)
            #expect(r.stdout.hasPrefix("Kept \(path) as \(copy) and started it afresh (it could not be read: "))
            #expect(try copies(dir) == [Self.unreadableCopy])
            // The file reads now: no warning, and a write works.
            #expect(try run(["status"], dir).stderr == "")
            #expect(try run(["sets", "add", "sukhmani", "--to", "evening"], dir).status == 0)
        }
    }

    /// A part that cannot be read: the command that fixes it works, keeping the file as it was beside
    /// it (0600, byte for byte) and leaving every part that reads; a command that would build on the
    /// bad part is one line naming it and its fix, exit 2, nothing written.
    @Test(
        arguments: [
            (
                #"{"schema":1,"sets":{"morning":"x","evening":["sukhmani"]}}"#, ["sets", "reset", "morning"],
                ["sets", "add", "sukhmani", "--to", "morning"], "$.sets.morning", "nitnem sets reset morning",
                #"{"schema":1,"sets":{"evening":["sukhmani"]},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"sets":{"morning":[1],"night":["japji"]},"reminders":{"jaap":"07:00"}}"#,
                ["sets", "reset"], ["sets", "remove", "japji"], "$.sets.morning[0]", "nitnem sets reset morning",
                #"{"schema":1,"sets":{},"reminders":{"jaap":"07:00"},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"sets":[1],"reminders":{"jaap":"07:00"}}"#, ["sets", "reset", "evening"],
                ["sets", "add", "sukhmani", "--to", "evening"], "$.sets", "nitnem sets reset",
                #"{"schema":1,"reminders":{"jaap":"07:00"},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"reminders":{"japji":"25:99","jaap":"07:00"}}"#, ["sets", "remind", "japji", "off"], nil,
                "$.reminders.japji", "nitnem sets remind japji HH:MM|off",
                #"{"schema":1,"reminders":{"jaap":"07:00"},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"reminders":{"japji":600}}"#, ["sets", "remind", "japji", "06:15"], nil,
                "$.reminders.japji", "nitnem sets remind japji HH:MM|off",
                #"{"schema":1,"reminders":{"japji":"06:15"},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"reminders":{"zzz":"later"}}"#, ["sets", "remind", "zzz", "off"], nil,
                "$.reminders.zzz", "nitnem sets remind zzz HH:MM|off",
                #"{"schema":1,"reminders":{},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
            (
                #"{"schema":1,"sets":{"night":["japji"]},"reminders":"x"}"#, ["sets", "reset"],
                ["sets", "remind", "jaap", "07:00"], "$.reminders", "nitnem sets reset",
                #"{"schema":1,"sets":{},"modifiedAt":"2026-11-29T05:00:00Z"}"#
            ),
        ] as [(String, [String], [String]?, String, String, String)])
    func aBadPartIsFixedByItsCommandAndNothingIsLost(
        _ text: String, _ fix: [String], _ refused: [String]?, _ jsonPath: String, _ hint: String, _ after: String
    ) throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        try Support.write(text, to: path)
        let original = Support.bytes(path)
        // Every command that counts the sets says the bad part, its fix included.
        let status = try run(["status"], dir)
        #expect(status.stderr.hasPrefix("nitnem: warning: \(path): \(jsonPath): "), "\(status.stderr)")
        #expect(status.stderr.hasSuffix(" (to fix: \(hint))\n"), "\(status.stderr)")
        if let refused {
            let r = try run(refused, dir)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("nitnem: \(path): \(jsonPath): "), "\(r.stderr)")
            #expect(r.stderr.hasSuffix("; nothing written (to fix: \(hint))\n"), "\(r.stderr)")
            #expect(Support.bytes(path) == original)
        }
        let r = try run(fix, dir)
        #expect(r.status == 0, "\(fix): \(r.stderr)")
        #expect(r.stderr == "")
        let copy = try Self.expectKeptCopy(in: dir, of: original)
        #expect(r.stdout.hasPrefix("Kept a copy of \(path) as \(copy): what it replaced could not be read\n"))
        #expect(String(decoding: Support.bytes(path), as: UTF8.self) == after)
        #expect(try run(["status"], dir).stderr == "")
    }

    /// A command on a part that reads works while another part does not: a warning names the bad part
    /// and its fix, which stays in the file byte for byte, and no copy is needed.
    @Test func aCommandOnAGoodPartWorksAndNamesTheBadOne() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        try Support.write(#"{"schema":1,"sets":{"morning":"x"},"reminders":{"japji":"25:99"}}"#, to: path)
        let warnings =
            "nitnem: warning: \(path): $.sets.morning: expected an array of bani ids, found \"x\"; "
            + "using the snapshot's morning set (to fix: nitnem sets reset morning)\n"
            + "nitnem: warning: \(path): $.reminders.japji: expected a time HH:MM, found \"25:99\"; "
            + "no reminder for it (to fix: nitnem sets remind japji HH:MM|off)\n"
        var r = try run(["sets", "add", "sukhmani", "--to", "evening"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Your evening set: Rehras Sahib, Sukhmani Sahib\n")
        #expect(r.stderr == warnings)
        r = try run(["sets", "remind", "jaap", "07:00"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == warnings)
        #expect(
            String(decoding: Support.bytes(path), as: UTF8.self)
                == #"{"schema":1,"sets":{"morning":"x","evening":["rehras","sukhmani"]},"reminders":{"japji":"25:99","#
                + #""jaap":"07:00"},"modifiedAt":"2026-11-29T05:00:00Z"}"#)
        #expect(try copies(dir).isEmpty)
    }

    @Test func unknownFieldsSurviveEverySetsWriteByteForByte() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        let original =
            "{ \"schema\" : 1,\r\n  \"app\": {\"x\": \"caf\\u00e9\", \"n\": 1.50},\r\n"
            + "  \"sets\": {\"morning\": [\"japji\", \"zzz_unknown\"], \"popular\": [\"a\"]},\r\n  \"later\": [1e3]\r\n}\r\n"
        try Support.write(original, to: path)
        let writes: [[String]] = [
            ["sets", "add", "sukhmani", "--to", "morning", "--at", "1"], ["sets", "remind", "japji", "05:30"],
            ["sets", "move", "sukhmani", "--to", "evening"], ["sets", "remove", "japji"], ["sets", "reset", "morning"],
            ["sets", "remind", "japji", "off"], ["sets", "reset"],
        ]
        for arguments in writes {
            let r = try run(arguments, dir)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            let text = String(decoding: Support.bytes(path), as: UTF8.self)
            for kept in [
                "{ \"schema\" : 1,\r\n  \"app\": {\"x\": \"caf\\u00e9\", \"n\": 1.50},\r\n", "\"popular\": [\"a\"]",
                "\"later\": [1e3]", "}\r\n",
            ] {
                #expect(text.contains(kept), "\(arguments): \(text)")
            }
            if arguments == writes[1] { #expect(text.contains("zzz_unknown"), "an unknown id is kept: \(text)") }
        }
        // A newer schema is never written.
        try Support.write(#"{"schema":2,"sets":{}}"#, to: path)
        let refused = try run(["sets", "add", "japji", "--to", "night"], dir)
        #expect(refused.status == 1)
        #expect(String(decoding: Support.bytes(path), as: UTF8.self) == #"{"schema":2,"sets":{}}"#)
    }

    @Test func aRunningAgentPicksUpASetsChangeWithinASecond() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let dir = root + "/group"
        try Support.makeFolder(root + "/run")
        try Support.demoGroup(in: dir)
        let timeline = dir + "/widgets/NitnemNow.json"
        func next() -> String? {
            guard let data = FileManager.default.contents(atPath: timeline),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let first = (object["entries"] as? [[String: Any]])?.first
            else { return nil }
            return ((first["next"] as? [String: Any])?["id"] as? String) ?? "-"
        }
        let agent = try NitnemProcess(
            ["run", "--group", dir, "--lock", root + "/run/agent.lock"],
            environment: [
                "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T10:30:00", "XDG_RUNTIME_DIR": root + "/run",
                "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config",
            ],
            stderrPath: root + "/agent.log")
        defer { _ = agent.terminate(timeout: 5) }
        #expect(NitnemProcess.waitUntil(timeout: 5) { next() == "savaiye" }, "\(agent.stderr)")
        let r = try run(["sets", "add", "sukhmani", "--to", "morning", "--after", "japji"], dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(NitnemProcess.waitUntil(timeout: 1) { next() == "sukhmani" }, "\(agent.stderr)")

        // A bad file: one line naming it; the agent keeps your last good sets.
        try Support.write("{\"sets\":", to: dir + "/" + AppGroup.mynitnemName)
        #expect(agent.waitForStderr("keeping the last good sets", timeout: 2))
        usleep(300_000)
        let said = agent.stderr.split(separator: "\n").filter { $0.contains(AppGroup.mynitnemName) }
        #expect(said.count == 1, "\(agent.stderr)")
        #expect(next() == "sukhmani")
        #expect(agent.isRunning)
    }
}
