// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// What commands and the agent load from the App Group: the snapshot (or the embedded registry)
/// and the progress, with the warnings to show. Public, not package, to be inlined in other modules
/// (`CivilDate`).
public struct GroupFiles: Sendable {
    /// Where the snapshot came from.
    @usableFromInline package enum Source: String, Sendable {
        /// `<group>/nitnem-snapshot.json`.
        case snapshot
        /// `EmbeddedRegistry`, because the group has no snapshot.
        case embedded
    }

    /// The banis and sets.
    @inlinable package var snapshot: NitnemSnapshot {
        _read { yield box.value.snapshot }
        set { change { $0.snapshot = newValue } }
    }
    /// Whether `snapshot` was read from the group or is the embedded registry.
    @inlinable package var source: Source {
        _read { yield box.value.source }
        set { change { $0.source = newValue } }
    }
    /// The reading progress (`.empty` when the group has none).
    @inlinable package var progress: NitnemProgress {
        _read { yield box.value.progress }
        set { change { $0.progress = newValue } }
    }
    /// Problems that did not stop the load, one line each naming the file.
    @inlinable package var warnings: [String] {
        _read { yield box.value.warnings }
        set { change { $0.warnings = newValue } }
    }
    /// Your own sets (`nitnem-mynitnem.json`) as applied to `snapshot`; nil when there is no such
    /// file, or it could not be read (`mineProblem`).
    @inlinable package var mine: MyNitnem? {
        _read { yield box.value.mine }
        set { change { $0.mine = newValue } }
    }
    /// Why `nitnem-mynitnem.json` could not be read: the snapshot's sets count instead.
    @inlinable package var mineProblem: GroupFileError? {
        _read { yield box.value.mineProblem }
        set { change { $0.mineProblem = newValue } }
    }
    /// The snapshot's own sets, before `mine` replaced any (what `sets reset` goes back to).
    @inlinable package var snapshotSets: [String: [String]] {
        _read { yield box.value.snapshotSets }
        set { change { $0.snapshotSets = newValue } }
    }
    /// Whether the progress file was there (a missing one reads as `.empty`).
    @inlinable package var progressFound: Bool {
        _read { yield box.value.progressFound }
        set { change { $0.progressFound = newValue } }
    }

    /// Loaded files.
    package init(
        snapshot: NitnemSnapshot, source: Source, progress: NitnemProgress, warnings: [String],
        progressFound: Bool = true
    ) {
        box = Boxed(
            Fields(
                snapshot: snapshot, source: source, progress: progress, warnings: warnings, mine: nil,
                mineProblem: nil, snapshotSets: snapshot.sets, progressFound: progressFound))
    }

    /// The fields behind one reference: the agent's core hands the files to each decision of every
    /// wake, and a copy is then one retain, not one per array and string inside. A change (only
    /// while loading) makes a new box. Read through inlinable accessors, so a read stays a load.
    @usableFromInline var box: Boxed<Fields>

    @usableFromInline mutating func change(_ body: (inout Fields) -> Void) { box = box.changed(body) }

    @usableFromInline struct Fields: Sendable {
        @usableFromInline var snapshot: NitnemSnapshot
        @usableFromInline var source: Source
        @usableFromInline var progress: NitnemProgress
        @usableFromInline var warnings: [String]
        @usableFromInline var mine: MyNitnem?
        @usableFromInline var mineProblem: GroupFileError?
        @usableFromInline var snapshotSets: [String: [String]]
        @usableFromInline var progressFound: Bool
    }
}
