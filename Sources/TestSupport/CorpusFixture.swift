// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Test databases built at test time from `fixtures/corpus/*.sql` with the `sqlite3` CLI, and
/// `nitnem` runs in the export tests' environment (through `NitnemBinary.run`).
package enum CorpusFixture {
    /// `$TMPDIR/nitnem-export-tests/<pid>`: this run's folders, removed when the test process
    /// exits (and `nitnem-export-tests` with them once no other run has a folder there). Folders of
    /// earlier runs whose process is gone (killed before it could clean up) are removed the first
    /// time it is used.
    package static let runFolder: String = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-export-tests").path
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            if let pid = Int32(entry), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
        let folder = parent + "/\(getpid())"
        Support.atExit {
            Support.cleanup(folder)
            rmdir(parent)  // only when empty: another run's folder keeps it
        }
        return folder
    }()

    /// A new empty folder of its own for one test.
    package static func folder() throws -> String {
        try Support.makeFolder(runFolder + "/\(UUID())")
    }

    /// The text of `fixtures/corpus/<name>.sql`.
    package static func sql(_ name: String) throws -> String {
        try String(contentsOfFile: NitnemBinary.fixture("corpus/\(name).sql"), encoding: .utf8)
    }

    /// The registry (schema + registry) built once; tests copy it and apply their own SQL on top.
    package static let registryTemplate: Result<String, any Error> = Result {
        let path = try folder() + "/registry.sqlite"
        try run(sqlite3: path, sql: sql("schema") + sql("registry"))
        return path
    }

    /// A database at `<folder>/corpus.sqlite`: the registry plus `fixtures` (names of SQL files)
    /// applied in order; with `registry` false, only `fixtures` (e.g. the old corpus).
    package static func database(_ fixtures: [String], registry: Bool = true) throws -> String {
        let path = try folder() + "/corpus.sqlite"
        if registry { try FileManager.default.copyItem(atPath: registryTemplate.get(), toPath: path) }
        let text = try fixtures.map(sql).joined(separator: "\n")
        if !text.isEmpty { try run(sqlite3: path, sql: text) }
        return path
    }

    /// One expected bani of the reference registry (`fixtures/corpus/registry.sql`): what the exporter
    /// reads in process (ExportTests) and what the binary writes (EndToEndTests).
    package struct ExpectedBani: Sendable, CustomStringConvertible {
        package var id: String
        package var key: String
        package var variant: String
        package var isDefault: Bool
        package var nLines: Int
        package var firstAng: Int?
        package var source: String
        /// Whether it has non-SGGS lines (so is under review until attested).
        package var nonSGGS: Bool
        package var description: String { id }
    }

    /// `fixtures/cases/corpus-registry.tsv`, in order.
    package static func expectedRegistry() throws -> [ExpectedBani] {
        try CaseTable.rows(
            "corpus-registry",
            columns: ["id", "key", "variant", "default", "lines", "first-ang?", "source", "non-sggs"]
        ).map { row in
            func number(_ text: String) throws -> Int {
                guard let n = Int(text) else { throw FixtureError("\(row.place): \(text) is not a number") }
                return n
            }
            return ExpectedBani(
                id: row["id"], key: row["key"], variant: row["variant"], isDefault: try row.flag("default"),
                nLines: try number(row["lines"]), firstAng: try row.optional("first-ang").map(number),
                source: row["source"], nonSGGS: try row.flag("non-sggs"))
        }
    }

    /// Runs `sqlite3 -bail <path>` with `sql` on its stdin; throws when it fails.
    package static func run(sqlite3 path: String, sql: String) throws {
        let result = try NitnemBinary.run(
            ["sqlite3", "-bail", path], environment: ProcessInfo.processInfo.environment, stdin: sql,
            executable: "/usr/bin/env")
        guard result.status == 0 else { throw FixtureError("sqlite3 \(path): \(result.stderr)") }
    }

    /// Runs `nitnem` with `arguments`, a pinned clock and UTC.
    package static func nitnem(_ arguments: [String], environment: [String: String] = [:]) throws
        -> NitnemBinary.Result
    {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T16:30:00Z"
        env.removeValue(forKey: "SGGS_APP_GROUP")
        for (k, v) in environment { env[k] = v }
        return try NitnemBinary.run(arguments, environment: env)
    }
}

/// A fixture could not be built.
package struct FixtureError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A fixture that breaks the bani registry's guard and every row the error must list: one table for
/// the exporter's in-process tests (ExportTests) and the binary's (EndToEndTests).
package struct RegistryGuardCase: Sendable, CustomStringConvertible {
    /// The SQL fixtures applied over the registry, in order.
    package var fixtures: [String]
    /// Every row the error lists, in order.
    package var rows: [String]
    package var description: String { fixtures.last ?? "" }

    /// One case per rule of the seeds' `guard_banis.py`.
    package static let all: [RegistryGuardCase] = [
        RegistryGuardCase(
            fixtures: ["sets", "guard-variant"],
            rows: [
                "rehras/damdami: variant 'damdami' is not one of '', 'sgpc', 'taksal', 'kirtan', 'printed'",
                "japji/Printed: variant 'Printed' is not one of '', 'sgpc', 'taksal', 'kirtan', 'printed'",
            ]),
        RegistryGuardCase(
            fixtures: ["sets", "guard-no-default"],
            rows: [
                "rehras/sgpc: key 'rehras' has no default variant",
                "rehras/taksal: key 'rehras' has no default variant",
            ]),
        RegistryGuardCase(
            fixtures: ["sets", "guard-two-defaults"],
            rows: [
                "asa_di_vaar/kirtan: key 'asa_di_vaar' has 2 default variants",
                "asa_di_vaar/printed: key 'asa_di_vaar' has 2 default variants",
            ]),
        RegistryGuardCase(
            fixtures: ["sets", "guard-seq-gap"],
            rows: [
                "japji seq 12: follows seq 9: seq 10–11 missing",
                "kirtan_sohila seq 2: is the first seq: seq 1 missing",
            ]),
        RegistryGuardCase(
            fixtures: ["sets", "guard-pointers"],
            rows: [
                "jaap seq 3: has neither line_id nor extra_line_id",
                "sukhmani seq 7: has both line_id 11596 and extra_line_id 60628",
            ]),
        RegistryGuardCase(
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
        RegistryGuardCase(
            fixtures: ["sets", "guard-set-member"],
            rows: [
                "bani_sets evening position 2: bani_key 'so_purakh' is not a key in banis",
                "bani_sets night position 0: bani_key 'sohila' is not a key in banis",
            ]),
    ]
}
