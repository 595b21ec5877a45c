// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Marking a bani read on a Nitnem day, or undoing it: the one rule for what its progress entry
/// becomes.
///
/// `ProgressWriter.patch` writes the change into the JSON document (`nitnem mark`, the shell's
/// `ProgressStore`); `apply(to:)` makes it in memory (`Simulation`).
///
/// - Important: Mark adds the day key (once) and, with `movePosition`, moves the position to the
///   end: `lastSeq` is the entry's own `nLines` when it has one, else the bani's `nLines`, and
///   `lastReadAt` is `at`, even when the day was marked already. With `movePosition` false (marking
///   another day than today) only the day key changes: the reader's saved position is theirs. Undo
///   removes the day key only. Anything else is no change.
package struct MarkRule: Hashable, Sendable {
    /// The Nitnem day marked or unmarked.
    package var day: CivilDate
    /// When it is marked.
    package var at: Date
    /// The bani's line count in the snapshot, used when the entry has no `nLines` of its own.
    package var nLines: Int
    /// Unmark instead of mark.
    package var undo: Bool
    /// Move the saved position to the end (mark only).
    package var movePosition: Bool

    /// The rule for marking (or, with `undo`, unmarking) `day` at `at`.
    package init(day: CivilDate, at: Date, nLines: Int, undo: Bool = false, movePosition: Bool = true) {
        self.day = day
        self.at = at
        self.nLines = nLines
        self.undo = undo
        self.movePosition = movePosition
    }

    /// What the rule changes in one entry.
    package struct Change: Hashable, Sendable {
        /// What happens to the day key.
        package enum Day: Hashable, Sendable {
            /// Added at the end of `completedDays`.
            case add
            /// Removed from `completedDays` (every copy).
            case remove
        }

        /// A saved position: the last line read and when.
        package struct Position: Hashable, Sendable {
            /// The new `lastSeq`.
            package var lastSeq: Int
            /// The new `lastReadAt`.
            package var lastReadAt: Date
        }

        /// What happens to the day key; `nil` when `completedDays` stays as it is.
        package var day: Day?
        /// The new position; `nil` when `lastSeq` and `lastReadAt` stay as they are.
        package var position: Position?

        /// A change of the day key and the position.
        package init(day: Day?, position: Position?) {
            self.day = day
            self.position = position
        }
    }

    /// The change for an entry that lists the day already (`isMarked`) or not, with its own line
    /// count `ownNLines` (`nil` when it has none); `nil` when nothing changes.
    package func change(isMarked: Bool, ownNLines: Int?) -> Change? {
        if undo { return isMarked ? Change(day: .remove, position: nil) : nil }
        if isMarked && !movePosition { return nil }
        let lastSeq = ownNLines.flatMap { $0 >= 0 ? $0 : nil } ?? nLines
        // A bani with no line count (0: the snapshot does not know it) has no end to move to.
        let position = movePosition && lastSeq > 0 ? Change.Position(lastSeq: lastSeq, lastReadAt: at) : nil
        if isMarked && position == nil { return nil }
        return Change(day: isMarked ? nil : .add, position: position)
    }

    /// `progress` with the rule applied; `nil` when nothing changes.
    package func apply(to progress: BaniProgress) -> BaniProgress? {
        guard let change = change(isMarked: progress.isRead(on: day), ownNLines: progress.nLines)
        else { return nil }
        var progress = progress
        switch change.day {
        case .add?: progress.completedDays.insert(day)
        case .remove?: progress.completedDays.remove(day)
        case nil: break
        }
        if let position = change.position {
            progress.lastSeq = position.lastSeq
            progress.lastReadAt = position.lastReadAt
        }
        return progress
    }
}
