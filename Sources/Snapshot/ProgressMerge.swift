// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Merging a conflict copy of `nitnem-progress.json` (a sync engine's second version of it) into the
/// main file: pure, deterministic and idempotent, so two machines merging the same copy into the
/// same main file write identical bytes, and merging the copy again changes nothing.
///
/// Per bani id:
/// - **Days**: the union of both `completedDays`, the main file's order first, then the copy's new
///   days in its order; minus the days whose latest edit (`DayEdits`, from either side) is a removal,
///   unless a side lists the day with a `lastReadAt` later than the removal that falls within that
///   Nitnem day (in any time zone): a reading made there after the removal, which did not know of it
///   (it is then recorded as `marked` at that time).
/// - **Position** (`lastSeq`, `lastReadAt`, `anchor`, `nLines`, together): the entry read later (by
///   `lastReadAt`; none is oldest; a tie goes to the greater text, so the order of the two never
///   matters).
/// - **Everything else**: the main file's members byte for byte; members, entries and top-level
///   members only the copy has are added after them, as the copy has them.
///
/// The counted days come out the same whichever file is the main one.
package enum ProgressMerge {
    /// What a merge made.
    package struct Merged: Sendable {
        /// The merged document.
        package var value: JSONValue
        /// Whether it differs from the main file.
        package var changed: Bool
        /// Day keys the copy brought (per bani id, counted).
        package var daysAdded: Int
        /// Day keys of the main file removed by the copy's removals.
        package var daysRemoved: Int
        /// Banis whose position came from the copy.
        package var positionsTaken: Int
    }

    static let positionKeys = ["lastSeq", "lastReadAt", "anchor", "nLines"]

    /// Merges `copy` into `main` (both parsed documents of schema 1).
    /// - Throws: `GroupFileError` naming `path` when either is not a progress document or is of a
    ///   newer schema (nothing is merged then).
    package static func merge(main: JSONValue, copy: JSONValue, mainPath: String, copyPath: String)
        throws(GroupFileError) -> Merged
    {
        try NitnemProgress.checkMergeable([(main, mainPath), (copy, copyPath)])
        guard case .object(var top) = main, case .object(let copyTop) = copy else {
            throw GroupFileError(path: mainPath, jsonPath: "$", problem: "expected an object; not merged")
        }
        var stats = Merged(value: main, changed: false, daysAdded: 0, daysRemoved: 0, positionsTaken: 0)
        var banis = objectMembers(top.last { $0.key == "banis" }?.value)
        let copyBanis = objectMembers(copyTop.last { $0.key == "banis" }?.value)
        var ids: [String] = []
        for (id, _) in copyBanis where !ids.contains(id) { ids.append(id) }
        for id in ids {
            // The copy's entry as readers read it: the last of the name.
            guard case .object(let copyMembers)? = copyBanis.last(where: { $0.key == id })?.value else { continue }
            if let i = banis.lastIndex(where: { $0.key == id }) {
                if case .object(let mainMembers) = banis[i].value {
                    banis[i].value = .object(mergeEntry(mainMembers, copyMembers, stats: &stats))
                } else {
                    // The main file's is null (or no entry): the copy's, read by the same rule.
                    banis[i].value = .object(mergeEntry([], copyMembers, stats: &stats))
                }
            } else {
                banis.append((id, .object(mergeEntry([], copyMembers, stats: &stats))))
            }
        }
        if !banis.isEmpty || top.contains(where: { $0.key == "banis" }) {
            ProgressWriter.set(&top, "banis", .object(banis))
        }
        for (key, value) in copyTop where !top.contains(where: { $0.key == key }) {
            top.append((key, value))
        }
        stats.value = .object(top)
        stats.changed = stats.value != main
        return stats
    }

    /// One bani entry merged (both objects).
    static func mergeEntry(
        _ main: [(key: String, value: JSONValue)], _ copy: [(key: String, value: JSONValue)], stats: inout Merged
    ) -> [(key: String, value: JSONValue)] {
        var members = main
        // The position of the later reading.
        let mainRead = readAt(main)
        let copyRead = readAt(copy)
        let copyWins = positionKey(copy) > positionKey(main)
        if copyWins {
            for key in positionKeys {
                if let value = copy.last(where: { $0.key == key })?.value {
                    ProgressWriter.set(&members, key, value)
                } else {
                    members.removeAll { $0.key == key }
                }
            }
            let differs = positionKeys.contains { k in
                main.last { $0.key == k }?.value != copy.last { $0.key == k }?.value
            }
            if differs { stats.positionsTaken += 1 }
        }
        // Days: the union, minus what the latest edits removed.
        var edits = DayEdits(members: main).union(DayEdits(members: copy))
        let mainDays = days(main)
        let copyDays = days(copy)
        var kept: [String] = []
        var keptKeys = Set<String>()
        let candidates = mainDays.map { ($0, true) } + copyDays.filter { !mainDays.contains($0) }.map { ($0, false) }
        for (day, inMain) in candidates where !keptKeys.contains(day) {
            if let edit = edits.edits[day], edit.removed {
                // A reading within that day, after the removal, on a side that lists the day.
                var evidence: Date?
                if let date = CivilDate(day) {
                    let window = DayEdits.window(of: date)
                    for (read, lists) in [(mainRead, mainDays.contains(day)), (copyRead, copyDays.contains(day))] {
                        guard lists, let read, window.contains(read) else { continue }
                        let whole = Date(timeIntervalSince1970: read.timeIntervalSince1970.rounded(.down))
                        if whole > edit.at, whole > (evidence ?? .distantPast) { evidence = whole }
                    }
                }
                guard let evidence else {
                    if inMain { stats.daysRemoved += 1 }
                    continue
                }
                edits.edits[day] = DayEdits.Edit(removed: false, at: evidence)
            }
            keptKeys.insert(day)
            kept.append(day)
            if !inMain { stats.daysAdded += 1 }
        }
        // The main file's items stay where they were (a removed day goes); the copy's new days follow.
        var out: [JSONValue] = []
        let mainItems = main.last(where: { $0.key == "completedDays" })?.value
        if case .array(let items)? = mainItems {
            for item in items {
                if case .string(let s) = item, !keptKeys.contains(s) { continue }
                out.append(item)
            }
        }
        for day in kept where !mainDays.contains(day) { out.append(.string(day)) }
        if case .array? = mainItems {
            ProgressWriter.set(&members, "completedDays", .array(out))
        } else if mainItems == nil, !out.isEmpty || copy.contains(where: { $0.key == "completedDays" }) {
            ProgressWriter.set(&members, "completedDays", .array(out))
        }
        if edits != DayEdits(members: main) { edits.write(into: &members) }
        // Members only the copy has.
        let handled = Set(positionKeys + ["completedDays", DayEdits.member])
        for (key, value) in copy where !handled.contains(key) && !members.contains(where: { $0.key == key }) {
            members.append((key, value))
        }
        return members
    }

    /// The string items of an entry's `completedDays`, each once, in order.
    static func days(_ members: [(key: String, value: JSONValue)]) -> [String] {
        guard case .array(let items)? = members.last(where: { $0.key == "completedDays" })?.value else { return [] }
        var out: [String] = []
        for case .string(let s) in items where !out.contains(s) { out.append(s) }
        return out
    }

    /// `lastReadAt` read as readers read it.
    static func readAt(_ members: [(key: String, value: JSONValue)]) -> Date? {
        members.last { $0.key == "lastReadAt" }.flatMap { NitnemProgress.date($0.value) }
    }

    /// What orders two positions: the reading time, then the text of the four members.
    static func positionKey(_ members: [(key: String, value: JSONValue)]) -> PositionKey {
        PositionKey(
            at: readAt(members)?.timeIntervalSince1970 ?? -.infinity,
            text: positionKeys.map { k in members.last { $0.key == k }.map { $0.value.compact } ?? "" })
    }

    struct PositionKey: Comparable {
        var at: Double
        var text: [String]
        static func < (a: PositionKey, b: PositionKey) -> Bool {
            if a.at != b.at { return a.at < b.at }
            return a.text.lexicographicallyPrecedes(b.text)
        }
    }

    static func objectMembers(_ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        if case .object(let members)? = value { return members }
        return []
    }
}
