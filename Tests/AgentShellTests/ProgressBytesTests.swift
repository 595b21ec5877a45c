// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import TestSupport
import Testing

@testable import AgentShell
@testable import Snapshot

/// `mark` changes only the bytes of the values it sets: everything else in the file, however it is
/// laid out, comes back byte for byte; an undo of a fresh mark gives back the original bytes but for
/// `lastReadAt` and `lastSeq`.
@Suite struct ProgressBytesTests {
    static let day = CivilDate("2026-11-29")!
    static let at = Fixture.instant("2026-11-29T05:00:09.75Z")
    static let stamp = "2026-11-29T05:00:09Z"
    static let fields = ["completedDays", "lastReadAt", "lastSeq"]

    /// Layouts of a file holding `japji` with all three fields and without today's day key.
    static let layouts: [(name: String, text: String)] = [
        (
            "compact",
            #"{"schema":1,"banis":{"japji":{"lastSeq":3,"lastReadAt":"2026-11-28T01:00:00Z","completedDays":["2026-11-28"],"z":"caf\u00e9 \/ x"}},"n":1.50E2,"m":1e-3}"#
        ),
        (
            "four spaces, mixed arrays",
            """
            {
                "schema": 1,
                "banis": {
                    "jaap": {"completedDays": [], "note": "x\\u0041\\/y"},
                    "japji": {
                        "lastSeq": 120,
                        "lastReadAt": 817608600.50,
                        "completedDays": [
                            "2026-11-27",
                            "2026-11-28"
                        ],
                        "nLines": 385,
                        "fontScale": 1.250
                    }
                },
                "list": [1, 2.0, 3e+2],
                "sync": {"revision": 1.50E2, "ratio": 1e-3, "pending": [ ]}
            }

            """
        ),
        (
            "tabs and escapes",
            "{\n\t\"schema\": 1,\n\t\"banis\": {\n\t\t\"japji\": {\n\t\t\t\"lastSeq\": 0,\n\t\t\t\"lastReadAt\": null,\n"
                + "\t\t\t\"completedDays\": [\"2026-11-28\"],\n\t\t\t\"t\\u00EAte\": \"\\ud83d\\ude00 \\u00e9\\t\\\"\"\n"
                + "\t\t}\n\t},\n\t\"k\\u0065y\": \"\\/\\/\"\n}"
        ),
        (
            "duplicate-looking keys in unknown objects",
            #"""
            {"schema": 1,
             "meta": {"banis": {"japji": {"completedDays": ["2026-11-28"]}}, "a": 1, "a": 2},
             "banis": {"japji": {"x": {"lastSeq": 9, "lastSeq": 10}, "lastSeq": 5, "lastReadAt": "2026-11-28T01:00:00Z", "completedDays": ["2026-11-26", "2026-11-28"]}},
             "tail": [{"completedDays": []}, {"completedDays": []}]}
            """#
        ),
        (
            "unusual order and spacing",
            #"""
            { "banis" : { "japji" : { "completedDays" : [ "2026-11-27" ,"2026-11-28" ] , "anchor" : "line:1" , "lastReadAt" : "2026-11-28T01:00:00Z" , "lastSeq" : 7 } } , "schema" : 1 }
            """#
        ),
    ]

    /// Every layout again with CRLF line endings.
    static let allLayouts: [(name: String, text: String)] =
        layouts + layouts.map { ($0.name + ", CRLF", $0.text.replacingOccurrences(of: "\n", with: "\r\n")) }

    /// Marks `id` in a group holding `text`, checks the result, undoes it and checks that; returns
    /// the bytes after the mark.
    @discardableResult
    static func markAndUndo(_ text: [UInt8], _ id: String = "japji", lastSeq: Int = 385) throws -> [UInt8] {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Data(text).write(to: URL(fileURLWithPath: group.progressPath))
        let outcome = try ProgressStore.update(id, day: day, at: at, nLines: 385, undo: false, in: group)
        #expect(outcome.changed && !outcome.wasMarked)
        let marked = Support.bytes(group.progressPath)
        let value = try JSONParser.parse(marked)
        let entry = value["banis"]?[id]
        // The form the file gave it: a number (seconds since 2001) stays a number.
        if case .number? = (try JSONParser.parse(text))["banis"]?[id]?["lastReadAt"] {
            #expect(entry?["lastReadAt"] == .double(at.timeIntervalSinceReferenceDate.rounded(.down)))
        } else {
            #expect(entry?["lastReadAt"] == .string(stamp))
        }
        #expect(entry?["lastSeq"] == .int(lastSeq))
        guard case .array(let days)? = entry?["completedDays"] else {
            Issue.record("completedDays is not an array")
            return marked
        }
        #expect(days.last == .string(day.description))
        #expect(
            try Support.masked(marked, id, fields) == Support.masked(text, id, fields), "only the three values moved")
        _ = try ProgressStore.update(id, day: day, at: at, nLines: 385, undo: true, in: group)
        let undone = Support.withoutTombstones(Support.bytes(group.progressPath))
        #expect(Support.bytes(group.progressPath) != undone, "the undo leaves a tombstone")
        #expect(
            try Support.masked(undone, id, ["lastReadAt", "lastSeq"])
                == Support.masked(text, id, ["lastReadAt", "lastSeq"]),
            "undo gives back the original bytes but for the time and position the mark set, and its tombstone")
        return marked
    }

    @Test(arguments: allLayouts.map(\.name))
    func markMovesNothingElse(_ name: String) throws {
        let text = try #require(Self.allLayouts.first { $0.name == name }?.text)
        try Self.markAndUndo(Array(text.utf8))
    }

    @Test func demoFileInProcess() throws {
        try Self.markAndUndo(Support.bytes(Support.fixture("groups/demo/nitnem-progress.json")), "kirtan_sohila")
    }

    // MARK: What gets added, and how it is laid out

    func marked(_ text: String, _ id: String = "japji") throws -> String {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.write(text, to: group.progressPath)
        _ = try ProgressStore.update(id, day: Self.day, at: Self.at, nLines: 385, undo: false, in: group)
        return String(decoding: Support.bytes(group.progressPath), as: UTF8.self)
    }

    @Test func newEntryMatchesItsNeighbours() throws {
        let out = try marked(
            """
            {
                "schema": 1,
                "banis": {
                    "jaap": {
                        "completedDays": ["2026-11-28"]
                    }
                }
            }

            """, "rehras/taksal")
        #expect(
            out == """
                {
                    "schema": 1,
                    "banis": {
                        "jaap": {
                            "completedDays": ["2026-11-28"]
                        },
                        "rehras/taksal": {
                            "lastSeq": 385,
                            "lastReadAt": "\(Self.stamp)",
                            "completedDays": ["2026-11-29"]
                        }
                    }
                }

                """)
    }

    @Test func missingBanisAndFieldsAreAdded() throws {
        #expect(
            try marked("{\r\n  \"schema\": 1\r\n}\r\n")
                == "{\r\n  \"schema\": 1,\r\n  \"banis\": {\r\n    \"japji\": {\r\n      \"lastSeq\": 385,\r\n"
                + "      \"lastReadAt\": \"\(Self.stamp)\",\r\n      \"completedDays\": [\r\n        \"2026-11-29\"\r\n"
                + "      ]\r\n    }\r\n  }\r\n}\r\n")
        #expect(
            try marked(#"{"banis": {"japji": {"anchor": "line:2"}}, "schema": 1}"#)
                == #"{"banis": {"japji": {"anchor": "line:2", "lastSeq": 385, "lastReadAt": "\#(Self.stamp)", "completedDays": ["2026-11-29"]}}, "schema": 1}"#
        )
        #expect(
            try marked(#"{"banis":{"japji":{"completedDays":null,"lastSeq":null,"nLines":380}}}"#)
                == #"{"banis":{"japji":{"completedDays":["2026-11-29"],"lastSeq":380,"nLines":380,"lastReadAt":"\#(Self.stamp)"}}}"#
        )
    }

    /// The layout Apple's pretty printer writes: ` : ` and one element per line.
    @Test func applePrettyPrinted() throws {
        let text = """
            {
              "banis" : {
                "japji" : {
                  "completedDays" : [
                    "2026-11-28"
                  ],
                  "lastSeq" : 3
                }
              },
              "schema" : 1
            }
            """
        #expect(
            try marked(text) == """
                {
                  "banis" : {
                    "japji" : {
                      "completedDays" : [
                        "2026-11-28",
                        "2026-11-29"
                      ],
                      "lastSeq" : 385,
                      "lastReadAt" : "\(Self.stamp)"
                    }
                  },
                  "schema" : 1
                }
                """)
    }

    @Test func undoRemovesEveryCopyAndKeepsTheRest() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.write(
            #"{"banis": {"japji": {"completedDays": [ "2026-11-29",  "2026-11-27" , "2026-11-29","2026-11-28" ]}}}"#,
            to: group.progressPath)
        _ = try ProgressStore.update("japji", day: Self.day, at: Self.at, nLines: 385, undo: true, in: group)
        let undone =
            #"{"banis": {"japji": {"completedDays": [ "2026-11-27","2026-11-28" ],  "dayEdits": {"2026-11-29": {"removed": "2026-11-29T05:00:09Z"}}}}}"#
        #expect(String(decoding: Support.bytes(group.progressPath), as: UTF8.self) == undone)
        _ = try ProgressStore.update("japji", day: Self.day, at: Self.at, nLines: 385, undo: true, in: group)
        #expect(
            String(decoding: Support.bytes(group.progressPath), as: UTF8.self) == undone, "a no-op undo writes nothing")
    }

    @Test func emptyDaysRoundTrip() throws {
        let text =
            #"{"schema":1,"banis":{"japji":{"completedDays":[],"lastSeq":1,"lastReadAt":"2026-11-01T00:00:00Z"}}}"#
        let out = try Self.markAndUndo(Array(text.utf8))
        #expect(
            String(decoding: out, as: UTF8.self)
                == #"{"schema":1,"banis":{"japji":{"completedDays":["2026-11-29"],"lastSeq":385,"lastReadAt":"\#(Self.stamp)"}}}"#
        )
    }

    /// A byte-order mark, leading blank lines and trailing spaces stay.
    @Test func surroundingBytesStay() throws {
        let text = "\u{FEFF}\n\n  {\"banis\":{\"japji\":{\"completedDays\":[\"2026-11-28\"]}}}  \n\n"
        #expect(
            try marked(text)
                == "\u{FEFF}\n\n  {\"banis\":{\"japji\":{\"completedDays\":[\"2026-11-28\",\"2026-11-29\"],"
                + "\"lastSeq\":385,\"lastReadAt\":\"\(Self.stamp)\"}}}  \n\n")
    }

    // MARK: The splicer on its own

    /// Removed members and elements take their own separator; what stays keeps its bytes.
    @Test(arguments: [
        (#"{"a": 1, "b" :2 ,"c": 3}"#, #"{"a":1,"c":3}"#, #"{"a": 1 ,"c": 3}"#),
        (#"{"a": 1, "b" :2 ,"c": 3}"#, #"{"b":2,"c":3}"#, #"{"b" :2 ,"c": 3}"#),
        (#"{"a": 1, "b" :2 ,"c": 3}"#, #"{"a":1,"b":2}"#, #"{"a": 1, "b" :2}"#),
        (#"{"a": 1, "b" :2 ,"c": 3}"#, #"{}"#, #"{}"#),
        (#"[ 1.0 ,2E1,  3 ]"#, #"[1.0,3]"#, #"[ 1.0,  3 ]"#),
        (#"[ 1.0 ,2E1,  3 ]"#, #"[1.0,2E1,3,4]"#, #"[ 1.0 ,2E1,  3,  4 ]"#),
        (#"{"x": "\u00e9", "y": [1]}"#, #"{"x":"é","y":[1,{"k":null}]}"#, #"{"x": "\u00e9", "y": [1, {"k": null}]}"#),
        (#"{"x": "\u00e9", "y": [1]}"#, #"{"x":"e","y":[1]}"#, #"{"x": "e", "y": [1]}"#),
    ])
    func spliceKeepsWhatStays(_ text: String, _ new: String, _ expected: String) throws {
        let bytes = Array(text.utf8)
        let (old, syntax) = try JSONParser.parseWithRanges(bytes)
        let out = JSONSplice.render(try JSONParser.parse(Array(new.utf8)), over: bytes, old: old, syntax: syntax)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test(arguments: ["", "{", "[1,]x", #"{"a" 1}"#, "1 2", #""open"#])
    func rangesRefuseWhatIsNotOneValue(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parseWithRanges(Array(text.utf8)) }
    }
}
