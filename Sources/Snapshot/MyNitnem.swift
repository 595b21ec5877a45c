// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Your own daily sets (`<group>/nitnem-mynitnem.json`, "My Nitnem"): which banis each band's set
/// holds when it is not the snapshot's, and a reminder time per bani.
///
/// `{"schema":1,"sets":{"morning":[ids],"evening":[ids],"night":[ids]},"reminders":{"<id>":"HH:MM"}}`.
/// A daily set listed replaces the snapshot's set of that name; a set not listed is the snapshot's.
/// - Important: Read as the progress file is: strict JSON, unknown members kept (`raw`), `schema` > 1
///   read-only; ids the snapshot does not have are skipped with a warning (`NitnemSnapshot.applying`)
///   and stay in the file.
package struct MyNitnem: Hashable, Sendable, VersionedDocument {
    /// The schema this code reads and writes.
    package static let currentSchema = 1

    /// The file's schema version.
    package var schema: Int
    /// The daily sets the file lists, each id once (the first), in the file's order; unknown ids
    /// included (they are skipped only against a snapshot).
    package var sets: [DailySet: [String]]
    /// A reminder time per bani id, in the file's order.
    package var reminders: [Reminder]
    /// Problems that did not stop the read, one line each naming the file.
    package var warnings: [String]
    /// The document as read: every member, known or not, so a write keeps them.
    package var raw: JSONValue

    /// A file that lists nothing.
    package static let empty = MyNitnem(
        schema: currentSchema, sets: [:], reminders: [], warnings: [], raw: .object([("schema", .int(currentSchema))]))

    /// A document.
    package init(
        schema: Int, sets: [DailySet: [String]], reminders: [Reminder], warnings: [String],
        raw: JSONValue
    ) {
        self.schema = schema
        self.sets = sets
        self.reminders = reminders
        self.warnings = warnings
        self.raw = raw
    }

    /// The reminder time of bani `id`, if the file gives one.
    package func reminder(for id: String) -> WallTime? { reminders.last { $0.id == id }?.at }

    /// A reminder for one bani: at `at` on each Nitnem day.
    package struct Reminder: Hashable, Sendable {
        /// The bani id.
        package var id: String
        /// The wall time.
        package var at: WallTime

        /// A reminder.
        package init(id: String, at: WallTime) {
            self.id = id
            self.at = at
        }
    }

    /// Decodes a parsed `nitnem-mynitnem.json`. A wrong shape is an error naming the file and the
    /// JSON path: the top level, `sets` or `reminders` not an object, a set not an array of strings,
    /// a reminder not `HH:MM`, `schema` not an integer ≥ 1. A set name that is not a daily set is
    /// kept in the file and said; a duplicate id counts once.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> MyNitnem {
        let top = try JSONFields(value, file: path, jsonPath: "$")
        var warnings: [String] = []
        let schema = try top.schema(current: currentSchema, warnings: &warnings)
        var sets: [DailySet: [String]] = [:]
        if let setsValue = top.optional("sets") {
            guard case .object(let members) = setsValue else {
                throw top.fail("sets", "an object of daily sets (morning, evening, night)", found: setsValue)
            }
            // Said for the first few (a file may hold thousands), then counted.
            var notSets = FirstFew<String>()
            for (name, list) in members {
                let setPath = "$.sets" + NitnemProgress.jsonKey(name)
                guard let set = DailySet(rawValue: name) else {
                    notSets.append(
                        GroupFileError(
                            path: path, jsonPath: setPath,
                            problem: "is not a daily set (morning, evening, night); ignored"
                        ).description)
                    continue
                }
                guard case .array(let items) = list else {
                    throw GroupFileError(
                        path: path, jsonPath: setPath,
                        problem: "expected an array of bani ids, found \(JSONFields.describe(list))")
                }
                var ids: [String] = []
                var seen: Set<String> = []
                for (i, item) in items.enumerated() {
                    guard case .string(let id) = item, !id.isEmpty else {
                        throw GroupFileError(
                            path: path, jsonPath: setPath + "[\(i)]",
                            problem: "expected a bani id, found \(JSONFields.describe(item))")
                    }
                    if seen.insert(id).inserted { ids.append(id) }
                }
                sets[set] = ids
            }
            warnings += notSets.lines { "… and \($0) more sets in \(path) that are not daily sets; ignored" }
        }
        var reminders: [Reminder] = []
        if let remindersValue = top.optional("reminders") {
            guard case .object(let members) = remindersValue else {
                throw top.fail("reminders", "an object of HH:MM times by bani id", found: remindersValue)
            }
            // A key given twice counts once, at its last place, with its last time.
            var last: [String: Int] = [:]
            for (index, member) in members.enumerated() { last[member.key] = index }
            for (index, (id, time)) in members.enumerated() {
                guard case .string(let text) = time, let at = WallTime(text) else {
                    throw GroupFileError(
                        path: path, jsonPath: "$.reminders" + NitnemProgress.jsonKey(id),
                        problem: "expected a time HH:MM, found \(JSONFields.describe(time))")
                }
                if last[id] == index { reminders.append(Reminder(id: id, at: at)) }
            }
        }
        return MyNitnem(schema: schema, sets: sets, reminders: reminders, warnings: warnings, raw: value)
    }
}
