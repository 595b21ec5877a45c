// SPDX-License-Identifier: GPL-3.0-or-later
import Snapshot

/// What `nitnem sets add|remove|move` makes of a daily set: pure list edits over the ids your file
/// lists (unknown ones included, so they stay in the file), or the snapshot's set when the file
/// does not list it.
package enum SetEdit {
    /// Where a bani goes in a set.
    package enum Place: Hashable, Sendable {
        /// At the end.
        case end
        /// At this 1-based position (past the end: at the end).
        case position(Int)
        /// Right after this id.
        case after(String)
    }

    /// Why an edit cannot be made.
    package enum Problem: Error, Hashable, Sendable {
        /// `--after` names a bani that is not in the set.
        case notInSet(id: String, set: DailySet)
    }

    /// The ids of `set` as they stand: your file's list (unknown ids included), else the snapshot's.
    package static func current(_ set: DailySet, mine: MyNitnem?, snapshotSets: [String: [String]]) -> [String] {
        mine?.sets[set] ?? snapshotSets[set.rawValue] ?? []
    }

    /// `list` with `ids` inserted at `place`, in the order given; an id already in `list` moves there.
    /// - Throws: `Problem.notInSet` when `place` is after an id that is not in `list` (or is moved).
    package static func inserting(_ ids: [String], into list: [String], at place: Place, set: DailySet)
        throws(Problem) -> [String]
    {
        var result = list.filter { !ids.contains($0) }
        let index: Int
        switch place {
        case .end: index = result.count
        case .position(let n): index = min(max(n - 1, 0), result.count)
        case .after(let anchor):
            guard let i = result.firstIndex(of: anchor) else { throw .notInSet(id: anchor, set: set) }
            index = i + 1
        }
        var seen: Set<String> = []
        result.insert(contentsOf: ids.filter { seen.insert($0).inserted }, at: index)
        return result
    }

    /// `list` without `ids`.
    package static func removing(_ ids: [String], from list: [String]) -> [String] {
        list.filter { !ids.contains($0) }
    }
}
