// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

@Suite struct StatusCommandTests {
    static let demo = NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let now: String
        var testDescription: String { name }
    }

    /// The demo group is mid-day on 2026-11-29 in Asia/Kolkata (japji and jaap read, savaiye at 12/41).
    @Test(arguments: [
        Case(name: "amrit-vela", now: "2026-11-29T05:30"),
        Case(name: "morning", now: "2026-11-29T13:00"),
        Case(name: "evening", now: "2026-11-29T17:00"),
        Case(name: "night-after-midnight", now: "2026-11-30T00:30"),
        Case(name: "next-day", now: "2026-11-30T03:00"),
    ])
    func demoGroupJSONMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(
            ["status", "--format", "json", "--group", Self.demo],
            environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": c.now])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == (try Golden.expected("status/demo-\(c.name).json", actual: r.stdout)))
    }

    @Test(arguments: ["text", "waybar", "i3blocks", "polybar"])
    func demoGroupFormatsMatchGolden(_ format: String) throws {
        let r = try NitnemBinary.run(
            ["status", "--format", format, "--group", Self.demo],
            environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"])
        #expect(r.status == 0)
        #expect(r.stdout == (try Golden.expected("status/demo-morning.\(format)", actual: r.stdout)))
    }

    /// `nitnem` with no command prints what `nitnem status` prints.
    @Test func noCommandIsStatus() throws {
        let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00", "SGGS_APP_GROUP": Self.demo]
        let bare = try NitnemBinary.run([], environment: env)
        let status = try NitnemBinary.run(["status"], environment: env)
        #expect(bare.status == 0)
        #expect(bare.stderr == "")
        #expect(bare.stdout == status.stdout)
        #expect(bare.stdout == (try Golden.expected("status/demo-morning.text", actual: status.stdout)))
    }

    @Test func noGroupAtAllUsesTheEmbeddedRegistry() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-home-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let r = try NitnemBinary.run(
            ["status", "--format", "json"],
            environment: ["HOME": home, "TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T06:00:00Z"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "embedded")
        #expect((object["next"] as? [String: Any])?["id"] as? String == "japji")
        #expect((object["today"] as? [String: Any])?["total"] as? Int == 7)
        // Reading never creates the group folder.
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/share/sggs"))
    }

    @Test func brokenProgressIsAnErrorNamingTheFile() throws {
        let group = try TempGroup(copying: Self.demo)
        defer { group.remove() }
        try "{\"schema\":1,\"banis\":[]}".write(
            toFile: group.path + "/nitnem-progress.json", atomically: true, encoding: .utf8)
        let r = try NitnemBinary.run(
            ["status", "--group", group.path], environment: ["TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T06:00:00Z"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: \(group.path)/nitnem-progress.json: $.banis: "))
        #expect(r.stdout == "")
    }

    @Test func exportThenStatusThenMarkVariant() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let corpus = NitnemBinary.packageRoot.appendingPathComponent("fixtures/corpus")
        let db = group.path + "/../corpus-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: db) }
        var sql = ""
        for name in ["schema", "registry", "sets"] {
            sql += try String(contentsOf: corpus.appendingPathComponent("\(name).sql"), encoding: .utf8)
        }
        try CorpusFixture.run(sqlite3: db, sql: sql)
        let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T18:00"]
        let export = try NitnemBinary.run(["snapshot", "export", "--db", db, "--group", group.path], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        let status = try NitnemBinary.run(["status", "--format", "json", "--group", group.path], environment: env)
        #expect(status.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "snapshot")
        let next = try #require(object["next"] as? [String: Any])
        #expect(next["id"] as? String == "rehras")
        #expect(next["titleEn"] as? String == "Rehras Sahib")
        #expect((object["today"] as? [String: Any])?["total"] as? Int == 7)
        let mark = try NitnemBinary.run(["mark", "rehras/taksal", "--group", group.path], environment: env)
        #expect(mark.status == 0, "\(mark.stderr)")
        let progress = try String(contentsOfFile: group.path + "/nitnem-progress.json", encoding: .utf8)
        #expect(progress.contains("\"rehras/taksal\""))
        #expect(!progress.contains("\"rehras\":"))
    }

    @Test func reExportKeepsTheReadersRehrasChoice() throws {
        let group = try TempGroup(copying: Self.demo)  // its snapshot prefers rehras/taksal
        defer { group.remove() }
        let db = group.path + "/../corpus-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: db) }
        let corpus = NitnemBinary.packageRoot.appendingPathComponent("fixtures/corpus")
        try CorpusFixture.run(
            sqlite3: db,
            sql: try ["schema", "registry"].map {
                try String(contentsOf: corpus.appendingPathComponent("\($0).sql"), encoding: .utf8)
            }.joined())
        let env = ["TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T18:00:00Z"]
        #expect(
            try NitnemBinary.run(["snapshot", "export", "--db", db, "--group", group.path], environment: env).status
                == 0)
        let snapshot = try String(contentsOfFile: group.path + "/nitnem-snapshot.json", encoding: .utf8)
        #expect(snapshot.contains("\"rehrasVariant\": \"taksal\""))
        let status = try NitnemBinary.run(["status", "--format", "json", "--group", group.path], environment: env)
        #expect(status.stdout.contains("\"url\":\"sggs://bani/rehras?variant=taksal\""))
    }

    @Test func oldCorpusShowsNotAvailable() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let db = group.path + "/../old-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: db) }
        try CorpusFixture.run(
            sqlite3: db,
            sql: try String(
                contentsOf: NitnemBinary.packageRoot.appendingPathComponent("fixtures/corpus/old-corpus.sql"),
                encoding: .utf8))
        let env = ["TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T18:00:00Z"]
        #expect(
            try NitnemBinary.run(["snapshot", "export", "--db", db, "--group", group.path], environment: env).status
                == 0)
        let status = try NitnemBinary.run(["status", "--group", group.path], environment: env)
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("Nitnem not available in this database"))
    }
}

@Suite struct MarkPastDayTests {
    @Test func markingAnotherDayKeepsTodaysPosition() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        let path = group.path + "/nitnem-progress.json"
        let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"]
        // savaiye: at line 12 of 41 today; mark it read yesterday.
        let r = try NitnemBinary.run(
            ["mark", "savaiye", "--day", "2026-11-27", "--group", group.path], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""completedDays": ["2026-11-28", "2026-11-27"]"#), "\(text)")
        #expect(text.contains(#""lastSeq": 12,"#))
        #expect(text.contains(#""lastReadAt": "2026-11-29T02:10:00Z""#))
        let status = try NitnemBinary.run(["status", "--group", group.path], environment: env)
        #expect(status.stdout.hasPrefix("Morning · next: Tav-Prasad Savaiye (ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ) — resume at line 12 of 41"))
    }
}
