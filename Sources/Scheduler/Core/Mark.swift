// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// One reading recorded (or taken back): what every writer of the progress file writes, from
/// `nitnem mark` (and the GNOME panel and the Plasma widget, which run it with `--day`), a
/// reminder's Mark read and a bar's click, through the shell's one `ProgressStore.record`.
///
/// The day rule, once: a mark records the Nitnem day of what the user acted on (the reminder's own
/// day, the day the bar showed, `--day`, else today), and moves the reader's saved position to the
/// end only when that day is today (another day's position is not the reader's current one).
package struct Mark: Hashable, Sendable {
    /// The bani's id.
    package let id: String
    /// The Nitnem day recorded.
    package let day: CivilDate
    /// The bani's line count, for the position at its end.
    package let nLines: Int
    /// Takes the day back instead.
    package let undo: Bool
    /// Whether `lastReadAt`/`lastSeq` move (the day is today); else only the day key changes.
    package let movePosition: Bool

    /// `bani` read (or, with `undo`, not read) on `day`, acted on when today is `today`.
    package init(_ bani: NitnemSnapshot.Bani, day: CivilDate, today: CivilDate, undo: Bool = false) {
        self.id = bani.id
        self.day = day
        self.nLines = bani.nLines
        self.undo = undo
        self.movePosition = day == today
    }
}
