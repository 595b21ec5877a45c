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
        ["Removed \(counted(days: days, banis: banis)) from \(Printable.escaped(path))", backupLine(backup)]
    }

    /// The backup of the history a clear or a restore replaced, and the restore that undoes it.
    static func backupLine(_ backup: String) -> String {
        let backup = Printable.escaped(backup)
        return "Backup: \(backup) (undo with 'nitnem journey restore \(backup)')"
    }

    /// `journey restore`: the file put back and how many completed days it holds, then the backup of
    /// the history it replaced (none when there was no file).
    package static func restored(_ path: String, from file: String, progress: NitnemProgress, backup: String?)
        -> [String]
    {
        let days = progress.banis.values.map { $0.completedDays.count }.reduce(0, +)
        let line =
            "Restored \(Printable.escaped(path)) from \(Printable.escaped(file)) "
            + "(\(days) completed day\(days == 1 ? "" : "s"))"
        return [line] + (backup.map { [backupLine($0)] } ?? [])
    }

    /// `journey restore` of a file the progress file already is, byte for byte.
    package static func alreadyRestored(_ path: String, from file: String) -> String {
        "Nothing to restore: \(Printable.escaped(path)) already holds \(Printable.escaped(file)) byte for byte"
    }

    /// `journey restore` without `--yes` of a file whose banis are not this snapshot's
    /// (`JourneyRestorePlan.asks`): what it would put back and replace, and how to do it.
    package static func wouldRestore(_ plan: JourneyRestorePlan, from file: String, to path: String) -> [String] {
        let shown = plan.unknown.prefix(3).map { "'\(Printable.escaped($0))'" }.joined(separator: ", ")
        let more = plan.unknown.count > 3 ? ", …" : ""
        let unknown =
            "\(plan.unknown.count) of its \(plan.entries) bani\(plan.entries == 1 ? "" : "s") "
            + "not in this snapshot: \(shown)\(more)"
        let replacing =
            switch plan.replaced {
            case .nothing: "into \(Printable.escaped(path)), which does not exist yet"
            case .unreadable: "replacing \(Printable.escaped(path)), which cannot be read"
            case .history(let days, let banis):
                "replacing \(counted(days: days, banis: banis)) in \(Printable.escaped(path))"
            }
        let escaped = Printable.escaped(file)
        return [
            "Would put back \(counted(days: plan.days, banis: plan.banis)) from \(escaped) (\(unknown)), "
                + "\(replacing); nothing changed.",
            "Run 'nitnem journey restore --yes \(escaped)' to do it (a backup is written first).",
        ]
    }
}
