// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

/// `nitnem journey` against `fixtures/golden/journey/` (text and JSON; re-record with
/// `NITNEM_RECORD_GOLDEN=1`), and `journey clear` / `journey restore` on a real progress file.
@Suite struct JourneyGoldenTests {
    /// A month of journeys: `complete` days have every daily bani, `partial` days the first n.
    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        let zone: String
        let now: String
        let month: String?
        let complete: [String]
        let partial: [String: Int]
        var testDescription: String { name }
    }

    static func days(from first: String, count: Int) -> [String] {
        (0..<count).map { CivilDate(first)!.adding(days: $0).description }
    }

    static let november: (complete: [String], partial: [String: Int]) = (
        // Seven complete days from 28 October: the longest streak spans two months.
        days(from: "2026-10-28", count: 7) + ["2026-11-10", "2026-11-20", "2026-11-21"],
        ["2026-11-05": 3, "2026-11-15": 1, "2026-11-29": 2]
    )

    static let scenarios: [Scenario] = [
        // Full, partial and empty days; today (the 29th) in progress with 2 of 7.
        Scenario(
            name: "kolkata-november", zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", month: nil,
            complete: november.complete, partial: november.partial),
        Scenario(
            name: "kolkata-october", zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", month: "2026-10",
            complete: november.complete, partial: november.partial),
        Scenario(
            name: "kolkata-before-first-record", zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30",
            month: "2026-09", complete: november.complete, partial: november.partial),
        Scenario(
            name: "kolkata-after-today", zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", month: "2026-12",
            complete: november.complete, partial: november.partial),
        // New York springs forward on 8 March 2026; today (the 10th, before its 03:00 roll still the
        // 9th's Nitnem day) has nothing read yet: in progress, not a miss.
        Scenario(
            name: "new-york-dst-march", zone: "America/New_York", now: "2026-03-10T02:30:00", month: nil,
            complete: days(from: "2026-03-05", count: 3), partial: ["2026-03-08": 4, "2026-03-01": 7]),
    ]

    /// A group folder holding a progress file for `scenario`, laid out as the app writes it.
    static func group(_ scenario: Scenario) throws -> String {
        let folder = Support.tempFolder()
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        var entries: [String] = []
        for (i, id) in ids.enumerated() {
            var days = scenario.complete
            for (day, n) in scenario.partial.sorted(by: { $0.key < $1.key }) where i < n { days.append(day) }
            let list = days.map { "\"\($0)\"" }.joined(separator: ", ")
            entries.append(
                "    \"\(id)\": {\"lastSeq\": 5, \"lastReadAt\": \"2026-01-01T00:00:00Z\", \"completedDays\": [\(list)]}"
            )
        }
        let text = "{\n  \"schema\": 1,\n  \"banis\": {\n" + entries.joined(separator: ",\n") + "\n  }\n}\n"
        try Support.write(text, to: folder + "/nitnem-progress.json")
        return folder
    }

    /// The backups in `folder`.
    static func backups(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("backup") }
    }

    /// The first scenario's group (the caller removes it), its environment, its progress file and
    /// that file's bytes.
    static func firstScenario() throws -> (folder: String, env: [String: String], path: String, original: [UInt8]) {
        let folder = try group(scenarios[0])
        let path = folder + "/nitnem-progress.json"
        return (folder, environment(scenarios[0]), path, Support.bytes(path))
    }

    static func environment(_ scenario: Scenario) -> [String: String] {
        var env = Support.baseEnvironment
        env["TZ"] = scenario.zone
        env["SGGS_CLOCK_NOW"] = scenario.now
        return env
    }

    @Test(arguments: scenarios)
    func journeyMatchesGolden(_ scenario: Scenario) throws {
        let folder = try Self.group(scenario)
        defer { Support.cleanup(folder) }
        let month = scenario.month.map { ["--month", $0] } ?? []
        for format in ["text", "json"] {
            let r = try Support.run(
                ["journey", "--group", folder, "--format", format] + month, environment: Self.environment(scenario))
            #expect(r.status == 0)
            #expect(r.stderr == "")
            let name = "journey/\(scenario.name).\(format == "text" ? "txt" : "json")"
            #expect(r.stdout == (try Golden.expected(name, actual: r.stdout)))
        }
    }

    @Test func anEmptyMonthShowsNoStreak() throws {
        let scenario = Self.scenarios[2]
        let folder = try Self.group(scenario)
        defer { Support.cleanup(folder) }
        let r = try Support.run(
            ["journey", "--group", folder, "--month", "2026-09"], environment: Self.environment(scenario))
        #expect(r.status == 0)
        #expect(!r.stdout.contains("streak"))
    }

    @Test func clearThenRestoreGivesBackTheSameBytes() throws {
        let (folder, env, path, original) = try Self.firstScenario()
        defer { Support.cleanup(folder) }

        // Without --yes: says what would go, changes nothing.
        let dry = try Support.run(["journey", "clear", "--group", folder], environment: env)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("Would remove 76 completed days of 7 banis from \(path); nothing changed.\n"))
        #expect(Support.bytes(path) == original)
        #expect(try Self.backups(in: folder).isEmpty)

        let clear = try Support.run(["journey", "clear", "--yes", "--group", folder], environment: env)
        #expect(clear.status == 0)
        #expect(clear.stderr == "")
        let backup = folder + "/nitnem-progress.backup-20261129T050000Z.json"
        #expect(clear.stdout.contains("Backup: \(backup)"))
        #expect(Support.bytes(backup) == original)
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Only the completedDays arrays changed, each removed day a tombstone in its entry: the rest
        // of the file, byte for byte.
        let clearedBytes = Support.bytes(path)
        let tombstones = try JSONParser.parse(clearedBytes)["banis"]?["japji"]?["dayEdits"]
        #expect(tombstones?["2026-11-21"] == .object([("removed", .string("2026-11-29T05:00:00Z"))]))
        let cleared = String(decoding: Support.withoutTombstones(clearedBytes), as: UTF8.self)
        let golden = String(decoding: clearedBytes, as: UTF8.self)
        #expect(golden == (try Golden.expected("journey/cleared-progress.json", actual: golden)))
        // The original with the contents of each `"completedDays": [...]` taken out.
        var expected = ""
        var rest = Substring(String(decoding: original, as: UTF8.self))
        while let open = rest.range(of: "\"completedDays\": ["),
            let close = rest[open.upperBound...].firstIndex(of: "]")
        {
            expected += rest[..<open.upperBound]
            rest = rest[close...]
        }
        expected += rest
        #expect(cleared == expected)
        let after = try Support.run(["journey", "--group", folder, "--format", "json"], environment: env)
        #expect(after.stdout.contains("\"completeDays\":0,"))

        let restore = try Support.run(["journey", "restore", backup, "--group", folder], environment: env)
        #expect(restore.status == 0)
        // The cleared history it replaced is kept as clear keeps it: the next free name.
        let second = folder + "/nitnem-progress.backup-20261129T050000Z-2.json"
        #expect(
            restore.stdout
                == "Restored \(path) from \(backup) (76 completed days)\n"
                + "Backup: \(second) (undo with 'nitnem journey restore \(second)')\n")
        #expect(Support.bytes(path) == original)
        #expect(Support.bytes(second) == clearedBytes)

        // A second clear the same second does not overwrite the first backups.
        let again = try Support.run(["journey", "clear", "--yes", "--group", folder], environment: env)
        #expect(again.stdout.contains("nitnem-progress.backup-20261129T050000Z-3.json"))
        #expect(Support.bytes(backup) == original)
    }

    /// A restore keeps the history it replaces, as clear does (same name, 0600) and says where: a
    /// second restore, from that backup, gives the history back byte for byte.
    @Test func aRestoreCanBeUndoneByRestoringItsBackup() throws {
        let (folder, env, path, original) = try Self.firstScenario()
        defer { Support.cleanup(folder) }
        // Another history of the same banis (e.g. an older backup), in the app's layout.
        let other = folder + "/older.json"
        try Support.write(
            "{\"schema\":1,\"banis\":{\"japji\":{\"completedDays\":[\"2026-11-01\"]},\"jaap\":{\"lastSeq\":3}}}\n",
            to: other)
        let otherBytes = Support.bytes(other)

        let r = try Support.run(["journey", "restore", other, "--group", folder], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let backup = folder + "/nitnem-progress.backup-20261129T050000Z.json"
        #expect(
            r.stdout
                == "Restored \(path) from \(other) (1 completed day)\n"
                + "Backup: \(backup) (undo with 'nitnem journey restore \(backup)')\n")
        #expect(Support.bytes(path) == otherBytes)
        #expect(Support.bytes(backup) == original)
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(Support.bytes(other) == otherBytes, "the file restored stays")

        let undo = try Support.run(["journey", "restore", backup, "--group", folder], environment: env)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(Support.bytes(path) == original)
        let undoBackup = folder + "/nitnem-progress.backup-20261129T050000Z-2.json"
        #expect(undo.stdout.hasSuffix("Backup: \(undoBackup) (undo with 'nitnem journey restore \(undoBackup)')\n"))
        #expect(Support.bytes(undoBackup) == otherBytes)

        // Restoring what is already there writes nothing, and keeps no backup.
        let same = try Support.run(["journey", "restore", backup, "--group", folder], environment: env)
        #expect(same.status == 0)
        #expect(same.stdout == "Nothing to restore: \(path) already holds \(backup) byte for byte\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/nitnem-progress.backup-20261129T050000Z-3.json"))

        // With no progress file, there is nothing to keep: no backup.
        try FileManager.default.removeItem(atPath: path)
        let fresh = try Support.run(["journey", "restore", other, "--group", folder], environment: env)
        #expect(fresh.stdout == "Restored \(path) from \(other) (1 completed day)\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/nitnem-progress.backup-20261129T050000Z-3.json"))
    }

    /// A file whose banis are mostly not this snapshot's is likely someone else's: without --yes
    /// restore says what it would put back and replace, and changes nothing (as clear does).
    @Test func aRestoreOfAnotherSnapshotsBanisAsksFirst() throws {
        let (folder, env, path, original) = try Self.firstScenario()
        defer { Support.cleanup(folder) }
        let other = folder + "/theirs.json"
        try Support.write(
            #"{"schema":1,"banis":{"asa_di_var":{"completedDays":["2026-11-01","2026-11-02"]},"# + "\n"
                + #""bara_maha":{"completedDays":["2026-11-01"]},"japji":{"completedDays":["2026-11-01"]}}}"#,
            to: other)
        let other2 = Support.bytes(other)

        let asked = try Support.run(["journey", "restore", other, "--group", folder], environment: env)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(
            asked.stdout == """
                Would put back 4 completed days of 3 banis from \(other) (2 of its 3 banis not in this snapshot: \
                'asa_di_var', 'bara_maha'), replacing 76 completed days of 7 banis in \(path); nothing changed.
                Run 'nitnem journey restore --yes \(other)' to do it (a backup is written first).

                """)
        #expect(Support.bytes(path) == original)
        #expect(try Self.backups(in: folder).isEmpty)

        let done = try Support.run(["journey", "restore", "--yes", other, "--group", folder], environment: env)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.hasPrefix("Restored \(path) from \(other) (4 completed days)\n"))
        #expect(Support.bytes(path) == other2)
        #expect(Support.bytes(folder + "/nitnem-progress.backup-20261129T050000Z.json") == original)

        // Half unknown or fewer is this user's: no question.
        try Support.write(
            #"{"schema":1,"banis":{"asa_di_var":{"completedDays":["2026-11-01"]},"japji":{}}}"#, to: other)
        let half = try Support.run(["journey", "restore", other, "--group", folder], environment: env)
        #expect(half.stdout.hasPrefix("Restored \(path) from \(other) (1 completed day)\n"))
    }

    /// Files that are no progress file: exit 2, one line naming the file and what is wrong, the
    /// progress file byte for byte as it was and no backup.
    @Test(arguments: [
        ("not json", "not valid JSON: line 1, column 1: unexpected character 'n', expected a value"),
        ("export PATH=/x\n", "not valid JSON: line 1, column 1: unexpected character 'e', expected a value"),
        (#"{"schema":1,"sets":{"morning":["japji"]}}"#, "$.banis: missing; expected an object of progress by bani id"),
        (#"{"schema":1,"banis":[]}"#, "$.banis: expected an object of progress by bani id, found an array"),
        (#"{"schema":0,"banis":{}}"#, "$.schema: expected an integer ≥ 1, found 0"),
        (#"{"schema":1,"banis":{"japji":7}}"#, "$.banis.japji: expected an object, found 7"),
        (#"[]"#, "$: expected an object, found an array"),
    ])
    func restoreRefusesWhatIsNoProgressFile(_ text: String, _ said: String) throws {
        let (folder, env, path, original) = try Self.firstScenario()
        defer { Support.cleanup(folder) }
        try Support.write(text, to: folder + "/bad.json")
        for yes in [[], ["--yes"]] {
            let r = try Support.run(
                ["journey", "restore", folder + "/bad.json", "--group", folder] + yes,
                environment: env)
            #expect(r.status == 2)
            #expect(r.stdout == "")
            #expect(r.stderr == "nitnem: \(folder)/bad.json: \(said); not a progress file, nothing restored\n")
            #expect(Support.bytes(path) == original)
            #expect(try Self.backups(in: folder).isEmpty)
        }
    }

    @Test func restoreRefusesAMissingFileANewerSchemaAndTheProgressFileItself() throws {
        let (folder, env, path, original) = try Self.firstScenario()
        defer { Support.cleanup(folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: path)
        try Support.write(#"{"schema":2,"banis":{}}"#, to: folder + "/newer.json")
        let cases = [
            (folder + "/none.json", "no such file; nothing restored"),
            (path, "is the progress file itself; nothing restored"),
            (folder + "/./nitnem-progress.json", "is the progress file itself; nothing restored"),
            (folder + "/link.json", "is the progress file itself; nothing restored"),
            (folder + "/newer.json", "is schema 2, newer than this nitnem (1); nothing restored"),
        ]
        for (file, said) in cases {
            let r = try Support.run(["journey", "restore", "--yes", file, "--group", folder], environment: env)
            #expect(r.status == 2)
            #expect(r.stderr == "nitnem: \(file): \(said)\n")
            #expect(Support.bytes(path) == original)
        }
        #expect(try Self.backups(in: folder).isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json") == path)
    }

    @Test func clearWithNothingRecordedWritesNothing() throws {
        let folder = Support.tempFolder()
        defer { Support.cleanup(folder) }
        let r = try Support.run(["journey", "clear", "--yes", "--group", folder])
        #expect(r.status == 0)
        #expect(r.stdout == "Nothing to clear: no completed days in \(folder)/nitnem-progress.json\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.isEmpty)
    }
}
