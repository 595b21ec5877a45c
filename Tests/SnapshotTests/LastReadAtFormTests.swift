// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import Testing

/// A mark rewrites `lastReadAt` in the JSON form the file gave it: a reader that decoded a number
/// (seconds since 2001, Apple's `JSONEncoder` default) or a string still reads the file we wrote.
@Suite struct LastReadAtFormTests {
    static let path = "/g/nitnem-progress.json"
    static let day = CivilDate("2026-11-29")!
    /// 2026-11-29T05:00:00Z.
    static let at = RFC3339.parseAbsolute("2026-11-29T05:00:00Z")!

    /// `text` marked (japji, 385 lines) through the patch and the splice, as `nitnem mark` writes it.
    static func marked(_ text: String) throws -> String {
        let bytes = Array(text.utf8)
        let old = try JSONParser.parseWithRanges(bytes, path: path)
        let (patched, changed) = try ProgressWriter.patch(
            old.value, id: "japji", day: day, at: at, nLines: 385, undo: false, path: path)
        #expect(changed)
        return String(decoding: try ProgressWriter.text(patched, over: bytes, old: old, path: path), as: UTF8.self)
    }

    @Test(arguments: [
        // A number stays a number (whole seconds, as a string has them), whatever its text was.
        (#"{"schema":1,"banis":{"japji":{"lastSeq":3,"lastReadAt":786297600.5,"completedDays":[]}}}"#, "817621200"),
        (#"{"schema":1,"banis":{"japji":{"lastSeq":3,"lastReadAt":7.862976e8,"completedDays":[]}}}"#, "817621200"),
        // A string stays a string.
        (
            #"{"schema":1,"banis":{"japji":{"lastSeq":3,"lastReadAt":"2026-11-28T01:00:00Z","completedDays":[]}}}"#,
            #""2026-11-29T05:00:00Z""#
        ),
        // None yet (null, missing, a new entry): the string form.
        (#"{"schema":1,"banis":{"japji":{"lastReadAt":null}}}"#, #""2026-11-29T05:00:00Z""#),
        (#"{"schema":1,"banis":{"japji":{"completedDays":[]}}}"#, #""2026-11-29T05:00:00Z""#),
        (#"{"schema":1,"banis":{}}"#, #""2026-11-29T05:00:00Z""#),
    ])
    func aMarkKeepsTheFormOfLastReadAt(_ text: String, _ written: String) throws {
        let out = try Self.marked(text)
        #expect(out.contains(#""lastReadAt":"# + written), "\(out)")
        let progress = try NitnemProgress.decode(try JSONParser.parse(Array(out.utf8)), path: Self.path)
        #expect(progress.banis["japji"]?.lastReadAt == Self.at)
        #expect(progress.isRead("japji", on: Self.day))
    }

    @Test func onlyTheNumberChangesInAnIndentedFile() throws {
        let text = """
            {
              "schema": 1,
              "banis": {
                "japji": {
                  "lastSeq": 385,
                  "lastReadAt": 786297600.5,
                  "completedDays": ["2026-11-28"]
                }
              }
            }

            """
        let out = try Self.marked(text)
        let expected = text.replacing("786297600.5", with: "817621200")
            .replacing(#"["2026-11-28"]"#, with: #"["2026-11-28", "2026-11-29"]"#)
        #expect(out == expected)
    }
}
