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
        let scenario = Self.scenarios[0]
        let folder = try Self.group(scenario)
        defer { Support.cleanup(folder) }
        let env = Self.environment(scenario)
        let path = folder + "/nitnem-progress.json"
        let original = Support.bytes(path)

        // Without --yes: says what would go, changes nothing.
        let dry = try Support.run(["journey", "clear", "--group", folder], environment: env)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("Would remove 76 completed days of 7 banis from \(path); nothing changed.\n"))
        #expect(Support.bytes(path) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("backup") }.isEmpty)

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
        #expect(restore.stdout == "Restored \(path) from \(backup) (76 completed days)\n")
        #expect(Support.bytes(path) == original)

        // A second clear the same second does not overwrite the first backup.
        let again = try Support.run(["journey", "clear", "--yes", "--group", folder], environment: env)
        #expect(again.stdout.contains("nitnem-progress.backup-20261129T050000Z-2.json"))
        #expect(Support.bytes(backup) == original)
    }

    @Test func restoreRefusesWhatIsNoProgressFile() throws {
        let folder = Support.tempFolder()
        defer { Support.cleanup(folder) }
        try Support.write("not json", to: folder + "/bad.json")
        let r = try Support.run(["journey", "restore", folder + "/bad.json", "--group", folder])
        #expect(r.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/nitnem-progress.json"))
        let missing = try Support.run(["journey", "restore", folder + "/none.json", "--group", folder])
        #expect(missing.status == 2)
        #expect(missing.stderr == "nitnem: \(folder)/none.json: no such file; nothing restored\n")
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
