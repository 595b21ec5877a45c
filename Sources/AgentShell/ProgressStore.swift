// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
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

    /// Marks or unmarks, saying whether anything changed.
    ///
    /// Mark: adds the day key to `banis[id].completedDays` (at the end, once), sets `lastReadAt` to
    /// `at` (`YYYY-MM-DDTHH:MM:SSZ`) and `lastSeq` to the entry's own `nLines` when it has one, else
    /// to `nLines` (so the position reads as the end). With `movePosition` false (marking another day
    /// than today), only the day key changes: the reader's saved position is theirs. Undo: removes the
    /// day key only. A missing file starts as `{"schema":1,"banis":{}}`.
    ///
    /// `now` is the real clock's reading (`NitnemClock.realNow()`), for removing temp files that
    /// writers abandoned more than 5 minutes ago; nil removes only those whose writer is gone.
    package static func update(
        _ id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool = true, in group: AppGroup,
        now: Date? = nil
    ) throws(GroupFileError) -> Outcome {
        do {
            try AtomicFile.createFolder(group.path)
        } catch {
            throw GroupFileError(error, writing: true)
        }
        do throws(AtomicFile.LockError<GroupFileError>) {
            return try AtomicFile.withLock(group.progressLockPath) { () throws(GroupFileError) -> Outcome in
                try locked(
                    id, day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition, in: group, now: now)
            }
        } catch {
            switch error {
            case .lock(let problem): throw GroupFileError(problem, writing: true)
            case .body(let problem): throw problem
            }
        }
    }

    /// The update, under the lock.
    static func locked(
        _ id: String, day: CivilDate, at: Date, nLines: Int, undo: Bool, movePosition: Bool, in group: AppGroup,
        now: Date?
    ) throws(GroupFileError) -> Outcome {
        let path = group.progressPath
        AtomicFile.removeAbandonedTempFiles(for: path, now: now)
        let bytes = try readGroupFile(path)
        let parsed = try bytes.map { bytes throws(GroupFileError) in try JSONParser.parseWithRanges(bytes, path: path) }
        let raw = parsed?.value
        let current = try NitnemProgress.decode(raw ?? NitnemProgress.empty.raw, path: path)
        if current.isReadOnly {
            throw GroupFileError(
                .newerSchema, path: path,
                problem: "is schema \(current.schema), newer than this nitnem (\(NitnemProgress.currentSchema)); "
                    + "not written")
        }
        let wasMarked = current.banis[id]?.completedDays.contains(day) ?? false
        let (patched, changed) = try ProgressWriter.patch(
            current.raw, id: id, day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition,
            path: path)
        guard changed else { return Outcome(progress: current, changed: false, wasMarked: wasMarked) }
        let text = try ProgressWriter.text(patched, over: bytes, old: parsed, path: path)
        // A version a sync engine puts in place meanwhile gets the same change.
        let written = try GroupWrite.replace(path, read: bytes, first: (text, patched)) {
            landed throws(GroupFileError) -> (bytes: [UInt8], value: JSONValue)? in
            try reapply(landed, path: path) { raw throws(GroupFileError) in
                try ProgressWriter.patch(
                    raw, id: id, day: day, at: at, nLines: nLines, undo: undo, movePosition: movePosition, path: path)
            }
        }
        let progress = try NitnemProgress.decode(written ?? patched, path: path)
        return Outcome(progress: progress, changed: true, wasMarked: wasMarked)
    }

    /// `change` made to a version of the progress file that landed during a write (nil: removed):
    /// the bytes to write and the document, or nil when it needs no change.
    static func reapply(
        _ landed: [UInt8]?, path: String,
        _ change: (JSONValue) throws(GroupFileError) -> (value: JSONValue, changed: Bool)
    ) throws(GroupFileError) -> (bytes: [UInt8], value: JSONValue)? {
        let parsed = try landed.map { b throws(GroupFileError) in try JSONParser.parseWithRanges(b, path: path) }
        let current = try NitnemProgress.decode(parsed?.value ?? NitnemProgress.empty.raw, path: path)
        try refuseNewer(current, path: path)
        let (patched, changed) = try change(current.raw)
        guard changed || landed == nil else { return nil }
        return (try ProgressWriter.text(patched, over: landed, old: parsed, path: path), patched)
    }

}
