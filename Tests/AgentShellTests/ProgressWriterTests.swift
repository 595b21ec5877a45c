// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import TestSupport
import Testing

@testable import AgentShell
@testable import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ProgressWriterTests {
    let day = CivilDate("2026-11-29")!
    let at = Fixture.instant("2026-11-29T05:00:09.75Z")

    func patch(_ text: String, _ id: String, undo: Bool = false, nLines: Int = 385) throws -> (String, Bool) {
        let (value, changed) = try ProgressWriter.patch(
            try JSONParser.parse(Array(text.utf8)), id: id, day: day, at: at, nLines: nLines, undo: undo, path: "/p")
        return (value.compact, changed)
    }

    @Test func markPatchesOnlyItsFields() throws {
        let input =
            #"{"x":1.50,"schema":1,"banis":{"japji":{"z":[1e3],"completedDays":["bad","2026-11-28"],"lastSeq":3,"anchor":"a"},"jaap":{"q":0.0}},"y":null}"#
        let (out, changed) = try patch(input, "japji")
        #expect(changed)
        #expect(
            out
                == #"{"x":1.50,"schema":1,"banis":{"japji":{"z":[1e3],"completedDays":["bad","2026-11-28","2026-11-29"],"lastSeq":385,"anchor":"a","lastReadAt":"2026-11-29T05:00:09Z"},"jaap":{"q":0.0}},"y":null}"#
        )
    }

    @Test func markUsesTheEntrysOwnLineCount() throws {
        let (out, _) = try patch(#"{"banis":{"japji":{"nLines":380}}}"#, "japji")
        #expect(
            out
                == #"{"banis":{"japji":{"nLines":380,"lastSeq":380,"lastReadAt":"2026-11-29T05:00:09Z","completedDays":["2026-11-29"]}}}"#
        )
    }

    @Test func markAddsNewEntryInV1Order() throws {
        let (out, _) = try patch(#"{"schema":1}"#, "rehras/taksal", nLines: 501)
        #expect(
            out
                == #"{"schema":1,"banis":{"rehras/taksal":{"lastSeq":501,"lastReadAt":"2026-11-29T05:00:09Z","completedDays":["2026-11-29"]}}}"#
        )
    }

    @Test func markTwiceKeepsOneDayKey() throws {
        let (once, _) = try patch(#"{"banis":{}}"#, "japji")
        let (twice, changed) = try patch(once, "japji")
        #expect(changed && once == twice)
    }

    @Test func undoRemovesOnlyTheDayKey() throws {
        let input =
            #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-29","2026-11-28","2026-11-29"],"k":true}}}"#
        let (out, changed) = try patch(input, "japji", undo: true)
        #expect(changed)
        #expect(
            out
                == #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-28"],"k":true,"dayEdits":{"2026-11-29":{"removed":"2026-11-29T05:00:09Z"}}}}}"#
        )
        for text in [out, #"{"banis":{}}"#, "{}"] {
            let (again, changedAgain) = try patch(text, "japji", undo: true)
            #expect(again == text && !changedAgain)
        }
    }

    @Test func duplicateKeysPatchTheLastOne() throws {
        let (out, _) = try patch(#"{"banis":{"japji":{"a":1},"japji":{"b":2}}}"#, "japji", undo: false)
        #expect(
            out
                == #"{"banis":{"japji":{"a":1},"japji":{"b":2,"lastSeq":385,"lastReadAt":"2026-11-29T05:00:09Z","completedDays":["2026-11-29"]}}}"#
        )
    }

    @Test func refusesToReplaceWhatItCannotRead() {
        #expect(
            throws: GroupFileError(
                path: "/p", jsonPath: "$.banis.japji.completedDays",
                problem: #"expected an array of day keys, found "2026-11-28"; not written"#)
        ) { try patch(#"{"banis":{"japji":{"completedDays":"2026-11-28"}}}"#, "japji") }
    }

    @Test(arguments: [
        (Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00Z"),
        (Date(timeIntervalSince1970: -0.5), "1969-12-31T23:59:59Z"),
        (Date(timeIntervalSince1970: 1_795_915_800.999), "2026-11-29T01:30:00Z"),
    ])
    func utcTimestamps(_ date: Date, _ text: String) {
        #expect(RFC3339.utcTimestamp(date) == text)
    }

    // MARK: On disk

    @Test func createsTheFileAndFolder() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir + "/new/group")
        let progress = try ProgressStore.update("japji", day: day, at: at, nLines: 385, undo: false, in: group)
            .progress
        #expect(progress.banis["japji"]?.completedDays == [day])
        #expect(progress.banis["japji"]?.lastSeq == 385)
        let text = String(decoding: Support.bytes(group.progressPath), as: UTF8.self)
        #expect(
            text == """
                {
                  "schema": 1,
                  "banis": {
                    "japji": {
                      "lastSeq": 385,
                      "lastReadAt": "2026-11-29T05:00:09Z",
                      "completedDays": [
                        "2026-11-29"
                      ]
                    }
                  }
                }

                """)
        var st = stat()
        stat(group.progressPath, &st)
        #expect(st.st_mode & 0o777 == 0o600)
        stat(group.path, &st)
        #expect(st.st_mode & 0o777 == 0o700)
    }

    @Test func compactStaysCompact() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.write(#"{"schema":1,"banis":{}}"#, to: group.progressPath)
        _ = try ProgressStore.update("japji", day: day, at: at, nLines: 385, undo: false, in: group).progress
        #expect(
            String(decoding: Support.bytes(group.progressPath), as: UTF8.self)
                == #"{"schema":1,"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:09Z","completedDays":["2026-11-29"]}}}"#
        )
    }

    /// Every unknown member survives a mark and an undo, with its number text as written.
    @Test func unknownFieldsSurvive() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        let fixture = Support.fixture("bad/unknown-fields-progress.json")
        try Support.copy(fixture, to: group.progressPath)
        let before = try JSONParser.parse(Support.bytes(fixture))
        _ = try ProgressStore.update("japji", day: day, at: at, nLines: 385, undo: false, in: group).progress
        _ = try ProgressStore.update("sukhmani", day: day, at: at, nLines: 2027, undo: false, in: group).progress
        let after = try JSONParser.parse(Support.bytes(group.progressPath))
        #expect(Support.changedBesidesMark(before, after) == [])
        let text = String(decoding: Support.bytes(group.progressPath), as: UTF8.self)
        for number in ["0.50", "12345678901234567890123", "1.0E+2", "817608600"] {
            #expect(text.contains(number), "\(number) kept as written")
        }
        // Undo both: the document is back to the original (but for the time stamps we set).
        _ = try ProgressStore.update("japji", day: day, at: at, nLines: 385, undo: true, in: group).progress
        _ = try ProgressStore.update("sukhmani", day: day, at: at, nLines: 2027, undo: true, in: group).progress
        let undone = try JSONParser.parse(Support.bytes(group.progressPath))
        #expect(undone["banis"]?["japji"]?["completedDays"] == before["banis"]?["japji"]?["completedDays"])
        #expect(undone["banis"]?["sukhmani"]?["completedDays"] == .array([]))
    }

    @Test func refusesNewerSchemaAndLeavesTheFile() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.copy(Support.fixture("bad/newer-schema-progress.json"), to: group.progressPath)
        let before = Support.bytes(group.progressPath)
        #expect(
            throws: GroupFileError(
                .newerSchema,
                path: group.progressPath, problem: "is schema 2, newer than this nitnem (1); not written")
        ) { try ProgressStore.update("japji", day: day, at: at, nLines: 385, undo: false, in: group).progress }
        #expect(Support.bytes(group.progressPath) == before)
    }
}
