// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import Testing

/// Practices in `nitnem-mynitnem.json`: read (a bad entry skipped and kept, `practices` no array a
/// part that cannot be read), written (unknown members kept), and merged across machines.
@Suite struct PracticeFileTests {
    func value(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8), path: "t") }
    static func d(_ text: String) -> CivilDate { CivilDate(text)! }
    static func at(_ text: String) -> Date { RFC3339.parseAbsolute(text)! }

    @Test func practicesAreReadAndABadEntryIsSkippedAndSaid() throws {
        let text = #"""
            {"schema":1,"practices":[
              {"bani":"sukhmani","from":"2026-12-01","days":40,"changedAt":"2026-12-01T04:00:00Z","note":"kept"},
              {"bani":"japji","from":"2026-12-32","days":40},
              {"bani":"jaap","from":"2026-12-02","days":0},
              {"bani":"anand","from":"2026-12-02","days":10,"stopped":"2026-12-01"},
              "x",
              {"bani":"chaupai","from":"2026-12-02","days":10,"stopped":"2026-12-04"}
            ]}
            """#
        let mine = try MyNitnem.decode(try value(text), path: "/g/nitnem-mynitnem.json")
        #expect(mine.practices.map(\.bani) == ["sukhmani", "chaupai"])
        #expect(mine.practices[0].changedAt == Self.at("2026-12-01T04:00:00Z"))
        #expect(mine.practices[1].stopped == Self.d("2026-12-04"))
        #expect(
            mine.warnings == [
                "/g/nitnem-mynitnem.json: $.practices[1].from: expected a day YYYY-MM-DD, found \"2026-12-32\"; skipped (it stays in the file)",
                "/g/nitnem-mynitnem.json: $.practices[2].days: expected an integer ≥ 1, found 0; skipped (it stays in the file)",
                "/g/nitnem-mynitnem.json: $.practices[3].stopped: is before the first day 2026-12-02; skipped (it stays in the file)",
                "/g/nitnem-mynitnem.json: $.practices[4]: expected an object, found \"x\"; skipped (it stays in the file)",
            ])
        #expect(mine.unreadable.isEmpty)
    }

    @Test func practicesThatAreNoListAreAPartThatCannotBeRead() throws {
        let mine = try MyNitnem.decode(try value(#"{"schema":1,"practices":{"a":1}}"#), path: "p")
        #expect(mine.practices.isEmpty)
        #expect(mine.unreadable.map(\.part) == [.practices])
        #expect(
            mine.unreadable[0].warning
                == "p: $.practices: expected an array of practices, found an object; no practices (to fix: nitnem practice reset --yes)"
        )
        #expect(throws: GroupFileError.self) {
            try MyNitnemWriter.replacedUnreadable(
                by: [.practice(Practice(bani: "japji", from: Self.d("2026-12-01"), days: 40))], in: mine, path: "p")
        }
        #expect(try MyNitnemWriter.replacedUnreadable(by: [.remove(.practices)], in: mine, path: "p") == [.practices])
    }

    @Test func aNewVersionReplacesItsPracticeAndKeepsWhatItDoesNotKnow() throws {
        let raw = try value(
            #"{"schema":1,"practices":[{"bani":"japji","from":"2026-12-01","days":40,"note":"kept"},7],"x":true}"#)
        var stopped = Practice(bani: "japji", from: Self.d("2026-12-01"), days: 40)
        stopped.stopped = Self.d("2026-12-05")
        stopped.changedAt = Self.at("2026-12-05T04:00:00Z")
        let fresh = Practice(
            bani: "japji", from: Self.d("2026-12-05"), days: 21, changedAt: Self.at("2026-12-05T04:00:00Z"))
        let (patched, changed) = try MyNitnemWriter.patch(
            raw, [.practice(stopped), .practice(fresh)], at: Self.at("2026-12-05T04:00:00Z"), path: "p")
        #expect(changed)
        #expect(
            patched.compact
                == #"{"schema":1,"practices":[{"bani":"japji","from":"2026-12-01","days":40,"note":"kept","stopped":"2026-12-05","changedAt":"2026-12-05T04:00:00Z"},7,{"bani":"japji","from":"2026-12-05","days":21,"changedAt":"2026-12-05T04:00:00Z"}],"x":true,"modifiedAt":"2026-12-05T04:00:00Z"}"#
        )
    }

    /// Two machines apart: A begins Sukhmani Sahib and later stops Japji Sahib; B (older file) begins
    /// Chaupai Sahib and still runs Japji Sahib. Each practice ends in its later version, none is lost,
    /// and both orders of merging give the same practices.
    @Test func twoMachinesApartConvergeOnTheirPractices() throws {
        let a = #"""
            {"schema":1,"practices":[
              {"bani":"japji","from":"2026-12-01","days":40,"changedAt":"2026-12-04T05:00:00Z","stopped":"2026-12-04"},
              {"bani":"sukhmani","from":"2026-12-03","days":40,"changedAt":"2026-12-03T05:00:00Z"}
            ],"modifiedAt":"2026-12-04T05:00:00Z"}
            """#
        let b = #"""
            {"schema":1,"practices":[
              {"bani":"japji","from":"2026-12-01","days":40,"changedAt":"2026-12-01T05:00:00Z"},
              {"bani":"chaupai","from":"2026-12-02","days":40,"changedAt":"2026-12-02T05:00:00Z"}
            ],"modifiedAt":"2026-12-02T05:00:00Z"}
            """#
        func practices(_ v: JSONValue) throws -> [String: Practice] {
            Dictionary(uniqueKeysWithValues: try MyNitnem.decode(v, path: "t").practices.map { ($0.bani, $0) })
        }
        let ab = try MyNitnemMerge.merge(main: try value(a), copy: try value(b), mainPath: "m", copyPath: "c")
        let ba = try MyNitnemMerge.merge(main: try value(b), copy: try value(a), mainPath: "m", copyPath: "c")
        for merged in [ab, ba] {
            let got = try practices(merged.value)
            #expect(Set(got.keys) == ["japji", "sukhmani", "chaupai"])
            #expect(got["japji"]?.stopped == Self.d("2026-12-04"))
        }
        #expect(try practices(ab.value) == practices(ba.value))
        // A's file is newer and wins whole either way; B's Chaupai Sahib is taken, its Japji Sahib is older.
        #expect(ab.practicesTaken == 1 && ba.practicesTaken == 1)
        // Idempotent.
        #expect(!(try MyNitnemMerge.merge(main: ab.value, copy: try value(b), mainPath: "m", copyPath: "c")).changed)
    }
}
