// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// Records completions in `nitnem-progress.json`, changing only what it must.
///
/// - Important: Every write holds the exclusive lock `group.progressLockPath` (documented for other
///   writers), re-reads the file under it, refuses a file it cannot read or of a newer schema (never
///   overwriting what it could not read), patches the one bani entry (`ProgressWriter`) and
///   replaces the file atomically (0600).
package enum ProgressStore {
    /// What one `update` did.
    package struct Outcome: Sendable {
        /// The progress as now on disk.
        package var progress: NitnemProgress
        /// Whether the file was written (an undo of an unmarked day writes nothing).
        package var changed: Bool
        /// Whether the day was marked before the update.
        package var wasMarked: Bool
    }

    /// Records `mark` at `clock`'s now: the one way every writer of a reading (`nitnem mark`, the
    /// agent's Mark read, a bar's click) reaches the progress file. Temp files abandoned by writers
    /// more than 5 minutes ago (real time) are removed on the way.
    package static func record(
        _ mark: Mark, clock: NitnemClock, in group: AppGroup
    ) throws(GroupFileError) -> Outcome {
        try update(
            mark.id, day: mark.day, at: clock.now(), nLines: mark.nLines, undo: mark.undo,
            movePosition: mark.movePosition, in: group, now: clock.realNow())
    }

    /// Marks or unmarks, saying whether anything changed (`record` for a `Mark`).
    ///
    /// Mark: adds the day key to `banis[id].completedDays` (at the end, once), sets `lastReadAt` to
    /// `at` (`YYYY-MM-DDTHH:MM:SSZ`, or seconds since 2001 where the file held a number) and `lastSeq`
    /// to the entry's own `nLines` when it has one, else to `nLines` (so the position reads as the end). With `movePosition` false (marking another day
    /// than today), only the day key changes: the reader's saved position is theirs. Undo: removes the
    /// day key only. A missing file starts as `{"schema":1,"banis":{}}`.
    ///
    /// `now` is the real clock's reading (`NitnemClock.realNow()`), for removing temp files that
    /// writers abandoned more than 5 minutes ago; nil removes only those whose writer is gone.
    static func update(
        _ id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool = true, in group: AppGroup,
        now: Date? = nil
    ) throws(GroupFileError) -> Outcome {
        let path = group.progressPath
        let updated = try LockedGroupFile.progress(group).update(NitnemProgress.self, now: now) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<NitnemProgress, NitnemProgress> in
            let current = version.document ?? .empty
            let (patched, changed) = try ProgressWriter.patch(
                current.raw, id: id, day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition,
                path: path)
            // A removal that landed during the write is a version too: the change is made to nothing.
            return changed || version.landed && version.bytes == nil ? .write(patched, current) : .keep(current)
        }
        let wasMarked = updated.result.isRead(id, on: day)
        guard let written = updated.written else {
            return Outcome(progress: updated.result, changed: false, wasMarked: wasMarked)
        }
        return Outcome(progress: try NitnemProgress.decode(written, path: path), changed: true, wasMarked: wasMarked)
    }
}
