// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A practice: one bani read on each Nitnem day for a number of days (`nitnem practice`), a choice
/// kept in `nitnem-mynitnem.json` under `practices`, a list of
/// `{"bani":"sukhmani","from":"2026-12-01","days":40,"stopped":"2026-12-09","remind":"20:00","changedAt":"…"}`.
///
/// Which days were read is never stored here: the progress file's `completedDays` say it, so a
/// practice counts every reading from every machine and the progress schema stays as it is.
/// A practice is known by its bani and first day; `changedAt` (the writer's clock) decides between
/// two versions of one practice when two machines changed it apart (`MyNitnemMerge`). Public, not
/// package, to be inlined in other modules (`CivilDate`).
public struct Practice: Hashable, Sendable {
    /// The lengths a practice may have, in Nitnem days.
    package static let lengths = 1...1000
    /// The length when none is given: the common forty days.
    package static let defaultLength = 40

    /// The bani id.
    package var bani: String
    /// The first Nitnem day.
    package var from: CivilDate
    /// How many Nitnem days it lasts.
    package var days: Int
    /// The Nitnem day it was stopped on (by `stop` or `restart`), the first day it no longer counts;
    /// nil while it runs or once it ended.
    package var stopped: CivilDate?
    /// When this version was written, by the writer's clock.
    package var changedAt: Date?
    /// The wall time of its reminder (`--remind`); nil: the default (`PracticeReminder`).
    package var remind: WallTime?

    package init(
        bani: String, from: CivilDate, days: Int, stopped: CivilDate? = nil, changedAt: Date? = nil,
        remind: WallTime? = nil
    ) {
        self.bani = bani
        self.from = from
        self.days = days
        self.stopped = stopped
        self.changedAt = changedAt
        self.remind = remind
    }

    /// Whether `other` is a version of the same practice (same bani, same first day).
    package func isVersion(of other: Practice) -> Bool { bani == other.bani && from == other.from }

    /// The practice as the file holds it; members of `kept` this code does not know stay as they were.
    package func json(keeping kept: JSONValue? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let old)? = kept { members = old }
        ProgressWriter.set(&members, "bani", .string(bani))
        ProgressWriter.set(&members, "from", .string(from.description))
        ProgressWriter.set(&members, "days", .int(days))
        if let stopped {
            ProgressWriter.set(&members, "stopped", .string(stopped.description))
        } else {
            members.removeAll { $0.key == "stopped" }
        }
        if let remind { ProgressWriter.set(&members, "remind", .string(remind.description)) }
        if let changedAt { ProgressWriter.set(&members, "changedAt", .string(RFC3339.utcTimestamp(changedAt))) }
        return .object(members)
    }

    /// One entry of `practices`.
    /// - Throws: `GroupFileError` naming the file and the entry's JSON path when it is not a practice:
    ///   not an object, `bani` not a non-empty string, `from` or `stopped` not `YYYY-MM-DD`, `days`
    ///   outside `lengths`, `stopped` before `from`, `changedAt` not an RFC 3339 time, `remind` not `HH:MM`.
    package static func decode(_ value: JSONValue, path: String, jsonPath: String) throws(GroupFileError) -> Practice {
        let fields = try JSONFields(value, file: path, jsonPath: jsonPath)
        let bani = try fields.nonEmptyString("bani")
        func day(_ key: String) throws(GroupFileError) -> CivilDate? {
            guard let text = try fields.optionalString(key) else { return nil }
            guard let day = CivilDate(text) else { throw fields.fail(key, "a day YYYY-MM-DD", found: .string(text)) }
            return day
        }
        guard let from = try day("from") else { throw fields.fail("from", "a day YYYY-MM-DD", found: nil) }
        let days = try fields.int("days", min: lengths.lowerBound)
        guard lengths.contains(days) else {
            throw fields.fail("days", "a number of days from 1 to \(lengths.upperBound)", found: .int(days))
        }
        let stopped = try day("stopped")
        if let stopped, stopped < from {
            throw GroupFileError(
                path: path, jsonPath: fields.path("stopped"), problem: "is before the first day \(from)")
        }
        var changedAt: Date?
        if let text = try fields.optionalString("changedAt") {
            guard let at = RFC3339.parseAbsolute(text) else {
                throw fields.fail("changedAt", "an RFC 3339 time", found: .string(text))
            }
            changedAt = at
        }
        var remind: WallTime?
        if let text = try fields.optionalString("remind") {
            guard let at = WallTime(text) else { throw fields.fail("remind", "a time HH:MM", found: .string(text)) }
            remind = at
        }
        return Practice(bani: bani, from: from, days: days, stopped: stopped, changedAt: changedAt, remind: remind)
    }
}
