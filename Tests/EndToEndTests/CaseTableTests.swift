// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `fixtures/cases/*.tsv` are read twice: by `CaseTable` (Swift tests) and by `case_rows` in
/// `scripts/harness.py` (the fault suite). Both must read every table to the same rows.
@Suite struct CaseTableTests {
    static let tables: [String] = try! FileManager.default.contentsOfDirectory(
        atPath: NitnemBinary.fixture("cases")
    ).filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }.sorted()

    /// No table is left unread: each is named (`"dst-slots"`) in a Swift test or a fault script.
    @Test func everyTableIsReadByATest() throws {
        #expect(Self.tables.count >= 10, "\(Self.tables)")
        let root = NitnemBinary.packageRoot.path
        var sources = ""
        for folder in ["Tests", "Sources/TestSupport", "faults"] {
            let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") || file.hasSuffix(".py") {
                sources += try String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)
            }
        }
        for name in Self.tables {
            #expect(sources.contains("\"\(name)\""), "fixtures/cases/\(name).tsv is read by no test")
        }
    }

    @Test(arguments: tables)
    func pythonReadsTheSameRows(_ name: String) throws {
        let rows = try CaseTable.rows(name, columns: nil)
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import harness
            print(json.dumps(harness.case_rows(sys.argv[2], None)))
            """
        let r = try NitnemBinary.run(
            ["python3", "-c", script, NitnemBinary.packageRoot.path + "/scripts", name],
            environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/env")
        #expect(r.status == 0, "\(r.stderr)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(read.count == rows.count)
        for (python, swift) in zip(read, rows) {
            let fields = swift.columns.map { python[$0] as? String }
            #expect(fields == swift.fields, "\(swift)")
            #expect(Set(python.keys) == Set(swift.columns), "\(swift)")
        }
    }

    @Test func escapesAlignmentAndNone() throws {
        let text = "# a comment\nname  value\n\na\tb c\n\\u{1B}[2J    \\\\n\\t\\n\n\"\"  -\n"
        let rows = try CaseTable.rows(text: text, name: "t", columns: ["name", "value"])
        #expect(rows.map(\.fields) == [["a", "b c"], ["\u{1B}[2J", "\\n\t\n"], ["", nil]])
        #expect(rows.map(\.place) == ["t.tsv:4", "t.tsv:5", "t.tsv:6"])
    }

    @Test(arguments: [
        ("a  b\nx  y\n", "t.tsv:1: the columns are [\"a\", \"b\"], the test reads [\"name\", \"value\"]"),
        ("name  value\nx\n", "t.tsv:2: 1 fields, the header names 2"),
        ("name  value\nx  \\q\n", "t.tsv:2: unknown escape in \\q"),
        ("name  value\nx  \\u{zz}\n", "t.tsv:2: a \\u escape needs \\u{HEX}: \\u{zz}"),
        ("name  value\n# none\n", "t.tsv: no cases"),
    ])
    func aBadTableSaysWhereAndWhat(_ text: String, _ message: String) {
        #expect {
            try CaseTable.rows(text: text, name: "t", columns: ["name", "value"])
        } throws: { error in
            "\(error)" == message
        }
    }
}
