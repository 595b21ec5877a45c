// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Which banis one `nitnem mark` changes, worked out before anything is written.
///
/// Pure: from the snapshot, the progress as read and the state of the Nitnem day to mark in the band
/// `status` shows now (its order: the band's set first, then the following daily sets; its next).
package struct MarkPlan: Hashable, Sendable {
    /// The banis to mark (or unmark), each once, in the order asked.
    package let banis: [NitnemSnapshot.Bani]
    /// Why `--next` or `--band` added nothing, one line each (`nothing to mark: …`).
    package let notes: [String]

    /// What can stop a plan: nothing is written then.
    package enum Problem: Error, Hashable, Sendable {
        /// Names that name no bani of the snapshot, or several, in the order given: the first few,
        /// and how many more (`NitnemSnapshot.explain` says it for a person).
        case names(FirstFew<NitnemSnapshot.NameProblem>)
        /// The snapshot has no banis to mark (a database without the registry, or empty).
        case unavailable
    }

    /// The plan for `names` (ids, keys, titles, short names: `NitnemSnapshot.bani(named:)`), then
    /// `next` and then `band`, on `state`'s day (`dayInterval`).
    ///
    /// - `next`: `state.next`, decided there once (what `status` shows next). With
    ///   `undo`, the bani of `order` read on `day` whose `lastReadAt` is the latest inside
    ///   `dayInterval` (a mark sets it to now), the later in `order` on a tie or without one: the
    ///   one a `--next` (or a bar's click) marked last, so `--next` then `--next --undo` takes back
    ///   that mark.
    /// - `band`: every bani of `band`'s daily set not read on `day`; with `undo`, every one read.
    /// - Throws: `Problem.names` naming the names that name no bani or several (the first few, and
    ///   how many more);
    ///   `Problem.unavailable` when the snapshot has no banis.
    package init(
        names: [String], next: Bool, band: Bool, undo: Bool, snapshot: NitnemSnapshot,
        progress: [String: BaniProgress], state: TodayState, dayInterval: DateInterval
    ) throws(Problem) {
        let day = state.dayKey
        let order = state.order
        guard snapshot.banisAvailable, !snapshot.banis.isEmpty else { throw .unavailable }
        var picked: [NitnemSnapshot.Bani] = []
        var pickedIDs: Set<String> = []
        var notes: [String] = []
        func add(_ bani: NitnemSnapshot.Bani) {
            if pickedIDs.insert(bani.id).inserted { picked.append(bani) }
        }
        let named = BaniNameIndex(snapshot).banis(named: names)
        guard named.problems.isEmpty else { throw .names(named.problems) }
        named.banis.forEach(add)
        func read(_ id: String) -> Bool { progress.isRead(id, on: day) }
        let on = "on \(day)"
        if next {
            // With `undo`: the latest read time that day first; then the later in the order.
            func readAt(_ id: String) -> Date {
                guard let at = progress[id]?.lastReadAt, dayInterval.contains(at), at < dayInterval.end
                else { return .distantPast }
                return at
            }
            let chosen =
                undo
                ? order.indices.filter { read(order[$0]) }.max { a, b in (readAt(order[a]), a) < (readAt(order[b]), b) }
                    .flatMap { snapshot.bani(id: order[$0]) }
                : state.next?.bani
            if let chosen {
                add(chosen)
            } else if order.isEmpty {
                notes.append("nothing to \(undo ? "undo" : "mark") next: no daily banis in this snapshot")
            } else {
                notes.append(
                    undo
                        ? "nothing to undo next: no daily bani is read \(on)"
                        : "nothing to mark next: every daily bani is read \(on)")
            }
        }
        if band {
            let set = snapshot.ids(in: state.band.dailySet)
            let chosen = set.filter { read($0) == undo }.compactMap(snapshot.bani(id:))
            chosen.forEach(add)
            if set.isEmpty {
                notes.append("nothing to \(undo ? "undo" : "mark") in \(state.band.title): its set has no banis")
            } else if chosen.isEmpty {
                notes.append(
                    undo
                        ? "nothing to undo in \(state.band.title): no bani of its set is read \(on)"
                        : "nothing to mark in \(state.band.title): every bani of its set is read \(on)")
            }
        }
        self.banis = picked
        self.notes = notes
    }
}
