// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import Testing

/// What `nitnem sets` and `nitnem mark` decide before they print: the ids names name, each edit's
/// changes (`SetEdit`), the words of the listings (`SetsListing`) and of a mark (`MarkReport`).
@Suite struct SetsDecisionTests {
    static let registry = EmbeddedRegistry.snapshot
    static let sets = registry.sets
    static let day = CivilDate("2026-11-29")!

    /// Your file listing `sets` (and reminding japji at 06:00).
    static func mine(_ sets: [DailySet: [String]]) -> MyNitnem {
        MyNitnem(
            schema: 1, sets: sets, reminders: [.init(id: "japji", at: WallTime("06:00")!)], warnings: [], raw: .null)
    }

    @Test func namesNameIdsOrEveryProblemInOrder() throws {
        #expect(try SetEdit.ids(named: ["Japji Sahib", "sohila"], in: Self.registry) == ["japji", "kirtan_sohila"])
        #expect(throws: SetEdit.NamesProblem.self) { try SetEdit.ids(named: ["japji", "nope"], in: Self.registry) }
        // remove: an id a set lists is taken as given, even one the snapshot does not know.
        let mine = Self.mine([.morning: ["japji", "unknown_id"]])
        #expect(
            try SetEdit.idsToRemove(
                named: ["unknown_id", "rehras"], in: Self.registry, mine: mine, snapshotSets: Self.sets)
                == ["unknown_id", "rehras"])
    }

    /// (edit, your sets before) → the changes written.
    static let edits:
        [(name: String, changes: @Sendable () throws -> [MyNitnemWriter.Change], expected: [MyNitnemWriter.Change])] = [
            (
                "add at the end of the snapshot's set",
                {
                    try SetEdit.placing(
                        ["sukhmani"], in: .evening, at: .end, moving: false, mine: nil, snapshotSets: sets)
                },
                [.set(.evening, ["rehras", "sukhmani"])]
            ),
            (
                "add first",
                {
                    try SetEdit.placing(
                        ["sukhmani"], in: .night, at: .position(1), moving: false, mine: nil, snapshotSets: sets)
                },
                [.set(.night, ["sukhmani", "kirtan_sohila"])]
            ),
            (
                "move out of the other sets, after a bani",
                {
                    try SetEdit.placing(
                        ["japji"], in: .evening, at: .after("rehras"), moving: true, mine: nil, snapshotSets: sets)
                },
                [.set(.morning, ["jaap", "savaiye", "chaupai", "anand"]), .set(.evening, ["rehras", "japji"])]
            ),
            (
                "remove from every set that has it",
                { SetEdit.removing(["rehras"], from: DailySet.allCases, mine: nil, snapshotSets: sets) },
                [.set(.evening, [])]
            ),
            (
                "reset only the sets your file lists",
                { SetEdit.resetting(DailySet.allCases, mine: mine([.night: []])) },
                [.set(.night, nil)]
            ),
        ]

    /// Resetting a file with parts that cannot be read: each set's own part goes with it, `sets` no
    /// object goes whole, all three take out every part (a reminder that is no time too); a change
    /// built on a part that cannot be read is refused, naming it and its fix.
    @Test func aResetTakesOutWhatCannotBeReadAndAnEditOnItIsRefused() throws {
        let path = "/g/nitnem-mynitnem.json"
        func mine(_ text: String) throws -> MyNitnem {
            try MyNitnem.decode(try JSONParser.parse(Array(text.utf8), path: path), path: path)
        }
        let partly = try mine(#"{"sets":{"morning":"x","night":["japji"]},"reminders":{"japji":"9","jaap":"07:00"}}"#)
        #expect(SetEdit.resetting([.morning], mine: partly) == [.remove(.set(.morning))])
        #expect(SetEdit.resetting([.evening], mine: partly) == [])
        #expect(
            SetEdit.resetting(DailySet.allCases, mine: partly)
                == [.remove(.set(.morning)), .remove(.reminder("japji")), .set(.night, nil)])
        let noObject = try mine(#"{"sets":[1]}"#)
        #expect(SetEdit.resetting([.evening], mine: noObject) == [.remove(.sets)])

        #expect(
            try MyNitnemWriter.replacedUnreadable(by: [.remove(.set(.morning))], in: partly, path: path)
                == [.set(.morning)])
        #expect(
            try MyNitnemWriter.replacedUnreadable(by: [.reminder(id: "japji", at: nil)], in: partly, path: path)
                == [.reminder("japji")])
        #expect(try MyNitnemWriter.replacedUnreadable(by: [.set(.night, [])], in: partly, path: path) == [])
        #expect(
            throws: GroupFileError(
                path: path, jsonPath: "$.sets.morning",
                problem:
                    #"expected an array of bani ids, found "x"; nothing written (to fix: nitnem sets reset morning)"#)
        ) {
            try MyNitnemWriter.replacedUnreadable(by: [.set(.morning, ["japji"])], in: partly, path: path)
        }
        #expect(throws: GroupFileError.self) {
            try MyNitnemWriter.replacedUnreadable(by: [.set(.night, nil)], in: noObject, path: path)
        }
    }

    @Test(arguments: edits.indices) func edit(_ i: Int) throws {
        let (name, changes, expected) = Self.edits[i]
        #expect(try changes() == expected, "\(name)")
    }

    @Test func afterABaniNotInTheSetIsRefused() {
        #expect(throws: SetEdit.Problem.notInSet(id: "japji", set: .night)) {
            try SetEdit.placing(
                ["sukhmani"], in: .night, at: .after("japji"), moving: false, mine: nil, snapshotSets: Self.sets)
        }
        let listing = SetsListing(snapshot: Self.registry, mine: nil)
        #expect(
            listing.notInSet(.notInSet(id: "japji", set: .night))
                == "--after: Japji Sahib is not in your night set; nothing written")
    }

    @Test func theListingsWords() {
        let mine = Self.mine([.night: []])
        let snapshot = GroupFiles(
            snapshot: Self.registry, source: .embedded,
            progress: NitnemProgress(schema: 1, banis: [:], warnings: [], raw: .null), warnings: []
        ).applying(.success(mine), path: "/g/nitnem-mynitnem.json").snapshot
        let listing = SetsListing(snapshot: snapshot, mine: mine)
        #expect(
            listing.shown([.evening, .night]) == [
                "The snapshot's evening set: Rehras Sahib", "Your night set: nothing to read",
            ])
        let progress = ["japji": BaniProgress(completedDays: [Self.day])]
        let words = SettingsWords(localizer: .english)
        let json = listing.json(today: Self.day, progress: progress, titles: .english, words: words).compact
        #expect(
            json.hasPrefix(
                #"{"dayKey":"2026-11-29","sets":{"morning":{"yours":false,"title":"Morning (Amrit Vela and Morning)","heading":"Morning (Amrit Vela and Morning) (the snapshot's)","add":"Add to Morning (Amrit Vela and Morning)","choose":"Bani to add to Morning (Amrit Vela and Morning)","reset":"Reset Morning (Amrit Vela and Morning) to the snapshot's","banis":[{"id":"japji","title":"Japji Sahib","read":true,"remind":"06:00","labels":{"remind":"Reminder time for Japji Sahib","up":"Move up: Japji Sahib","down":"Move down: Japji Sahib","remove":"Remove Japji Sahib from Morning (Amrit Vela and Morning)"}}"#
            ), "\(json)")
        #expect(
            json.hasSuffix(
                #""words":{"add":"Add","reset":"Reset","remove":"Remove","up":"Move up","down":"Move down","off":"off"}}"#
            ), "\(json)")
        #expect(SetsListing.reminded(Self.registry.bani(id: "japji")!, at: nil) == "Japji Sahib: no reminder")
    }

    /// (day marked, undo, was marked) → what mark says; the tally counts the file as written.
    static let reports: [(day: String, undo: Bool, wasMarked: Bool, line: String)] = [
        ("2026-11-29", false, false, "Marked Japji Sahib read on 2026-11-29 (1 of 7 today)"),
        (
            "2026-11-29", false, true,
            "Japji Sahib was already marked read on 2026-11-29; last read time updated (1 of 7 today)"
        ),
        ("2026-11-28", false, true, "Japji Sahib was already marked read on 2026-11-28 (0 of 7 that day)"),
        ("2026-11-29", true, true, "Unmarked Japji Sahib on 2026-11-29 (1 of 7 today)"),
        ("2026-11-29", true, false, "Japji Sahib was not marked read on 2026-11-29; nothing to undo (1 of 7 today)"),
    ]

    @Test(arguments: reports.indices) func markReport(_ i: Int) {
        let (day, undo, wasMarked, line) = Self.reports[i]
        let report = MarkReport(day: CivilDate(day)!, today: Self.day, daily: Self.registry.dailyIDs, undo: undo)
        let progress = ["japji": BaniProgress(completedDays: [Self.day])]
        #expect(report.line(Self.registry.bani(id: "japji")!, wasMarked: wasMarked, progress: progress) == line)
    }

    @Test func aNoteIsCapitalisedWithTheTallyAndNoDailyBanisNoTally() {
        let report = MarkReport(day: Self.day, today: Self.day, daily: [], undo: false)
        #expect(report.line(note: "nothing to mark next: x", progress: [:]) == "Nothing to mark next: x")
    }
}
