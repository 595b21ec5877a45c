// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `fixtures/cases/*.tsv` are read twice: by `CaseTable` (Swift tests) and by `case_rows` in
/// `faults/common.py` (the fault suite). Both must read every table to the same rows, and a bad
/// table to the same error.
@Suite struct CaseTableTests {
    static let tables: [String] = try! FileManager.default.contentsOfDirectory(
        atPath: NitnemBinary.fixture("cases")
    ).filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }.sorted()

    /// `case_rows(name, columns, text)` in Python, its rows as JSON, or its error as `error: …`.
    static func python(_ name: String, columns: [String]?, text: String? = nil) throws -> String {
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            from common import case_rows
            text = sys.stdin.buffer.read().decode("utf-8") if sys.argv[4] == "stdin" else None
            columns = None if sys.argv[3] == "" else sys.argv[3].split(",")
            try:
                print(json.dumps(case_rows(sys.argv[2], columns, text)))
            except ValueError as e:
                print(f"error: {e}")
            """
        let r = try NitnemBinary.run(
            [
                "python3", "-c", script, NitnemBinary.packageRoot.path + "/faults", name,
                columns?.joined(separator: ",") ?? "", text == nil ? "file" : "stdin",
            ],
            environment: ["PATH": "/usr/bin:/bin"], stdin: text ?? "", executable: "/usr/bin/env")
        #expect(r.status == 0, "\(r.stderr)")
        return String(r.stdout.dropLast())
    }

    /// No table is left unread: each is loaded (`rows("dst-slots"`, `case_rows("written-files"`) by a
    /// Swift test or a fault script other than this one.
    @Test func everyTableIsReadByATest() throws {
        #expect(Self.tables.count >= 10, "\(Self.tables)")
        let root = NitnemBinary.packageRoot.path
        var sources = ""
        for folder in ["Tests", "Sources/TestSupport", "faults"] {
            let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            for file in files
            where (file.hasSuffix(".swift") || file.hasSuffix(".py")) && !file.hasSuffix("CaseTableTests.swift") {
                sources += try String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)
            }
        }
        for name in Self.tables {
            let load = try Regex("rows\\(\\s*\"\(name)\"")
            #expect(sources.contains(load), "fixtures/cases/\(name).tsv is read by no test")
        }
    }

    @Test(arguments: tables)
    func pythonReadsTheSameRows(_ name: String) throws {
        let rows = try CaseTable.rows(name, columns: nil)
        let read = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.python(name, columns: nil).utf8)) as? [[String: Any]])
        #expect(read.count == rows.count)
        for (python, swift) in zip(read, rows) {
            #expect(swift.columns.map { python[$0] as? String } == swift.fields, "\(swift)")
            #expect(Set(python.keys) == Set(swift.columns), "\(swift)")
        }
    }

    @Test func escapesAlignmentAndNone() throws {
        let text = "# a comment\nname  value\n\na\tb c\n\\u{1B}[2J    \\\\n\\t\\n\n\"\"  -\n"
        let rows = try CaseTable.rows(text: text, name: "t", columns: ["name", "value?"])
        #expect(rows.map(\.fields) == [["a", "b c"], ["\u{1B}[2J", "\\n\t\n"], ["", nil]])
        #expect(rows.map(\.place) == ["t.tsv:4", "t.tsv:5", "t.tsv:6"])
    }

    /// A bad table: both readers say where and what, in the same words.
    @Test(arguments: [
        ("a  b\nx  y\n", "t.tsv:1: the columns are a, b; the test reads name, value"),
        ("name  name\nx  y\n", "t.tsv:1: the columns are name, name; the test reads name, value"),
        ("name  value\nx\n", "t.tsv:2: 1 fields, the header names 2"),
        ("name  value\nx  -\n", "t.tsv:2: value is -, which the test does not allow"),
        ("name  value\nx  \\q\n", "t.tsv:2: unknown escape in \\q"),
        ("name  value\nx  a\\\n", "t.tsv:2: unknown escape in a\\"),
        ("name  value\nx  \\u{zz}\n", "t.tsv:2: a \\u escape needs \\u{HEX} of a scalar: \\u{zz}"),
        ("name  value\nx  \\u{D800}\n", "t.tsv:2: a \\u escape needs \\u{HEX} of a scalar: \\u{D800}"),
        ("name  value\n# none\n", "t.tsv: no cases"),
        ("name  value\r\nx  y\r\n", "t.tsv: has a carriage return; lines end in LF"),
    ])
    func aBadTableSaysWhereAndWhat(_ text: String, _ message: String) throws {
        #expect {
            try CaseTable.rows(text: text, name: "t", columns: ["name", "value"])
        } throws: { error in
            "\(error)" == message
        }
        #expect(try Self.python("t", columns: ["name", "value"], text: text) == "error: " + message)
    }

    @Test func aColumnNamedTwiceIsRefusedByBoth() throws {
        let text = "a  a\nx  y\n"
        #expect { try CaseTable.rows(text: text, name: "t", columns: nil) } throws: {
            "\($0)" == "t.tsv:1: a column is named twice"
        }
        #expect(try Self.python("t", columns: nil, text: text) == "error: t.tsv:1: a column is named twice")
    }
}
