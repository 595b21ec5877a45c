// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What a band's `TodayState` is on every day for one snapshot: the order of the home (the band's
/// set first, then the following daily sets), each id's bani, and the checklist's banis and sets.
/// Only the day's reads, resume and practices differ from one day to the next, so the agent's
/// `DayPlan` works this out once per band for the files it has and makes each day's states from it.
/// A reference: every state made hands it around, and a copy was six arrays retained.
final class BandOrder: Sendable {
    /// A checklist line: the id, its bani, its daily set, and its place in `order` (nil: not in it).
    struct ChecklistItem: Sendable {
        let id: String
        let bani: NitnemSnapshot.Bani
        let set: DailySet
        let index: Int?
    }

    /// The band.
    let band: Band
    /// The ids of the home in order, distinct.
    let order: [String]
    /// The bani of each id of `order`, if the snapshot has it.
    let banis: [NitnemSnapshot.Bani?]
    /// How many of `order`'s first ids are the band's set.
    let bandSetCount: Int
    /// The day's daily banis in checklist order (morning, evening, night; each once; only those
    /// the snapshot has).
    let checklist: [ChecklistItem]
    /// The ids of `checklist`'s banis that are not in `order` (none, unless the sets are odd).
    let unordered: [String]
    /// False for a snapshot of a database without the bani registry.
    let banisAvailable: Bool
    /// `TodayState.reads` of a day none of the ids was read: made once, as most days are.
    let noneRead: [Bool]

    /// `band`'s order for `snapshot`, with each daily set's ids (`NitnemSnapshot.ids(in:)`, in
    /// `DailySet.allCases` order) when already worked out.
    init(snapshot: NitnemSnapshot, band: Band, idsBySet known: [[String]]? = nil) {
        self.band = band
        banisAvailable = snapshot.banisAvailable
        let idsBySet = known ?? DailySet.allCases.map(snapshot.ids(in:))
        var order: [String] = []
        var bandSetCount = 0
        for (i, set) in band.dailySet.rotation.enumerated() {
            // A daily set is a handful of ids: a linear search is cheaper than hashing them.
            for id in idsBySet[DailySet.allCases.firstIndex(of: set)!] where !order.contains(id) { order.append(id) }
            if i == 0 { bandSetCount = order.count }
        }
        self.order = order
        self.bandSetCount = bandSetCount
        banis = order.map { snapshot.bani(id: $0) }
        checklist = Self.checklist(snapshot: snapshot, idsBySet: idsBySet, order: order)
        unordered = checklist.filter { $0.index == nil }.map(\.id)
        noneRead = Array(repeating: false, count: order.count + unordered.count)
    }

    /// The day's daily banis in checklist order for `snapshot` (`checklist`), each with its place in
    /// `order`; `idsBySet`: each daily set's ids, in `DailySet.allCases` order.
    static func checklist(snapshot: NitnemSnapshot, idsBySet: [[String]], order: [String]) -> [ChecklistItem] {
        // A daily set is a handful of ids: a linear search is cheaper than hashing them.
        var seen: [String] = []
        var checklist: [ChecklistItem] = []
        for (set, ids) in zip(DailySet.allCases, idsBySet) {
            for id in ids where !seen.contains(id) {
                seen.append(id)
                guard let bani = snapshot.bani(id: id) else { continue }
                checklist.append(ChecklistItem(id: id, bani: bani, set: set, index: order.firstIndex(of: id)))
            }
        }
        return checklist
    }
}
