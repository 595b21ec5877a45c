import Foundation
import NitnemClockKit

/// Records completions in `nitnem-progress.json`, changing only what it must.
///
/// - Important: Every write holds the exclusive lock `group.progressLockPath`, re-reads the file
///   under it, refuses a file it cannot read or of a newer schema (never overwriting what it could
///   not read), patches the one bani entry and replaces the file atomically (0600). Every byte
///   outside the values it changes stays as it was (`JSONSplice`): indentation, line endings,
///   string escapes and number text of every other member, and the separators between them.
public enum ProgressWriter {
    /// What one `update` did.
    public struct Outcome: Sendable {
        /// The progress as now on disk.
        public var progress: NitnemProgress
        /// Whether the file was written (an undo of an unmarked day writes nothing).
        public var changed: Bool
        /// Whether the day was marked before the update.
        public var wasMarked: Bool
    }

    /// Marks or unmarks, saying whether anything changed.
    ///
    /// Mark: adds the day key to `banis[id].completedDays` (at the end, once), sets `lastReadAt` to
    /// `at` (`YYYY-MM-DDTHH:MM:SSZ`) and `lastSeq` to the entry's own `nLines` when it has one, else
    /// to `nLines` (so the position reads as the end). With `movePosition` false (marking another day
    /// than today), only the day key changes: the reader's saved position is theirs. Undo: removes the
    /// day key only. A missing file starts as `{"schema":1,"banis":{}}`.
    public static func update(
        _ id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool = true, in group: AppGroup
    ) throws(SnapshotError) -> Outcome {
        try AtomicFile.createFolder(group.path)
        return try AtomicFile.withLock(group.progressLockPath) { () throws(SnapshotError) -> Outcome in
            let path = group.progressPath
            AtomicFile.removeAbandonedTempFiles(for: path)
            let bytes = try FileReader.read(path)
            let parsed = try bytes.map { bytes throws(SnapshotError) in
                try JSONParser.parseWithRanges(bytes, path: path)
            }
            let raw = parsed?.value
            let current = try NitnemProgress.decode(raw ?? NitnemProgress.empty.raw, path: path)
            if current.isReadOnly {
                throw SnapshotError(
                    path: path,
                    problem: "is schema \(current.schema), newer than this nitnem (\(NitnemProgress.currentSchema)); "
                        + "not written")
            }
            let wasMarked = current.banis[id]?.completedDays.contains(day) ?? false
            let (patched, changed) = try patch(
                current.raw, id: id, day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition,
                path: path)
            guard changed else { return Outcome(progress: current, changed: false, wasMarked: wasMarked) }
            try AtomicFile.write(try text(patched, over: bytes, old: parsed, path: path), to: path)
            let progress = try NitnemProgress.decode(patched, path: path)
            return Outcome(progress: progress, changed: true, wasMarked: wasMarked)
        }
    }

    /// The document with `banis[id]` patched; `changed` is false when there was nothing to do.
    static func patch(
        _ raw: JSONValue, id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool = true,
        path: String
    ) throws(SnapshotError) -> (value: JSONValue, changed: Bool) {
        guard case .object(var top) = raw else {
            throw SnapshotError(path: path, jsonPath: "$", problem: "expected an object; not written")
        }
        var banis: [(key: String, value: JSONValue)] = []
        switch top.last(where: { $0.key == "banis" })?.value {
        case .object(let members)?: banis = members
        case nil, .null?: if undo { return (raw, false) }
        case let other?:
            throw SnapshotError(
                path: path, jsonPath: "$.banis",
                problem: "expected an object, found \(JSONFields.describe(other)); not written")
        }
        let entryPath = "$.banis" + NitnemProgress.jsonKey(id)
        var entry: [(key: String, value: JSONValue)]
        switch banis.last(where: { $0.key == id })?.value {
        case .object(let members)?: entry = members
        case nil, .null?:
            if undo { return (raw, false) }
            entry = [("lastSeq", .null), ("lastReadAt", .null), ("completedDays", .array([]))]
        case let other?:
            throw SnapshotError(
                path: path, jsonPath: entryPath,
                problem: "expected an object, found \(JSONFields.describe(other)); not written")
        }
        var days: [JSONValue] = []
        switch entry.last(where: { $0.key == "completedDays" })?.value {
        case .array(let items)?: days = items
        case nil, .null?: break
        case let other?:
            // Replacing it would lose whatever the app meant by it.
            throw SnapshotError(
                path: path, jsonPath: entryPath + ".completedDays",
                problem: "expected an array of day keys, found \(JSONFields.describe(other)); not written")
        }
        let key = JSONValue.string(day.description)
        if undo {
            guard days.contains(key) else { return (raw, false) }
            days.removeAll { $0 == key }
            set(&entry, "completedDays", .array(days))
        } else {
            if !days.contains(key) {
                days.append(key)
            } else if !movePosition {
                return (raw, false)
            }
            if movePosition {
                // Missing members are added in the v1 order: lastSeq, lastReadAt, completedDays.
                let own = entry.last(where: { $0.key == "nLines" }).flatMap { JSONFields.integer($0.value) }
                set(&entry, "lastSeq", .int(own.flatMap { $0 >= 0 ? $0 : nil } ?? nLines))
                set(&entry, "lastReadAt", .string(utcTimestamp(at)))
            }
            set(&entry, "completedDays", .array(days))
        }
        set(&banis, id, .object(entry))
        set(&top, "banis", .object(banis))
        return (.object(top), true)
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
    static func text(
        _ patched: JSONValue, over original: [UInt8]?, old: (value: JSONValue, syntax: JSONSyntax)?, path: String
    ) throws(SnapshotError) -> [UInt8] {
        let bytes = try splice(patched, over: original, old: old, path: path)
        // Never write what no reader (this one included) would read back.
        guard bytes.count <= FileReader.defaultLimit else {
            throw SnapshotError(
                path: path, problem: "would grow past the \(FileReader.defaultLimit >> 20) MiB limit; not written")
        }
        return bytes
    }

    static func splice(
        _ patched: JSONValue, over original: [UInt8]?, old: (value: JSONValue, syntax: JSONSyntax)?, path: String
    ) throws(SnapshotError) -> [UInt8] {
        guard let original, let old else { return Array(patched.pretty.utf8) }
        let spliced = JSONSplice.render(patched, over: original, old: old.value, syntax: old.syntax)
        guard (try? JSONParser.parse(spliced)) == patched else {
            // Unreachable for JSON the parser accepted; refusing beats writing something else.
            throw SnapshotError(path: path, problem: "could not patch the text in place; not written")
        }
        return spliced
    }

    /// `at` in UTC, whole seconds: `2026-11-29T04:12:00Z`.
    public static func utcTimestamp(_ at: Date) -> String {
        let seconds = Int(at.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(CivilDate(daysSinceEpoch: days))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }
}
