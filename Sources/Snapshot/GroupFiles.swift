// SPDX-License-Identifier: GPL-3.0-or-later
/// What commands and the agent load from the App Group: the snapshot (or the embedded registry)
/// and the progress, with the warnings to show. Public, not package, to be inlined in other modules
/// (`CivilDate`).
public struct GroupFiles: Sendable {
    /// Where the snapshot came from.
    package enum Source: String, Sendable {
        /// `<group>/nitnem-snapshot.json`.
        case snapshot
        /// `EmbeddedRegistry`, because the group has no snapshot.
        case embedded
    }

    /// The banis and sets.
    package var snapshot: NitnemSnapshot
    /// Whether `snapshot` was read from the group or is the embedded registry.
    package var source: Source
    /// The reading progress (`.empty` when the group has none).
    package var progress: NitnemProgress
    /// Problems that did not stop the load, one line each naming the file.
    package var warnings: [String]

    /// Your own sets (`nitnem-mynitnem.json`) as applied to `snapshot`; nil when there is no such
    /// file, or it could not be read (`mineProblem`).
    package var mine: MyNitnem?
    /// Why `nitnem-mynitnem.json` could not be read: the snapshot's sets count instead.
    package var mineProblem: GroupFileError?
    /// The snapshot's own sets, before `mine` replaced any (what `sets reset` goes back to).
    package var snapshotSets: [String: [String]]

    /// Whether the progress file was there (a missing one reads as `.empty`).
    package var progressFound: Bool

    /// Loaded files.
    package init(
        snapshot: NitnemSnapshot, source: Source, progress: NitnemProgress, warnings: [String],
        progressFound: Bool = true
    ) {
        self.progressFound = progressFound
        snapshotSets = snapshot.sets
        self.snapshot = snapshot
        self.source = source
        self.progress = progress
        self.warnings = warnings
    }
}
