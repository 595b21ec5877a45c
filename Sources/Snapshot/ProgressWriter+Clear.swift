// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

extension ProgressWriter {
    /// What emptying the completed days does: the document after, and what it removes.
    package struct Clearing: Sendable {
        /// The document with every `completedDays` emptied.
        package let value: JSONValue
        /// How many bani entries had days.
        package let banis: Int
        /// How many day keys go.
        package let days: Int

        /// Whether there is anything to remove.
        package var changed: Bool { days > 0 }
    }

    /// The document with every `banis[*].completedDays` array emptied (`[]`), each removed day
    /// recorded as removed at `at` in the entry's `dayEdits` (so a merge with another machine's copy
    /// does not bring it back), and nothing else changed: positions, read times, other members and
    /// other entries stay. Written over the old
    /// bytes (`text(_:over:old:path:)`), only those arrays' contents go.
    /// - Throws: `GroupFileError` (not written) for a top level or `banis` that is no object, or a
    ///   `completedDays` that is no array (replacing it would lose whatever the app meant by it).
    package static func clearingCompletedDays(_ raw: JSONValue, at: Date, path: String) throws(GroupFileError)
        -> Clearing
    {
        guard case .object(var top) = raw else {
            throw GroupFileError(path: path, jsonPath: "$", problem: "expected an object; not written")
        }
        var banis = 0
        var days = 0
        for t in top.indices where top[t].key == "banis" {
            var entries: [(key: String, value: JSONValue)]
            switch top[t].value {
            case .object(let members): entries = members
            case .null: continue
            case let other:
                throw GroupFileError(
                    path: path, jsonPath: "$.banis",
                    problem: "expected an object, found \(JSONFields.describe(other)); not written")
            }
            for e in entries.indices {
                guard case .object(var members) = entries[e].value else { continue }
                var removed = 0
                var edits = DayEdits(members: members)
                for m in members.indices where members[m].key == "completedDays" {
                    switch members[m].value {
                    case .array(let items):
                        removed += items.count
                        for case .string(let day) in items {
                            edits.edits[day] = DayEdits.Edit(removed: true, at: at)
                        }
                        members[m].value = .array([])
                    case .null: continue
                    case let other:
                        throw GroupFileError(
                            path: path, jsonPath: "$.banis" + NitnemProgress.jsonKey(entries[e].key) + ".completedDays",
                            problem: "expected an array of day keys, found \(JSONFields.describe(other)); not written")
                    }
                }
                if removed > 0 {
                    edits.pruned(now: at).write(into: &members)
                    banis += 1
                    days += removed
                    entries[e].value = .object(members)
                }
            }
            top[t].value = .object(entries)
        }
        return Clearing(value: days > 0 ? .object(top) : raw, banis: banis, days: days)
    }
}
