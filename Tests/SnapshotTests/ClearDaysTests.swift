// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import Testing

/// `ProgressWriter.clearingCompletedDays`: every `completedDays` emptied, every other byte kept.
@Suite struct ClearDaysTests {
    static let original = """
        {\r
          "schema" : 1,\r
          "banis" : {\r
            "japji" : {"lastSeq": 40, "lastReadAt": "2026-11-29T05:00:00Z", "completedDays": ["2026-11-28", "2026-11-29"], "nLines": 40},\r
            "rehras/taksal" : {\r
              "completedDays" : [\r
                "2026-11-27"\r
              ],\r
              "anchor": "\\u0041x"\r
            },\r
            "jaap" : {"lastSeq": 3},\r
            "anand" : {"completedDays": []}\r
          },\r
          "appOnly" : [1.50, true]\r
        }\r

        """

    @Test func emptiesEveryCompletedDaysAndKeepsEveryOtherByte() throws {
        let bytes = Array(Self.original.utf8)
        let parsed = try JSONParser.parseWithRanges(bytes, path: "p.json")
        let at = Date(timeIntervalSince1970: 1_795_939_200)  // 2026-11-29T08:00:00Z
        let clearing = try ProgressWriter.clearingCompletedDays(parsed.value, at: at, path: "p.json")
        #expect(clearing.banis == 2)
        #expect(clearing.days == 3)
        let text = try ProgressWriter.text(clearing.value, over: bytes, old: parsed, path: "p.json")
        let expected = Self.original
            .replacingOccurrences(
                of: "[\"2026-11-28\", \"2026-11-29\"], \"nLines\": 40}",
                with: "[], \"nLines\": 40, \"dayEdits\": {\"2026-11-28\": {\"removed\": \"2026-11-29T08:00:00Z\"}, "
                    + "\"2026-11-29\": {\"removed\": \"2026-11-29T08:00:00Z\"}}}"
            )
            .replacingOccurrences(
                of: "[\r\n        \"2026-11-27\"\r\n      ],\r\n      \"anchor\": \"\\u0041x\"\r\n",
                with: "[],\r\n      \"anchor\": \"\\u0041x\",\r\n      \"dayEdits\": {\r\n        \"2026-11-27\": {\r\n"
                    + "          \"removed\": \"2026-11-29T08:00:00Z\"\r\n        }\r\n      }\r\n")
        // Every removed day is a tombstone in its entry (a merge does not bring it back); nothing
        // else changed.
        #expect(String(decoding: text, as: UTF8.self) == expected, "\(String(decoding: text, as: UTF8.self))")
    }

    @Test func nothingToClearIsNoChange() throws {
        let value = try JSONParser.parse(Array(#"{"schema":1,"banis":{"japji":{"lastSeq":3}}}"#.utf8), path: "p")
        let clearing = try ProgressWriter.clearingCompletedDays(value, at: .distantPast, path: "p")
        #expect(!clearing.changed)
        #expect(clearing.value == value)
    }

    @Test func aCompletedDaysThatIsNoArrayIsRefused() throws {
        let value = try JSONParser.parse(Array(#"{"banis":{"japji":{"completedDays":"all"}}}"#.utf8), path: "p")
        #expect(throws: GroupFileError.self) {
            try ProgressWriter.clearingCompletedDays(value, at: .distantPast, path: "p")
        }
    }
}
