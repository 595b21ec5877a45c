// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What `nitnem journey clear` and `journey restore` say, worded here: what would go, what went
/// and where the backup is, what came back. Paths are escaped (a file name may hold anything).
package enum JourneyClearReport {
    /// `3 completed days of 2 banis`.
    static func counted(days: Int, banis: Int) -> String {
        "\(days) completed day\(days == 1 ? "" : "s") of \(banis) bani\(banis == 1 ? "" : "s")"
    }

    /// Nothing to clear in the progress file at `path`.
    package static func nothing(_ path: String) -> String {
        "Nothing to clear: no completed days in \(Printable.escaped(path))"
    }

    /// Without `--yes`: what would go, and how to do it.
    package static func wouldRemove(days: Int, banis: Int, from path: String) -> [String] {
        [
            "Would remove \(counted(days: days, banis: banis)) from \(Printable.escaped(path)); nothing changed.",
            "Run 'nitnem journey clear --yes' to do it (a backup is written first).",
        ]
    }

    /// What went, and the backup that undoes it.
    package static func removed(days: Int, banis: Int, from path: String, backup: String) -> [String] {
        let backup = Printable.escaped(backup)
        return [
            "Removed \(counted(days: days, banis: banis)) from \(Printable.escaped(path))",
            "Backup: \(backup) (undo with 'nitnem journey restore \(backup)')",
        ]
    }

    /// `journey restore`: the file put back, and how many completed days it holds.
    package static func restored(_ path: String, from backup: String, progress: NitnemProgress) -> String {
        let days = progress.banis.values.map { $0.completedDays.count }.reduce(0, +)
        return "Restored \(Printable.escaped(path)) from \(Printable.escaped(backup)) "
            + "(\(days) completed day\(days == 1 ? "" : "s"))"
    }
}
