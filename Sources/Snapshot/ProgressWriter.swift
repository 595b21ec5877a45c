// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The pure half of recording completions in `nitnem-progress.json`: the patch of one bani entry and
/// the bytes to write. The shell's `ProgressStore` holds the lock, reads and replaces the file.
///
/// - Important: Every byte outside the values it changes stays as it was (`JSONSplice`):
///   indentation, line endings, string escapes and number text of every other member, and the
///   separators between them.
package enum ProgressWriter {
    /// The document with `banis[id]` changed as `MarkRule` says; `changed` is false when there was
    /// nothing to do. Missing members are added in the v1 order: `lastSeq`, `lastReadAt`,
    /// `completedDays`.
    package static func patch(
        _ raw: JSONValue, id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool = true,
        path: String
    ) throws(GroupFileError) -> (value: JSONValue, changed: Bool) {
        guard case .object(var top) = raw else {
            throw GroupFileError(path: path, jsonPath: "$", problem: "expected an object; not written")
        }
        var banis: [(key: String, value: JSONValue)] = []
        switch top.last(where: { $0.key == "banis" })?.value {
        case .object(let members)?: banis = members
        case nil, .null?: break
        case let other?:
            throw GroupFileError(
                path: path, jsonPath: "$.banis",
                problem: "expected an object, found \(JSONFields.describe(other)); not written")
        }
        let entryPath = "$.banis" + NitnemProgress.jsonKey(id)
        var entry: [(key: String, value: JSONValue)]?
        switch banis.last(where: { $0.key == id })?.value {
        case .object(let members)?: entry = members
        case nil, .null?: break
        case let other?:
            throw GroupFileError(
                path: path, jsonPath: entryPath,
                problem: "expected an object, found \(JSONFields.describe(other)); not written")
        }
        var days: [JSONValue] = []
        switch entry?.last(where: { $0.key == "completedDays" })?.value {
        case .array(let items)?: days = items
        case nil, .null?: break
        case let other?:
            // Replacing it would lose whatever the app meant by it.
            throw GroupFileError(
                path: path, jsonPath: entryPath + ".completedDays",
                problem: "expected an array of day keys, found \(JSONFields.describe(other)); not written")
        }
        let key = JSONValue.string(day.description)
        let own = entry?.last(where: { $0.key == "nLines" }).flatMap { JSONFields.integer($0.value) }
        let rule = MarkRule(day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition)
        guard let change = rule.change(isMarked: days.contains(key), ownNLines: own) else { return (raw, false) }
        var members = entry ?? [("lastSeq", .null), ("lastReadAt", .null), ("completedDays", .array([]))]
        if let position = change.position {
            set(&members, "lastSeq", .int(position.lastSeq))
            let old = members.last { $0.key == "lastReadAt" }?.value
            set(&members, "lastReadAt", date(position.lastReadAt, like: old))
        }
        // A removal leaves a tombstone that travels with the file (`DayEdits`); a mark of a day that
        // has a record (marked again after an undo) records that, so a merge knows which came later.
        var edits = DayEdits(members: members)
        switch change.day {
        case .add?:
            days.append(key)
            if edits.edits[day.description] != nil {
                edits.edits[day.description] = DayEdits.Edit(removed: false, at: at)
                edits.pruned(now: at).write(into: &members)
            }
        case .remove?:
            days.removeAll { $0 == key }
            edits.edits[day.description] = DayEdits.Edit(removed: true, at: at)
            edits.pruned(now: at).write(into: &members)
        case nil: break
        }
        set(&members, "completedDays", .array(days))
        set(&banis, id, .object(members))
        set(&top, "banis", .object(banis))
        return (.object(top), true)
    }

    /// `date` in the JSON form the file gave the value it replaces, so a reader that decoded that form
    /// still reads it: seconds since 2001-01-01T00:00:00Z where it held a number (what Apple's
    /// `JSONEncoder` writes by default), else an RFC 3339 UTC string (`YYYY-MM-DDTHH:MM:SSZ`); whole
    /// seconds either way.
    static func date(_ date: Date, like old: JSONValue?) -> JSONValue {
        if case .number? = old { return .double(date.timeIntervalSinceReferenceDate.rounded(.down)) }
        return .string(RFC3339.utcTimestamp(date))
    }

    /// Replaces the value of the last member named `key` (the one readers read), or appends it.
    static func set(_ members: inout [(key: String, value: JSONValue)], _ key: String, _ value: JSONValue) {
        if let i = members.lastIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append((key, value))
        }
    }

    /// The bytes to write: a new file indented; an existing one with only the changed values
    /// rewritten (`JSONSplice`), checked to read back as exactly `patched` before anything is written.
    /// `old` is what `original` parses to, with its ranges.
    package static func text(
        _ patched: JSONValue, over original: [UInt8]?, old: (value: JSONValue, syntax: JSONSyntax)?, path: String
    ) throws(GroupFileError) -> [UInt8] {
        let bytes = try splice(patched, over: original, old: old, path: path)
        // Never write what no reader (this one included) would read back.
        guard bytes.count <= AppGroup.fileSizeLimit else {
            throw GroupFileError(
                .notWritten, path: path,
                problem: "would grow past the \(AppGroup.fileSizeLimit >> 20) MiB limit; not written")
        }
        return bytes
    }

    static func splice(
        _ patched: JSONValue, over original: [UInt8]?, old: (value: JSONValue, syntax: JSONSyntax)?, path: String
    ) throws(GroupFileError) -> [UInt8] {
        guard let original, let old else { return Array(patched.pretty.utf8) }
        let spliced = JSONSplice.render(patched, over: original, old: old.value, syntax: old.syntax)
        guard (try? JSONParser.parse(spliced)) == patched else {
            // Unreachable for JSON the parser accepted; refusing beats writing something else.
            throw GroupFileError(.notWritten, path: path, problem: "could not patch the text in place; not written")
        }
        return spliced
    }
}
