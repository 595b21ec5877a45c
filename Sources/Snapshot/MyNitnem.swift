// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Your own daily sets (`<group>/nitnem-mynitnem.json`, "My Nitnem"): which banis each band's set
/// holds when it is not the snapshot's, and a reminder time per bani.
///
/// `{"schema":1,"sets":{"morning":[ids],"evening":[ids],"night":[ids]},"reminders":{"<id>":"HH:MM"},
/// "practices":[…]}` (`Practice`).
/// A daily set listed replaces the snapshot's set of that name; a set not listed is the snapshot's.
/// - Important: Read as the progress file is: strict JSON, unknown members kept (`raw`), `schema` > 1
///   read-only; ids the snapshot does not have are skipped with a warning (`NitnemSnapshot.applying`)
///   and stay in the file. A part that cannot be read (a set that is no list of ids, a reminder that
///   is no time, `sets` or `reminders` no object) is skipped too (`unreadable`): the rest of the
///   file counts, the part stays in the file until a command that fixes it (`Part.fix`) replaces it.
@usableFromInline package struct MyNitnem: Hashable, Sendable, VersionedDocument {
    /// The schema this code reads and writes.
    package static let currentSchema = 1

    /// The file's schema version.
    package var schema: Int
    /// The daily sets the file lists, each id once (the first), in the file's order; unknown ids
    /// included (they are skipped only against a snapshot).
    package var sets: [DailySet: [String]]
    /// A reminder time per bani id, in the file's order.
    package var reminders: [Reminder]
    /// The practices (`nitnem practice`), in the file's order; an entry that is no practice is
    /// skipped with a warning and stays in the file.
    package var practices: [Practice]
    /// Problems that did not stop the read, one line each naming the file.
    package var warnings: [String]
    /// The parts that could not be read, in the file's order: skipped, kept in the file.
    package var unreadable: [Unreadable]
    /// The document as read: every member, known or not, so a write keeps them.
    package var raw: JSONValue

    /// A file that lists nothing.
    package static let empty = MyNitnem(
        schema: currentSchema, sets: [:], reminders: [], warnings: [], raw: .object([("schema", .int(currentSchema))]))

    /// A document.
    package init(
        schema: Int, sets: [DailySet: [String]], reminders: [Reminder], practices: [Practice] = [],
        warnings: [String], unreadable: [Unreadable] = [], raw: JSONValue
    ) {
        self.schema = schema
        self.sets = sets
        self.reminders = reminders
        self.practices = practices
        self.warnings = warnings
        self.unreadable = unreadable
        self.raw = raw
    }

    /// A part of the file that a read skips when it cannot be read.
    package enum Part: Hashable, Sendable {
        /// `sets` as a whole (not an object): every set is the snapshot's.
        case sets
        /// One daily set (not an array of bani ids): the snapshot's set counts.
        case set(DailySet)
        /// `reminders` as a whole (not an object): no bani reminder.
        case reminders
        /// The reminder of one bani id (not `HH:MM`): none for that bani.
        case reminder(String)
        /// `practices` as a whole (not an array): no practice.
        case practices

        /// The command that replaces the part, for a person: `nitnem sets reset morning`.
        /// `nitnem sets reset` (all three) removes every part that cannot be read.
        package var fix: String {
            switch self {
            case .sets, .reminders: "nitnem sets reset"
            case .set(let set): "nitnem sets reset \(set.rawValue)"
            case .reminder(let id): "nitnem sets remind \(Self.shellWord(id)) HH:MM|off"
            case .practices: "nitnem practice reset --yes"
            }
        }

        /// What counts instead while the part cannot be read.
        package var instead: String {
            switch self {
            case .sets: "using the snapshot's sets"
            case .set(let set): "using the snapshot's \(set.rawValue) set"
            case .reminders: "no bani reminders"
            case .reminder: "no reminder for it"
            case .practices: "no practices"
            }
        }

        /// What counts instead while the part cannot be read, for an agent that read it before.
        package var kept: String {
            switch self {
            case .sets: "keeping the last good sets"
            case .set(let set): "keeping the last good \(set.rawValue) set"
            case .reminders: "keeping the last good reminders"
            case .reminder: "keeping its last good time"
            case .practices: "keeping the last good practices"
            }
        }

        /// Whether a change to `other` changes this part: a set is part of `sets`, a reminder of
        /// `reminders`.
        package func covers(_ other: Part) -> Bool {
            switch (self, other) {
            case (.sets, .sets), (.sets, .set), (.reminders, .reminders), (.reminders, .reminder): true
            default: self == other
            }
        }

        /// `id` as one word a shell reads back as it is (quoted unless it is plain).
        package static func shellWord(_ id: String) -> String {
            let punctuation = Set("_-./".unicodeScalars)
            let plain = id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || punctuation.contains($0)
            }
            return plain && !id.isEmpty ? id : "'" + id.replacing("'", with: "'\\''") + "'"
        }
    }

    /// A part that could not be read, and why (naming the file and the JSON path).
    package struct Unreadable: Hashable, Sendable {
        /// The part.
        package let part: Part
        /// What is wrong with it.
        package let problem: GroupFileError

        /// `problem` and what counts instead, with the command that fixes it, one line:
        /// `…: $.sets.morning: expected an array of bani ids, found "x"; using the snapshot's morning
        /// set (to fix: nitnem sets reset morning)`.
        package var warning: String { "\(problem.description); \(part.instead) (to fix: \(part.fix))" }

        package static func == (a: Unreadable, b: Unreadable) -> Bool { a.part == b.part && a.problem == b.problem }
        package func hash(into hasher: inout Hasher) {
            hasher.combine(part)
            hasher.combine(problem.description)
        }
    }

    /// The first part that could not be read, as an error (a merge refuses such a file whole).
    package var unreadablePart: GroupFileError? { unreadable.first?.problem }

    /// Whether the file has a reminder for exactly `id`, one that reads or one that does not.
    package func hasReminder(exactly id: String) -> Bool {
        reminders.contains { $0.id == id } || unreadable.contains { $0.part == .reminder(id) }
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

    /// Decodes a parsed `nitnem-mynitnem.json`. A file that cannot be read as one is an error naming
    /// the file and the JSON path: the top level not an object, `schema` not an integer ≥ 1. A part
    /// that cannot be read is skipped and recorded (`unreadable`, the rest counts): `sets` or
    /// `reminders` not an object, a set not an array of bani ids, a reminder not `HH:MM`. A set name
    /// that is not a daily set is kept in the file and said; a duplicate id counts once; of a member
    /// given twice, the last counts.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> MyNitnem {
        let top = try JSONFields(value, file: path, jsonPath: "$")
        var warnings: [String] = []
        let schema = try top.schema(current: currentSchema, warnings: &warnings)
        var unreadable: [Unreadable] = []
        func skip(_ part: Part, _ problem: GroupFileError) {
            unreadable.removeAll { $0.part == part }
            unreadable.append(Unreadable(part: part, problem: problem))
        }
        var sets: [DailySet: [String]] = [:]
        if let setsValue = top.optional("sets") {
            if case .object(let members) = setsValue {
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
                    sets[set] = nil
                    unreadable.removeAll { $0.part == .set(set) }
                    do throws(GroupFileError) {
                        sets[set] = try ids(list, path: path, jsonPath: setPath)
                    } catch {
                        skip(.set(set), error)
                    }
                }
                warnings += notSets.lines { "… and \($0) more sets in \(path) that are not daily sets; ignored" }
            } else {
                skip(.sets, top.fail("sets", "an object of daily sets (morning, evening, night)", found: setsValue))
            }
        }
        var reminders: [Reminder] = []
        if let remindersValue = top.optional("reminders") {
            if case .object(let members) = remindersValue {
                // A key given twice counts once, at its last place, with its last time.
                var last: [String: Int] = [:]
                for (index, member) in members.enumerated() { last[member.key] = index }
                for (index, (id, time)) in members.enumerated() where last[id] == index {
                    guard case .string(let text) = time, let at = WallTime(text) else {
                        skip(
                            .reminder(id),
                            GroupFileError(
                                path: path, jsonPath: "$.reminders" + NitnemProgress.jsonKey(id),
                                problem: "expected a time HH:MM, found \(JSONFields.describe(time))"))
                        continue
                    }
                    reminders.append(Reminder(id: id, at: at))
                }
            } else {
                skip(.reminders, top.fail("reminders", "an object of HH:MM times by bani id", found: remindersValue))
            }
        }
        var practices: [Practice] = []
        if let practicesValue = top.optional("practices") {
            if case .array(let items) = practicesValue {
                for (i, item) in items.enumerated() {
                    do throws(GroupFileError) {
                        practices.append(try Practice.decode(item, path: path, jsonPath: "$.practices[\(i)]"))
                    } catch {
                        warnings.append("\(error.description); skipped (it stays in the file)")
                    }
                }
            } else {
                skip(.practices, top.fail("practices", "an array of practices", found: practicesValue))
            }
        }
        return MyNitnem(
            schema: schema, sets: sets, reminders: reminders, practices: practices, warnings: warnings,
            unreadable: unreadable, raw: value)
    }

    /// The ids of a set's list, each once (the first).
    /// - Throws: `GroupFileError` when it is not an array of non-empty strings.
    private static func ids(_ list: JSONValue, path: String, jsonPath: String) throws(GroupFileError) -> [String] {
        guard case .array(let items) = list else {
            throw GroupFileError(
                path: path, jsonPath: jsonPath,
                problem: "expected an array of bani ids, found \(JSONFields.describe(list))")
        }
        var ids: [String] = []
        var seen: Set<String> = []
        for (i, item) in items.enumerated() {
            guard case .string(let id) = item, !id.isEmpty else {
                throw GroupFileError(
                    path: path, jsonPath: jsonPath + "[\(i)]",
                    problem: "expected a bani id, found \(JSONFields.describe(item))")
            }
            if seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }
}
