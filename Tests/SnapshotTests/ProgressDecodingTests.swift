// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

@Suite struct ProgressDecodingTests {
    static let path = "/g/nitnem-progress.json"

    func decode(_ text: String) throws(GroupFileError) -> NitnemProgress {
        try NitnemProgress.decode(try JSONParser.parse(Array(text.utf8), path: Self.path), path: Self.path)
    }

    func day(_ text: String) -> CivilDate { CivilDate(text)! }

    @Test func v1Layout() throws {
        let p = try decode(
            #"{"schema":1,"banis":{"japji":{"lastSeq":120,"lastReadAt":"2026-11-29T04:12:00Z","completedDays":["2026-11-28"],"anchor":"line:120","nLines":385}}}"#
        )
        #expect(p.schema == 1 && !p.isReadOnly && p.warnings.isEmpty)
        #expect(
            p.banis["japji"]
                == BaniProgress(
                    lastSeq: 120, lastReadAt: RFC3339.parseAbsolute("2026-11-29T04:12:00Z"),
                    completedDays: [day("2026-11-28")], anchor: "line:120", nLines: 385))
    }

    /// 20,000 entries that are null: ten warnings and a count, not 20,000 lines.
    @Test func manyProblemsAreTheFirstTenAndACount() throws {
        let entries = (0..<20_000).map { "\"b\($0)\":null" }.joined(separator: ",")
        let p = try decode(#"{"schema":1,"banis":{\#(entries)}}"#)
        #expect(p.warnings.count == 11)
        #expect(p.warnings.first == "\(Self.path): $.banis.b0: is null; read as no progress")
        #expect(p.warnings.last == "… and 19990 more problems in \(Self.path)")
    }

    @Test func missingSchemaIsOneAndAppleSecondsAreDates() throws {
        let p = try decode(#"{"banis":{"rehras/taksal":{"lastReadAt":817608600.5,"completedDays":[]}}}"#)
        #expect(p.schema == 1)
        #expect(p.banis["rehras/taksal"]?.lastReadAt == RFC3339.parseAbsolute("2026-11-29T01:30:00.5Z"))
        #expect(p.banis["rehras/taksal"]?.lastReadAt == Date(timeIntervalSince1970: 1_795_915_800.5))
        #expect(try decode("{}").banis.isEmpty)
    }

    @Test func offsetsAndFractionsInDates() throws {
        let p = try decode(#"{"banis":{"a":{"lastReadAt":"2026-11-29T09:42:00.250+05:30"}}}"#)
        #expect(p.banis["a"]?.lastReadAt == RFC3339.parseAbsolute("2026-11-29T04:12:00.25Z"))
    }

    @Test func badValuesAreWarnings() throws {
        let path = Support.fixture("bad/bad-values-progress.json")
        let p = try NitnemProgress.decode(try JSONParser.parse(Support.bytes(path), path: path), path: path)
        #expect(
            p.warnings == [
                "\(path): $.banis.japji.lastSeq: 400 is past nLines 385; read as the end",
                #"\#(path): $.banis.japji.lastReadAt: expected an RFC 3339 time or Apple reference-date seconds, found "yesterday"; ignored"#,
                #"\#(path): $.banis.japji.completedDays[1]: expected a day key YYYY-MM-DD, found "2026-13-01"; dropped"#,
                #"\#(path): $.banis.japji.completedDays[2]: expected a day key YYYY-MM-DD, found "28/11/2026"; dropped"#,
                "\(path): $.banis.japji.completedDays[3]: expected a day key YYYY-MM-DD, found 20261127; dropped",
                "\(path): $.banis.jaap.lastSeq: expected an integer ≥ 0, found -4; ignored",
            ])
        #expect(p.banis["japji"] == BaniProgress(lastSeq: 400, completedDays: [day("2026-11-28")], nLines: 385))
        #expect(p.banis["jaap"] == BaniProgress(completedDays: [day("2026-11-28")]))
    }

    @Test func wrongTypesInsideAnEntryAreWarnings() throws {
        let p = try decode(#"{"banis":{"rehras/taksal":{"completedDays":"2026-11-28","anchor":5,"nLines":"x"}}}"#)
        #expect(
            p.warnings == [
                #"\#(Self.path): $.banis["rehras/taksal"].nLines: expected an integer ≥ 0, found "x"; ignored"#,
                #"\#(Self.path): $.banis["rehras/taksal"].completedDays: expected an array of day keys, found "2026-11-28"; ignored"#,
                #"\#(Self.path): $.banis["rehras/taksal"].anchor: expected a string, found 5; ignored"#,
            ])
        #expect(p.banis["rehras/taksal"] == BaniProgress())
    }

    @Test(arguments: [
        ("[]", "$: expected an object, found an array"),
        (#"{"schema":1,"banis":[]}"#, "$.banis: expected an object of progress by bani id, found an array"),
        (#"{"banis":{"japji":[]}}"#, "$.banis.japji: expected an object, found an array"),
        (#"{"banis":{"japji":"done"}}"#, #"$.banis.japji: expected an object, found "done""#),
        (#"{"schema":0,"banis":{}}"#, "$.schema: expected an integer ≥ 1, found 0"),
        (#"{"schema":"1","banis":{}}"#, #"$.schema: expected an integer ≥ 1, found "1""#),
    ])
    func wrongShapeIsAnError(_ text: String, _ problem: String) {
        let error = #expect(throws: GroupFileError.self) { try decode(text) }
        #expect(error?.description == "\(Self.path): \(problem)")
    }

    @Test func newerSchemaIsReadOnlyWithAWarning() throws {
        let path = Support.fixture("bad/newer-schema-progress.json")
        let p = try NitnemProgress.decode(try JSONParser.parse(Support.bytes(path), path: path), path: path)
        #expect(p.schema == 2 && p.isReadOnly)
        #expect(p.warnings == ["\(path): schema 2 is newer than 1; read-only, never written"])
        #expect(p.banis["japji"]?.lastSeq == 120)
        #expect(p.banis["japji"]?.completedDays == [day("2026-11-28")])
    }

    @Test func emptyValue() {
        #expect(NitnemProgress.empty.raw.compact == #"{"schema":1,"banis":{}}"#)
        #expect(NitnemProgress.empty.banis.isEmpty && !NitnemProgress.empty.isReadOnly)
    }
}
