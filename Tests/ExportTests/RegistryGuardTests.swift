import Foundation
import NitnemClockKit
import Snapshot
import SnapshotExport
import Testing

/// The guard: each rule of the seeds' `guard_banis.py`, every offending row listed, exit 1 through
/// the binary, and the old snapshot left byte for byte.
@Suite struct RegistryGuardTests {
    /// A fixture that breaks the registry and every line the error must list.
    struct Case: Sendable, CustomStringConvertible {
        var fixtures: [String]
        var rows: [String]
        var description: String { fixtures.last ?? "" }
    }

    static let cases: [Case] = [
        Case(
            fixtures: ["sets", "guard-variant"],
            rows: [
                "rehras/damdami: variant 'damdami' is not one of '', 'sgpc', 'taksal', 'kirtan', 'printed'",
                "japji/Printed: variant 'Printed' is not one of '', 'sgpc', 'taksal', 'kirtan', 'printed'",
            ]),
        Case(
            fixtures: ["sets", "guard-no-default"],
            rows: [
                "rehras/sgpc: key 'rehras' has no default variant",
                "rehras/taksal: key 'rehras' has no default variant",
            ]),
        Case(
            fixtures: ["sets", "guard-two-defaults"],
            rows: [
                "asa_di_vaar/kirtan: key 'asa_di_vaar' has 2 default variants",
                "asa_di_vaar/printed: key 'asa_di_vaar' has 2 default variants",
            ]),
        Case(
            fixtures: ["sets", "guard-seq-gap"],
            rows: [
                "japji seq 12: follows seq 9: seq 10–11 missing",
                "kirtan_sohila seq 2: is the first seq: seq 1 missing",
            ]),
        Case(
            fixtures: ["sets", "guard-pointers"],
            rows: [
                "jaap seq 3: has neither line_id nor extra_line_id",
                "sukhmani seq 7: has both line_id 11596 and extra_line_id 60628",
            ]),
        Case(
            fixtures: ["sets", "guard-dangling"],
            rows: [
                "chaupai seq 2: extra_line_id 81122 is not in extra_lines",
                "anand seq 1: line_id 39316 is not in lines",
                "rehras/sgpc seq 160: extra_line_id 81122 is not in extra_lines",
                "rehras/sgpc seq 217: line_id 39316 is not in lines",
                "rehras/taksal seq 160: extra_line_id 81122 is not in extra_lines",
                "rehras/taksal seq 225: line_id 39316 is not in lines",
                "bani_id 99 seq 1: bani_id 99 is not in banis",
                "bani_id 99 seq 2: bani_id 99 is not in banis",
            ]),
        Case(
            fixtures: ["sets", "guard-set-member"],
            rows: [
                "bani_sets evening position 2: bani_key 'so_purakh' is not a key in banis",
                "bani_sets night position 0: bani_key 'sohila' is not a key in banis",
            ]),
    ]

    @Test(arguments: cases)
    func everyOffendingRowIsListed(_ c: Case) throws {
        let path = try CorpusFixture.database(c.fixtures)
        let error = #expect(throws: SnapshotError.self) {
            try SnapshotExporter(databasePath: path).snapshot(
                now: SnapshotExporterTests.now, calendar: SnapshotExporterTests.utc)
        }
        let lines = try #require(error).description.split(separator: "\n").map(String.init)
        let count = c.rows.count == 1 ? "1 row breaks" : "\(c.rows.count) rows break"
        #expect(lines.first == "\(path): the bani registry fails its guard, \(count) a rule:")
        #expect(Array(lines.dropFirst()) == c.rows.map { "  " + $0 })
    }

    @Test(arguments: cases)
    func theBinaryExitsOneAndKeepsTheOldSnapshot(_ c: Case) throws {
        let path = try CorpusFixture.database(c.fixtures)
        let group = try CorpusFixture.folder()
        let old = Data("{\"schema\":1,\"banis\":[],\"sets\":{},\"old\":true}\n".utf8)
        try old.write(to: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--db", path, "--group", group])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("nitnem: \(path): the bani registry fails its guard"))
        for row in c.rows { #expect(outcome.stderr.contains("\n  " + row + "\n")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: group + "/nitnem-snapshot.json")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: group) == ["nitnem-snapshot.json"])
    }

    @Test func aCleanRegistryPasses() throws {
        let path = try CorpusFixture.database(["sets", "reviewed"])
        let snapshot = try SnapshotExporter(databasePath: path).snapshot(
            now: SnapshotExporterTests.now, calendar: SnapshotExporterTests.utc)
        #expect(snapshot.banis.count == 13)
    }
}
