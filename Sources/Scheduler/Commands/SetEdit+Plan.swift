// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What each `nitnem sets` edit changes in your file, decided before the file is written: the ids
/// the names given name, and the list of each set as the edit leaves it.
extension SetEdit {
    /// The ids of `names` for `sets add` and `sets move` (`NitnemSnapshot.bani(named:)`), in order.
    /// - Throws: the names that name no bani or several, in the order given (the first few, and how
    ///   many more).
    package static func ids(named names: [String], in snapshot: NitnemSnapshot) throws(NamesProblem) -> [String] {
        let named = BaniNameIndex(snapshot).banis(named: names)
        guard named.problems.isEmpty else { throw NamesProblem(problems: named.problems) }
        return named.banis.map(\.id)
    }

    /// The ids `sets remove` takes out for `names`: an id a set lists, given exactly (an unknown one
    /// included), as given; else every form of the key the name names (Rehras as the set lists it,
    /// whichever variant counts).
    /// - Throws: the names that name no bani or several, in the order given (the first few, and how
    ///   many more).
    package static func idsToRemove(
        named names: [String], in snapshot: NitnemSnapshot, mine: MyNitnem?, snapshotSets: [String: [String]]
    ) throws(NamesProblem) -> [String] {
        let listed = Set(DailySet.allCases.flatMap { current($0, mine: mine, snapshotSets: snapshotSets) })
        let named = BaniNameIndex(snapshot).banis(named: names.filter { !listed.contains($0) })
        guard named.problems.isEmpty else { throw NamesProblem(problems: named.problems) }
        var banis = named.banis.makeIterator()
        var ids: [String] = []
        for name in names {
            if listed.contains(name) {
                ids.append(name)
            } else if let bani = banis.next() {
                ids += snapshot.banis.filter { $0.key == bani.key }.map(\.id)
            }
        }
        return ids
    }

    /// The place `--after NAME` names in `set`: right after the form of its key that the set lists
    /// (Rehras as the snapshot lists it), else after its own id.
    /// - Throws: the name's problem when it names no bani or several.
    package static func place(
        after name: String, in set: DailySet, snapshot: NitnemSnapshot, mine: MyNitnem?,
        snapshotSets: [String: [String]]
    ) throws(NitnemSnapshot.NameProblem) -> Place {
        let bani = try snapshot.bani(named: name)
        let list = current(set, mine: mine, snapshotSets: snapshotSets)
        return .after(list.first { snapshot.bani(id: $0)?.key == bani.key } ?? bani.id)
    }

    /// `sets add` (and, `moving`, `sets move`): `ids` in `set` at `place`; a move takes them out of
    /// the other sets first. Only the sets that change.
    /// - Throws: `Problem.notInSet` when `place` is after an id that is not in `set`.
    package static func placing(
        _ ids: [String], in set: DailySet, at place: Place, moving: Bool, mine: MyNitnem?,
        snapshotSets: [String: [String]]
    ) throws(Problem) -> [MyNitnemWriter.Change] {
        var changes: [MyNitnemWriter.Change] = []
        if moving {
            changes = removing(
                ids, from: DailySet.allCases.filter { $0 != set }, mine: mine, snapshotSets: snapshotSets)
        }
        let list = current(set, mine: mine, snapshotSets: snapshotSets)
        changes.append(.set(set, try inserting(ids, into: list, at: place, set: set)))
        return changes
    }

    /// `sets remove`: `ids` out of each of `sets` that has them; only the sets that change.
    package static func removing(
        _ ids: [String], from sets: [DailySet], mine: MyNitnem?, snapshotSets: [String: [String]]
    ) -> [MyNitnemWriter.Change] {
        sets.compactMap { set in
            let list = current(set, mine: mine, snapshotSets: snapshotSets)
            let edited = removing(ids, from: list)
            return edited == list ? nil : .set(set, edited)
        }
    }

    /// `sets reset`: each of `sets` your file lists, taken out of it (the snapshot's counts again),
    /// with each part of the file that cannot be read and is one of them (a `sets` that is no object
    /// goes whole: none of its sets counted). All three sets also take out every other part that
    /// cannot be read (a reminder that is no time, a `reminders` that is no object), so `nitnem sets
    /// reset` fixes any file that reads at all.
    package static func resetting(_ sets: [DailySet], mine: MyNitnem?) -> [MyNitnemWriter.Change] {
        guard let mine else { return [] }
        let all = DailySet.allCases.allSatisfy(sets.contains)
        let unreadable = mine.unreadable.map(\.part).filter { part in
            all || part == .sets || sets.contains { part == .set($0) }
        }
        return unreadable.map(MyNitnemWriter.Change.remove)
            + sets.compactMap { mine.sets[$0] == nil ? nil : .set($0, nil) }
    }

    /// Names that name no bani of the snapshot, or several, in the order given: the first few, and
    /// how many more (`NitnemSnapshot.explain` says it for a person).
    package struct NamesProblem: Error, Hashable, Sendable {
        package let problems: FirstFew<NitnemSnapshot.NameProblem>

        /// `problems`, in the order given.
        package init(problems: FirstFew<NitnemSnapshot.NameProblem>) { self.problems = problems }
    }
}
