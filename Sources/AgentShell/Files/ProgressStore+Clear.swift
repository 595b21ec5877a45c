// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension ProgressStore {
    /// What `clear` did.
    package struct Cleared: Sendable {
        /// The bani entries that had days, and the day keys removed.
        package var banis: Int
        package var days: Int
        /// The backup of the file as it was (0600, beside it); `nil` when nothing was removed.
        package var backup: String?
    }

    /// What `clear` would remove from `group`'s progress file, changing nothing.
    /// - Throws: `GroupFileError` for a file that cannot be read, or that `clear` would refuse.
    package static func clearPlan(in group: AppGroup) throws(GroupFileError) -> ProgressWriter.Clearing {
        let path = group.progressPath
        guard let bytes = try readGroupFile(path) else {
            return try ProgressWriter.clearingCompletedDays(NitnemProgress.empty.raw, at: .distantPast, path: path)
        }
        let current = try NitnemProgress.decode(try JSONParser.parse(bytes, path: path), path: path)
        return try ProgressWriter.clearingCompletedDays(current.raw, at: .distantPast, path: path)
    }

    /// Empties every `completedDays` of `group`'s progress file, under the writers' lock
    /// (`group.progressLockPath`), after writing the file's bytes as they were to a backup beside
    /// it: `nitnem-progress.backup-<stamp>.json` (`GroupBackup`: `-2`, `-3`… when taken, 0600).
    /// Only those arrays' contents change, and each removed day is recorded removed at `at`
    /// (`dayEdits`, so a merge with another machine's copy does not bring it back)
    /// (`ProgressWriter.clearingCompletedDays` over the old bytes). A file of a newer schema is
    /// refused; a missing file or one without days is left alone (no backup).
    package static func clear(in group: AppGroup, stamp: String, at: Date, now: Date? = nil) throws(GroupFileError)
        -> Cleared
    {
        let path = group.progressPath
        var backup: String?
        // The bytes as they were, beside the file, once there is something to write.
        let backUp = { (bytes: [UInt8]?) throws(GroupFileError) in
            backup = try GroupBackup.write(bytes ?? [], .progress, in: group, stamp: stamp)
        }
        let updated = try LockedGroupFile.progress(group).update(NitnemProgress.self, now: now, beforeReplacing: backUp)
        {
            version throws(GroupFileError) -> LockedGroupFile.Edit<Cleared, NitnemProgress> in
            let none = Cleared(banis: 0, days: 0, backup: nil)
            // A missing file is left alone; a version a sync engine puts in place meanwhile is cleared
            // too (its days recorded removed).
            let removed = version.landed && version.bytes == nil
            guard let current = version.document ?? (removed ? .empty : nil) else { return .keep(none) }
            let clearing = try ProgressWriter.clearingCompletedDays(current.raw, at: at, path: path)
            guard clearing.changed || removed else { return .keep(none) }
            return .write(clearing.value, Cleared(banis: clearing.banis, days: clearing.days, backup: nil))
        }
        return Cleared(banis: updated.result.banis, days: updated.result.days, backup: backup)
    }
}
