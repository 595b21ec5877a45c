// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The pure half of changing `nitnem-mynitnem.json`: the patch of one set or one reminder. The
/// shell's `MyNitnemStore` holds the lock, reads and replaces the file; the bytes come from
/// `ProgressWriter.text`, so every member this does not change keeps its bytes.
package enum MyNitnemWriter {
    /// A change to the file.
    package enum Change: Hashable, Sendable {
        /// Set `set` to these ids (unknown ones included, as listed), or, with nil, remove it from the
        /// file so the snapshot's set counts again.
        case set(DailySet, [String]?)
        /// Remind bani `id` at this time, or, with nil, not at all.
        case reminder(id: String, at: WallTime?)
        /// Put this version of a practice in `practices`: over the entry that is a version of the same
        /// practice (same bani and first day; its members this code does not know kept), else after
        /// the others.
        case practice(Practice)
        /// Take out a part of the file that could not be read (`MyNitnem.unreadable`): what counts
        /// for it then is what counted while it could not be read (the snapshot's set, no reminder).
        case remove(MyNitnem.Part)
    }

    /// The parts of `mine` that could not be read and that `changes` replace (a copy of the file is
    /// kept before they are written over, so no byte of the user's is lost).
    /// - Throws: `GroupFileError` (bad input, nothing written) for a change made from what such a
    ///   part could not say: adding to or taking from a set that is no list, a reminder in a
    ///   `reminders` that is no object. It names the file and the part, and the command that fixes
    ///   it (`MyNitnem.Part.fix`).
    package static func replacedUnreadable(by changes: [Change], in mine: MyNitnem, path: String)
        throws(GroupFileError) -> [MyNitnem.Part]
    {
        var replaced: [MyNitnem.Part] = []
        for change in changes {
            for unreadable in mine.unreadable {
                let part = unreadable.part
                let replaces: Bool
                switch change {
                case .remove(let removed): replaces = removed.covers(part)
                // A reset replaces the set whole; an edit of its list would build on a guess.
                case .set(let set, nil) where part == .set(set): replaces = true
                case .reminder(let id, _) where part == .reminder(id): replaces = true
                case .set(let set, _):
                    guard part.covers(.set(set)) else { continue }
                    throw refusal(unreadable, path: path)
                case .reminder(let id, _):
                    guard part.covers(.reminder(id)) else { continue }
                    throw refusal(unreadable, path: path)
                case .practice:
                    guard part == .practices else { continue }
                    throw refusal(unreadable, path: path)
                }
                if replaces, !replaced.contains(part) { replaced.append(part) }
            }
        }
        return replaced
    }

    /// A change refused because `unreadable` stands in its way: its problem, `nothing written`, and
    /// the command that fixes it.
    static func refusal(_ unreadable: MyNitnem.Unreadable, path: String) -> GroupFileError {
        GroupFileError(
            .shape, path: unreadable.problem.path, jsonPath: unreadable.problem.jsonPath,
            problem: "\(unreadable.problem.problem); nothing written (to fix: \(unreadable.part.fix))")
    }

    /// The member saying when the file was last changed (by a writer's clock): what a merge of two
    /// versions of the file compares ("newer"), since file times do not travel across machines.
    package static let modifiedAtKey = "modifiedAt"

    /// The document with `changes` applied, in order; `changed` is false when it is as it was. With
    /// `at`, a change also sets `modifiedAt` to it (RFC 3339, UTC).
    /// - Throws: `GroupFileError` when a member to change is not the object it must be (never
    ///   replaced: it may mean something to a newer app).
    package static func patch(_ raw: JSONValue, _ changes: [Change], at: Date? = nil, path: String)
        throws(GroupFileError) -> (value: JSONValue, changed: Bool)
    {
        guard case .object(var top) = raw else {
            throw GroupFileError(path: path, jsonPath: "$", problem: "expected an object; not written")
        }
        for change in changes {
            switch change {
            case .set(let set, let ids):
                var sets = try members(top, "sets", path: path)
                if let ids {
                    ProgressWriter.set(&sets, set.rawValue, .array(ids.map { .string($0) }))
                } else {
                    sets.removeAll { $0.key == set.rawValue }
                }
                ProgressWriter.set(&top, "sets", .object(sets))
            case .reminder(let id, let at):
                var reminders = try members(top, "reminders", path: path)
                if let at {
                    ProgressWriter.set(&reminders, id, .string(at.description))
                } else {
                    reminders.removeAll { $0.key == id }
                }
                if reminders.isEmpty, top.contains(where: { $0.key == "reminders" }) == false { continue }
                ProgressWriter.set(&top, "reminders", .object(reminders))
            case .practice(let practice):
                var items: [JSONValue]
                switch top.last(where: { $0.key == "practices" })?.value {
                case .array(let list)?: items = list
                case nil, .null?: items = []
                case let other?:
                    throw GroupFileError(
                        path: path, jsonPath: "$.practices",
                        problem: "expected an array, found \(JSONFields.describe(other)); not written")
                }
                let same = items.lastIndex {
                    (try? Practice.decode($0, path: path, jsonPath: "$"))?.isVersion(of: practice) == true
                }
                if let same { items[same] = practice.json(keeping: items[same]) } else { items.append(practice.json()) }
                ProgressWriter.set(&top, "practices", .array(items))
            case .remove(.practices): top.removeAll { $0.key == "practices" }
            case .remove(.sets): top.removeAll { $0.key == "sets" }
            case .remove(.reminders): top.removeAll { $0.key == "reminders" }
            case .remove(.set(let set)):
                var sets = try members(top, "sets", path: path)
                sets.removeAll { $0.key == set.rawValue }
                ProgressWriter.set(&top, "sets", .object(sets))
            case .remove(.reminder(let id)):
                var reminders = try members(top, "reminders", path: path)
                reminders.removeAll { $0.key == id }
                ProgressWriter.set(&top, "reminders", .object(reminders))
            }
        }
        if !top.contains(where: { $0.key == "schema" }) { top.insert(("schema", .int(MyNitnem.currentSchema)), at: 0) }
        if let at, JSONValue.object(top) != raw {
            ProgressWriter.set(&top, modifiedAtKey, .string(RFC3339.utcTimestamp(at)))
        }
        let value = JSONValue.object(top)
        return (value, value != raw)
    }

    /// The members of object `key` of `top` (none when it is missing or null).
    private static func members(_ top: [(key: String, value: JSONValue)], _ key: String, path: String)
        throws(GroupFileError) -> [(key: String, value: JSONValue)]
    {
        switch top.last(where: { $0.key == key })?.value {
        case .object(let members)?: return members
        case nil, .null?: return []
        case let other?:
            throw GroupFileError(
                path: path, jsonPath: "$." + key,
                problem: "expected an object, found \(JSONFields.describe(other)); not written")
        }
    }
}
