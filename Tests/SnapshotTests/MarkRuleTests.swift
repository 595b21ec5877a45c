// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Testing

@testable import Snapshot

/// The one rule for marking a bani read, as a table, and proof that the JSON patch and the
/// in-memory progress follow it alike.
@Suite struct MarkRuleTests {
    static let day = CivilDate("2026-11-29")!
    static let other = CivilDate("2026-11-28")!
    static let earlier = RFC3339.parseAbsolute("2026-11-28T20:00:00Z")!
    static let at = RFC3339.parseAbsolute("2026-11-29T05:00:00Z")!

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let before: BaniProgress
        let undo: Bool
        let movePosition: Bool
        /// `nil`: nothing changes.
        let expected: MarkRule.Change?
        let after: BaniProgress?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "mark: day added, read to the bani's end", before: BaniProgress(), undo: false, movePosition: true,
            expected: .init(day: .add, position: .init(lastSeq: 385, lastReadAt: at)),
            after: BaniProgress(lastSeq: 385, lastReadAt: at, completedDays: [day])),
        Case(
            name: "mark: the entry's own nLines wins",
            before: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [other], nLines: 380), undo: false,
            movePosition: true, expected: .init(day: .add, position: .init(lastSeq: 380, lastReadAt: at)),
            after: BaniProgress(lastSeq: 380, lastReadAt: at, completedDays: [other, day], nLines: 380)),
        Case(
            name: "mark again: the position moves, the day is kept once",
            before: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [day]), undo: false,
            movePosition: true, expected: .init(day: nil, position: .init(lastSeq: 385, lastReadAt: at)),
            after: BaniProgress(lastSeq: 385, lastReadAt: at, completedDays: [day])),
        Case(
            name: "mark another day (movePosition false): only the day key",
            before: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [other]), undo: false,
            movePosition: false, expected: .init(day: .add, position: nil),
            after: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [other, day])),
        Case(
            name: "mark a marked day without moving: nothing",
            before: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [day]), undo: false,
            movePosition: false, expected: nil, after: nil),
        Case(
            name: "undo: the day key goes, the position stays",
            before: BaniProgress(lastSeq: 385, lastReadAt: earlier, completedDays: [other, day]), undo: true,
            movePosition: true, expected: .init(day: .remove, position: nil),
            after: BaniProgress(lastSeq: 385, lastReadAt: earlier, completedDays: [other])),
        Case(
            name: "undo without moving: the same",
            before: BaniProgress(lastSeq: 385, lastReadAt: earlier, completedDays: [day]), undo: true,
            movePosition: false, expected: .init(day: .remove, position: nil),
            after: BaniProgress(lastSeq: 385, lastReadAt: earlier, completedDays: [])),
        Case(
            name: "undo of an unmarked day: nothing",
            before: BaniProgress(lastSeq: 12, lastReadAt: earlier, completedDays: [other]), undo: true,
            movePosition: true, expected: nil, after: nil),
    ]

    static func rule(_ c: Case) -> MarkRule {
        MarkRule(day: day, at: at, nLines: 385, undo: c.undo, movePosition: c.movePosition)
    }

    @Test(arguments: cases)
    func theRule(_ c: Case) {
        let rule = Self.rule(c)
        #expect(
            rule.change(isMarked: c.before.completedDays.contains(Self.day), ownNLines: c.before.nLines) == c.expected)
        #expect(rule.apply(to: c.before) == c.after)
    }

    /// The entry as `nitnem-progress.json` holds it.
    static func json(_ p: BaniProgress) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("lastSeq", p.lastSeq.map { .int($0) } ?? .null),
            ("lastReadAt", .optional(p.lastReadAt.map(RFC3339.utcTimestamp))),
            ("completedDays", .array(p.completedDays.sorted().map { .string($0.description) })),
        ]
        if let n = p.nLines { members.append(("nLines", .int(n))) }
        return .object([("schema", .int(1)), ("banis", .object([("japji", .object(members))]))])
    }

    @Test(arguments: cases)
    func thePatchWritesWhatTheRuleSays(_ c: Case) throws {
        let (patched, changed) = try ProgressWriter.patch(
            Self.json(c.before), id: "japji", day: Self.day, at: Self.at, nLines: 385, undo: c.undo,
            movePosition: c.movePosition, path: "p")
        #expect(changed == (c.after != nil))
        let written = try NitnemProgress.decode(patched, path: "p").banis["japji"]
        #expect(written == (c.after ?? c.before))
    }

    @Test func aMissingEntryIsCreatedOrLeftAlone() throws {
        let empty = JSONValue.object([("schema", .int(1)), ("banis", .object([]))])
        let (undone, undoChanged) = try ProgressWriter.patch(
            empty, id: "japji", day: Self.day, at: Self.at, nLines: 385, undo: true, path: "p")
        #expect(!undoChanged && undone == empty)
        let rule = MarkRule(day: Self.day, at: Self.at, nLines: 385)
        let (marked, markChanged) = try ProgressWriter.patch(
            empty, id: "japji", day: Self.day, at: Self.at, nLines: 385, undo: false, path: "p")
        #expect(markChanged)
        #expect(try NitnemProgress.decode(marked, path: "p").banis["japji"] == rule.apply(to: BaniProgress()))
    }

    @Test(arguments: [nil, -1])
    func noUsableOwnLineCountMeansTheBanis(_ own: Int?) {
        let rule = MarkRule(day: Self.day, at: Self.at, nLines: 460)
        #expect(rule.change(isMarked: false, ownNLines: own)?.position?.lastSeq == 460)
        // An entry whose own count is 0 has no end to move to: the day only.
        #expect(rule.change(isMarked: false, ownNLines: 0) == MarkRule.Change(day: .add, position: nil))
    }

    @Test func aBaniWithNoLineCountGetsTheDayOnly() {
        // nLines 0: the snapshot (or more-banis.json) gives no count.
        let rule = MarkRule(day: Self.day, at: Self.at, nLines: 0)
        #expect(rule.change(isMarked: false, ownNLines: nil) == MarkRule.Change(day: .add, position: nil))
        #expect(rule.change(isMarked: true, ownNLines: nil) == nil)
        let marked = rule.apply(to: BaniProgress())
        #expect(marked?.completedDays == [Self.day])
        #expect(marked?.lastSeq == nil && marked?.lastReadAt == nil)
    }
}
