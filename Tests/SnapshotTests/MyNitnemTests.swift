// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// `nitnem-mynitnem.json` read strictly and tolerantly, and patched keeping every other byte.
@Suite struct MyNitnemTests {
    static let path = "/g/nitnem-mynitnem.json"

    func decode(_ text: String) throws(GroupFileError) -> MyNitnem {
        try MyNitnem.decode(try JSONParser.parse(Array(text.utf8), path: Self.path), path: Self.path)
    }

    @Test func theSchemaOneLayout() throws {
        let mine = try decode(
            #"{"schema":1,"sets":{"morning":["japji","sukhmani"],"evening":[],"night":["kirtan_sohila"]},"reminders":{"sukhmani":"10:00"}}"#
        )
        #expect(mine.sets == [.morning: ["japji", "sukhmani"], .evening: [], .night: ["kirtan_sohila"]])
        #expect(mine.reminder(for: "sukhmani") == WallTime(hour: 10, minute: 0))
        #expect(!mine.isReadOnly && mine.warnings.isEmpty)
    }

    @Test func aNewerSchemaIsReadOnlyAndSaid() throws {
        let mine = try decode(#"{"schema":2,"sets":{"morning":["japji"]},"future":true}"#)
        #expect(mine.isReadOnly)
        #expect(mine.sets[.morning] == ["japji"])
        #expect(mine.warnings == ["\(Self.path): schema 2 is newer than 1; read-only, never written"])
    }

    @Test(arguments: [
        (#"not json"#, nil as String?),
        (#"{"schema":"1"}"#, "$.schema"),
        (#"[]"#, "$"),
    ])
    func aFileThatCannotBeReadIsOneErrorNamingTheFile(_ text: String, _ jsonPath: String?) {
        #expect(throws: GroupFileError.self) { try decode(text) }
        do {
            _ = try decode(text)
        } catch {
            #expect(error.path == Self.path)
            #expect(error.jsonPath == jsonPath)
            #expect(!error.description.contains("\n"))
            if jsonPath == nil { #expect(error.description.contains("line 1, column 1")) }
        }
    }

    /// A part that cannot be read is skipped and named (the file, the JSON path, the command that
    /// fixes it); the rest of the file counts.
    @Test(arguments: [
        (#"{"sets":{"morning":"japji"}}"#, MyNitnem.Part.set(.morning), "$.sets.morning", "nitnem sets reset morning"),
        (#"{"sets":["japji"]}"#, .sets, "$.sets", "nitnem sets reset"),
        (#"{"sets":{"morning":[1]}}"#, .set(.morning), "$.sets.morning[0]", "nitnem sets reset morning"),
        (
            #"{"reminders":{"japji":"25:00"}}"#, .reminder("japji"), "$.reminders.japji",
            "nitnem sets remind japji HH:MM|off"
        ),
        (#"{"reminders":{"a b":600}}"#, .reminder("a b"), #"$.reminders["a b"]"#, "nitnem sets remind 'a b' HH:MM|off"),
        (#"{"reminders":[]}"#, .reminders, "$.reminders", "nitnem sets reset"),
    ])
    func aPartThatCannotBeReadIsSkippedAndNamed(
        _ text: String, _ part: MyNitnem.Part, _ jsonPath: String, _ fix: String
    )
        throws
    {
        // Beside it, a set and a reminder that read.
        let good = #""night":["kirtan_sohila"]"#
        var spliced = text
        if text.contains(#""sets":{"#) {
            spliced = text.replacingOccurrences(of: #""sets":{"#, with: #""sets":{"# + good + ",")
        } else if !text.contains(#""sets""#) {
            spliced = "{" + #""sets":{"# + good + "}," + text.dropFirst()
        }
        let mine = try decode(spliced)
        #expect(mine.unreadable.map(\.part) == [part])
        let problem = try #require(mine.unreadable.first?.problem)
        #expect(problem.path == Self.path)
        #expect(problem.jsonPath == jsonPath)
        #expect(part.fix == fix)
        #expect(mine.unreadable.first?.warning.hasSuffix("(to fix: \(fix))") == true)
        #expect(mine.unreadablePart == problem)
        if part != .sets { #expect(mine.sets[.night] == ["kirtan_sohila"]) }
        #expect(mine.reminders.isEmpty)
    }

    @Test func aDuplicateIdCountsOnceAndAnotherSetNameIsSaid() throws {
        let mine = try decode(#"{"sets":{"morning":["japji","jaap","japji"],"popular":["x"]}}"#)
        #expect(mine.sets == [.morning: ["japji", "jaap"]])
        #expect(
            mine.warnings == ["\(Self.path): $.sets.popular: is not a daily set (morning, evening, night); ignored"])
    }

    /// Thousands of ids, set names or reminders read in one pass (a duplicate was looked for in the
    /// whole list, for each id), and the problems said for the first ten, then counted.
    @Test func thousandsAreReadAtOnceAndTheirProblemsCounted() throws {
        let ids = (0..<20_000).map { "\"id\($0)\"" }.joined(separator: ",")
        let sets = (0..<20_000).map { "\"set\($0)\":[]" }.joined(separator: ",")
        let reminders = (0..<20_000).map { "\"id\($0 % 19_999)\":\"10:00\"" }.joined(separator: ",")
        let mine = try decode(#"{"sets":{"morning":[\#(ids),"id0"],\#(sets)},"reminders":{\#(reminders)}}"#)
        #expect(mine.sets[.morning]?.count == 20_000)
        #expect(mine.sets[.morning]?.last == "id19999")
        // A key given twice counts once, at its last place.
        #expect(mine.reminders.count == 19_999 && mine.reminders.last?.id == "id0")
        #expect(mine.warnings.count == 11)
        #expect(mine.warnings.last == "… and 19990 more sets in \(Self.path) that are not daily sets; ignored")

        let files = GroupFiles(
            snapshot: EmbeddedRegistry.snapshot, source: .embedded, progress: .empty, warnings: []
        ).applying(.success(mine), path: Self.path)
        #expect(files.warnings.count == 22)
        #expect(files.warnings.suffix(11).prefix(10).allSatisfy { $0.contains(": unknown bani id 'id") })
        #expect(files.warnings.last == "… and 39989 more unknown ids in \(Self.path)")
        #expect(files.snapshot.sets["morning"] == [])
    }

    @Test func aPatchKeepsEveryByteItDoesNotChange() throws {
        let original =
            "{ \"schema\" : 1,\r\n  \"app\": {\"x\": \"caf\\u00e9\", \"n\": 1.50},\r\n"
            + "  \"sets\": {\"morning\": [\"japji\", \"zzz\"], \"popular\": [\"a\"]},\r\n  \"later\": [1e3]\r\n}\r\n"
        let bytes = Array(original.utf8)
        var text = original
        for change: MyNitnemWriter.Change in [
            .set(.morning, ["japji", "zzz", "sukhmani"]), .reminder(id: "sukhmani", at: WallTime(hour: 10, minute: 0)),
            .set(.evening, []), .set(.morning, nil), .reminder(id: "sukhmani", at: nil),
        ] {
            let before = Array(text.utf8)
            let parsed = try JSONParser.parseWithRanges(before, path: Self.path)
            let (patched, changed) = try MyNitnemWriter.patch(parsed.value, [change], path: Self.path)
            #expect(changed)
            text = String(
                decoding: try ProgressWriter.text(patched, over: before, old: parsed, path: Self.path), as: UTF8.self)
            for kept in [
                "{ \"schema\" : 1,\r\n", "\"app\": {\"x\": \"caf\\u00e9\", \"n\": 1.50},\r\n", "\"popular\": [\"a\"]",
                "\"later\": [1e3]",
            ] {
                #expect(text.contains(kept), "\(change): \(text)")
            }
        }
        #expect(bytes != Array(text.utf8))
        let last = try decode(text)
        #expect(last.sets == [.evening: []])
        #expect(last.reminders.isEmpty)
    }

    @Test func aNewFileStartsAtSchemaOne() throws {
        let (patched, changed) = try MyNitnemWriter.patch(
            MyNitnem.empty.raw, [.set(.morning, ["japji"])], path: Self.path)
        #expect(changed)
        #expect(patched.compact == #"{"schema":1,"sets":{"morning":["japji"]}}"#)
    }
}
