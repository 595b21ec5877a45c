// SPDX-License-Identifier: GPL-3.0-or-later
import Snapshot

/// What `nitnem journey restore FILE` would do, decided before anything is written: the history the
/// file puts back, the one it replaces, and whether the file's banis look like another snapshot's
/// (then the command asks, as `journey clear` does: without `--yes` it only says what it would do).
package struct JourneyRestorePlan: Sendable, Equatable {
    /// The progress file the restore replaces.
    package enum Replaced: Sendable, Equatable {
        /// There is none.
        case nothing
        /// It cannot be read (it is kept in the backup all the same).
        case unreadable
        /// It holds these completed days, of these many banis.
        case history(days: Int, banis: Int)
    }

    /// The completed days the file holds, and how many banis have any.
    package let days: Int
    package let banis: Int
    /// How many bani entries it has (with days or only a reading position).
    package let entries: Int
    /// Its bani ids the snapshot does not have, sorted.
    package let unknown: [String]
    /// What it replaces.
    package let replaced: Replaced

    /// The plan for restoring `file` over `current` (nil inside: there is no progress file), with
    /// `snapshot` the user's (your own sets applied, or the embedded registry).
    package init(
        restoring file: NitnemProgress, over current: Result<NitnemProgress?, GroupFileError>,
        snapshot: NitnemSnapshot
    ) {
        (days, banis) = Self.counted(file)
        entries = file.banis.count
        unknown = file.banis.keys.filter { snapshot.bani(id: $0) == nil }.sorted()
        switch current {
        case .success(nil): replaced = .nothing
        case .success(let progress?):
            let (days, banis) = Self.counted(progress)
            replaced = .history(days: days, banis: banis)
        case .failure: replaced = .unreadable
        }
    }

    /// Whether the file's banis are not this user's: more than half of its ids (all of them, when it
    /// has one) are unknown to the snapshot. A restore then asks first.
    package var asks: Bool { unknown.count * 2 > entries }

    /// The completed days of `progress`, and how many banis have any.
    static func counted(_ progress: NitnemProgress) -> (days: Int, banis: Int) {
        let lists = progress.banis.values.map(\.completedDays.count)
        return (lists.reduce(0, +), lists.filter { $0 > 0 }.count)
    }
}
