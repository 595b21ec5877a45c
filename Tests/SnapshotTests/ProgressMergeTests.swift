// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import Testing

/// `ProgressMerge`: a conflict copy of the progress file merged into the main one: the union of the
/// days, the later position, unknown members kept, removals surviving, idempotent and deterministic.
@Suite struct ProgressMergeTests {
    func value(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8), path: "t") }

    /// `copy` merged into `main`, as text spliced over `main`'s bytes.
    func merged(_ main: String, _ copy: String) throws -> (text: String, merged: ProgressMerge.Merged) {
        let bytes = Array(main.utf8)
        let parsed = try JSONParser.parseWithRanges(bytes, path: "main")
        let result = try ProgressMerge.merge(
            main: parsed.value, copy: try value(copy), mainPath: "main", copyPath: "copy")
        let text = try ProgressWriter.text(result.value, over: bytes, old: parsed, path: "main")
        return (String(decoding: text, as: UTF8.self), result)
    }

    func days(_ text: String, _ id: String) throws -> [String] {
        let progress = try NitnemProgress.decode(try value(text), path: "t")
        return (progress.banis[id]?.completedDays ?? []).map(\.description).sorted()
    }

    @Test func unionOfDaysPerBani() throws {
        let a =
            #"{"schema":1,"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-28","2026-11-29"]}}}"#
        let b =
            #"{"schema":1,"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-28T05:00:00Z","completedDays":["2026-11-27","2026-11-28"]},"rehras":{"lastSeq":10,"lastReadAt":"2026-11-29T18:00:00Z","completedDays":["2026-11-29"]}}}"#
        let (text, result) = try merged(a, b)
        #expect(try days(text, "japji") == ["2026-11-27", "2026-11-28", "2026-11-29"])
        #expect(try days(text, "rehras") == ["2026-11-29"])
        #expect(result.daysAdded == 2)
        #expect(result.changed)
        // The main file's order first, then the copy's new days.
        #expect(text.contains(#""completedDays":["2026-11-28","2026-11-29","2026-11-27"]"#), "\(text)")
    }

    @Test func thePositionOfTheLaterReadingWinsWhole() throws {
        let a =
            #"{"banis":{"japji":{"lastSeq":12,"lastReadAt":"2026-11-29T05:00:00Z","anchor":"a","nLines":385,"completedDays":[]}}}"#
        let b = #"{"banis":{"japji":{"lastSeq":300,"lastReadAt":"2026-11-29T06:00:00Z","completedDays":[]}}}"#
        let (text, result) = try merged(a, b)
        let entry = try NitnemProgress.decode(try value(text), path: "t").banis["japji"]
        #expect(entry?.lastSeq == 300)
        #expect(entry?.anchor == nil)  // the later position had none: the older one's anchor is not mixed in
        #expect(entry?.nLines == nil)
        #expect(result.positionsTaken == 1)
        // The other way round the main file keeps its own.
        let (back, again) = try merged(b, a)
        #expect(!again.changed)
        #expect(back == b)
    }

    @Test func appleEpochSecondsCompareAsInstants() throws {
        // 817_608_600.5 s after 2001-01-01 is 2026-11-29T01:30:00.5Z: later than the copy's 01:00.
        let a = #"{"banis":{"japji":{"lastSeq":1,"lastReadAt":817608600.5,"completedDays":[]}}}"#
        let b = #"{"banis":{"japji":{"lastSeq":2,"lastReadAt":"2026-11-29T01:00:00Z","completedDays":[]}}}"#
        #expect(try !merged(a, b).merged.changed)
        let (text, _) = try merged(b, a)
        #expect(text.contains(#""lastSeq":1,"lastReadAt":817608600.5"#), "\(text)")
    }

    @Test func unknownMembersKeptByteForByteAndAddedFromTheCopy() throws {
        let a = """
            {
              "schema": 1,
              "banis": {
                "japji": {"lastSeq": 3, "lastReadAt": "2026-11-28T01:00:00Z", "completedDays": ["2026-11-28"], "fontScale": 1.250, "t\\u00EAte": "\\/"}
              },
              "appOnly": [1.50E2, true]
            }

            """
        let b =
            #"{"schema":1,"banis":{"japji":{"lastSeq":3,"lastReadAt":"2026-11-28T01:00:00Z","completedDays":["2026-11-29"],"fontScale":2,"newInCopy":{"x":1}},"jaap":{"completedDays":["2026-11-29"],"z":"\u00e9"}},"appOnly":[0],"copyOnly":1e3}"#
        let (text, _) = try merged(a, b)
        #expect(text.contains(#""fontScale": 1.250, "t\u00EAte": "\/""#), "\(text)")
        #expect(text.contains(#""appOnly": [1.50E2, true]"#), "\(text)")
        #expect(text.contains(#""newInCopy""#) && text.contains(#""copyOnly""#) && text.contains("1e3"), "\(text)")
        let doc = try value(text)
        #expect(doc["banis"]?["japji"]?["fontScale"] == .number("1.250"))
        #expect(doc["banis"]?["jaap"]?["z"] == .string("é"))
        #expect(try days(text, "japji") == ["2026-11-28", "2026-11-29"])
    }

    @Test func aCopyThatAddsNothingChangesNoByte() throws {
        let a = "{ \"banis\" : { \"japji\" : { \"completedDays\" : [ \"2026-11-28\" ] , \"lastSeq\" : 7 } } }\r\n"
        let b = #"{"banis":{"japji":{"completedDays":["2026-11-28"]}}}"#
        let (text, result) = try merged(a, b)
        #expect(!result.changed)
        #expect(text == a)
    }

    // MARK: removals

    /// Both machines had japji on the 29th; one undid it at 08:00 while apart.
    static let undone =
        #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-28"],"dayEdits":{"2026-11-29":{"removed":"2026-11-29T08:00:00Z"}}}}}"#
    static let stale =
        #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-28","2026-11-29"]},"jaap":{"completedDays":["2026-11-29"]}}}"#

    @Test func anUndoWhileApartStaysUndoneWhicheverFileIsMain() throws {
        for (main, copy) in [(Self.undone, Self.stale), (Self.stale, Self.undone)] {
            let (text, _) = try merged(main, copy)
            #expect(try days(text, "japji") == ["2026-11-28"], "\(text)")
            #expect(try days(text, "jaap") == ["2026-11-29"])
            #expect(text.contains(#""dayEdits":{"2026-11-29":{"removed":"2026-11-29T08:00:00Z"}}"#), "\(text)")
        }
        #expect(try merged(Self.stale, Self.undone).merged.daysRemoved == 1)
    }

    @Test func aReadingOnThatDayAfterTheRemovalBringsItBack() throws {
        // The other machine read japji to the end at 20:00 on the 29th, after the undo at 08:00.
        let reread =
            #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T20:00:00Z","completedDays":["2026-11-28","2026-11-29"]}}}"#
        for (main, copy) in [(Self.undone, reread), (reread, Self.undone)] {
            let (text, _) = try merged(main, copy)
            #expect(try days(text, "japji") == ["2026-11-28", "2026-11-29"], "\(text)")
            #expect(text.contains(#""2026-11-29":{"marked":"2026-11-29T20:00:00Z"}"#), "\(text)")
        }
        // A reading on another day (the 30th) is no evidence for the 29th.
        let nextDay =
            #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-12-01T20:00:00Z","completedDays":["2026-11-28","2026-11-29"]}}}"#
        #expect(try days(try merged(Self.undone, nextDay).text, "japji") == ["2026-11-28"])
    }

    @Test func aReMarkRecordedAfterTheRemovalWins() throws {
        let remarked =
            #"{"banis":{"japji":{"completedDays":["2026-11-29"],"dayEdits":{"2026-11-29":{"marked":"2026-11-30T09:00:00Z"}}}}}"#
        for (main, copy) in [(Self.undone, remarked), (remarked, Self.undone)] {
            #expect(try days(try merged(main, copy).text, "japji").contains("2026-11-29"))
        }
        // On the same second, the removal wins (either way round).
        let same =
            #"{"banis":{"japji":{"completedDays":["2026-11-29"],"dayEdits":{"2026-11-29":{"marked":"2026-11-29T08:00:00Z"}}}}}"#
        for (main, copy) in [(Self.undone, same), (same, Self.undone)] {
            #expect(try !days(try merged(main, copy).text, "japji").contains("2026-11-29"))
        }
    }

    @Test func aClearedJourneyStaysClearedButLaterMarksStay() throws {
        let cleared =
            #"{"banis":{"japji":{"completedDays":[],"dayEdits":{"2026-11-27":{"removed":"2026-11-29T09:00:00Z"},"2026-11-28":{"removed":"2026-11-29T09:00:00Z"}}}}}"#
        // The other machine still had the old days, and marked the 29th and the 30th while apart.
        let other =
            #"{"banis":{"japji":{"lastReadAt":"2026-11-30T06:00:00Z","completedDays":["2026-11-27","2026-11-28","2026-11-29","2026-11-30"]}}}"#
        for (main, copy) in [(cleared, other), (other, cleared)] {
            #expect(try days(try merged(main, copy).text, "japji") == ["2026-11-29", "2026-11-30"])
        }
    }

    // MARK: laws

    static let samples: [String] = [
        #"{"schema":1,"banis":{}}"#,
        stale, undone,
        #"{"schema":1,"banis":{"japji":{"lastSeq":9,"lastReadAt":"2026-11-29T21:00:00Z","completedDays":["2026-11-29","2026-11-26"],"x":[1]},"sohila":null},"note":"a"}"#,
        #"{"banis":{"japji":{"completedDays":["2026-11-29"],"dayEdits":{"2026-11-29":{"marked":"2026-11-30T09:00:00Z"},"2026-11-20":{"removed":"2026-11-21T00:00:00Z"}}},"sohila":{"completedDays":["2026-11-20"]}}}"#,
        #"{"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T20:00:00Z","anchor":"z","completedDays":["2026-11-28","2026-11-29"]},"jaap":{"lastReadAt":817608600,"completedDays":["2026-11-30"]}},"extra":{"k":true}}"#,
    ]

    @Test func idempotentDeterministicAndSymmetricForTheCountedDays() throws {
        for a in Self.samples {
            for b in Self.samples {
                let (ab, _) = try merged(a, b)
                // merge(merge(a, b), b) == merge(a, b), byte for byte.
                let (again, second) = try merged(ab, b)
                #expect(again == ab, "a: \(a)\nb: \(b)")
                #expect(!second.changed)
                // And merging a into its own result changes nothing either.
                #expect(try merged(ab, a).text == ab, "a: \(a)\nb: \(b)")
                // Two machines merging the same pair write the same bytes.
                #expect(try merged(a, b).text == ab)
                // The counted days do not depend on which file is the main one.
                let (ba, _) = try merged(b, a)
                let x = try NitnemProgress.decode(try value(ab), path: "t").banis.mapValues(\.completedDays)
                let y = try NitnemProgress.decode(try value(ba), path: "t").banis.mapValues(\.completedDays)
                #expect(x.filter { !$0.value.isEmpty } == y.filter { !$0.value.isEmpty }, "a: \(a)\nb: \(b)")
                // So does the position.
                let px = try NitnemProgress.decode(try value(ab), path: "t").banis.mapValues(\.lastReadAt)
                let py = try NitnemProgress.decode(try value(ba), path: "t").banis.mapValues(\.lastReadAt)
                #expect(px.filter { $0.value != nil } == py.filter { $0.value != nil })
            }
        }
    }

    @Test func aNewerSchemaIsNotMerged() throws {
        let newer = #"{"schema":2,"banis":{}}"#
        #expect(throws: GroupFileError.self) { try merged(Self.stale, newer) }
        #expect(throws: GroupFileError.self) { try merged(newer, Self.stale) }
    }

    // MARK: writers

    @Test func undoLeavesATombstoneAndAReMarkRecordsIt() throws {
        let day = CivilDate("2026-11-29")!
        let start = try value(
            #"{"schema":1,"banis":{"japji":{"lastSeq":1,"lastReadAt":null,"completedDays":["2026-11-29"]}}}"#)
        let undoAt = Date(timeIntervalSince1970: 1_795_939_200)  // 2026-11-29T08:00:00Z
        let (undone, _) = try ProgressWriter.patch(
            start, id: "japji", day: day, at: undoAt, nLines: 385, undo: true, path: "p")
        #expect(
            undone["banis"]?["japji"]?["dayEdits"] == (try value(#"{"2026-11-29":{"removed":"2026-11-29T08:00:00Z"}}"#))
        )
        let (marked, _) = try ProgressWriter.patch(
            undone, id: "japji", day: day, at: undoAt.addingTimeInterval(60), nLines: 385, undo: false, path: "p")
        #expect(
            marked["banis"]?["japji"]?["dayEdits"] == (try value(#"{"2026-11-29":{"marked":"2026-11-29T08:01:00Z"}}"#)))
        // A plain mark of a day without a record writes none.
        let (plain, _) = try ProgressWriter.patch(
            start, id: "japji", day: CivilDate("2026-11-30")!, at: undoAt, nLines: 385, undo: false, path: "p")
        #expect(plain["banis"]?["japji"]?["dayEdits"] == nil)
        // Records older than 90 days go when the writer touches the records.
        let old = try value(
            #"{"banis":{"japji":{"completedDays":["2026-11-29"],"dayEdits":{"2026-01-01":{"removed":"2026-01-01T00:00:00Z"}}}}}"#
        )
        let (pruned, _) = try ProgressWriter.patch(
            old, id: "japji", day: day, at: undoAt, nLines: 385, undo: true, path: "p")
        #expect(
            pruned["banis"]?["japji"]?["dayEdits"] == (try value(#"{"2026-11-29":{"removed":"2026-11-29T08:00:00Z"}}"#))
        )
    }
}
