// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
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
    /// it: `nitnem-progress.backup-<stamp>.json` (`-2`, `-3`… when taken), 0600. Only those arrays'
    /// contents change, and each removed day is recorded removed at `at` (`dayEdits`, so a merge
    /// with another machine's copy does not bring it back) (`ProgressWriter.clearingCompletedDays`
    /// over the old bytes). A file of a newer
    /// schema is refused; a missing file or one without days is left alone (no backup).
    package static func clear(in group: AppGroup, stamp: String, at: Date, now: Date? = nil) throws(GroupFileError)
        -> Cleared
    {
        try underLock(group) { () throws(GroupFileError) -> Cleared in
            let path = group.progressPath
            AtomicFile.removeAbandonedTempFiles(for: path, now: now)
            guard let bytes = try readGroupFile(path) else { return Cleared(banis: 0, days: 0, backup: nil) }
            let parsed = try JSONParser.parseWithRanges(bytes, path: path)
            let current = try NitnemProgress.decode(parsed.value, path: path)
            try refuseNewer(current, path: path)
            let clearing = try ProgressWriter.clearingCompletedDays(current.raw, at: at, path: path)
            guard clearing.changed else { return Cleared(banis: 0, days: 0, backup: nil) }
            let text = try ProgressWriter.text(clearing.value, over: bytes, old: parsed, path: path)
            let backup = freeBackupPath(in: group, stamp: stamp)
            do throws(FileError) {
                try AtomicFile.write(bytes, to: backup, mode: 0o600)
            } catch {
                throw GroupFileError(error, writing: true)
            }
            // A version a sync engine puts in place meanwhile is cleared too (its days recorded removed).
            _ = try GroupWrite.replace(path, read: bytes, first: (text, ())) {
                landed throws(GroupFileError) -> (bytes: [UInt8], value: Void)? in
                try reapply(landed, path: path) { raw throws(GroupFileError) in
                    let again = try ProgressWriter.clearingCompletedDays(raw, at: at, path: path)
                    return (again.value, again.changed)
                }.map { ($0.bytes, ()) }
            }
            return Cleared(banis: clearing.banis, days: clearing.days, backup: backup)
        }
    }

    /// Puts the bytes of `backup` (a progress file, e.g. one `clear` wrote) back as `group`'s
    /// progress file, under the writers' lock: the file becomes byte for byte the backup. The backup
    /// must read as a progress file this version may write (not a newer schema); it stays.
    /// - Returns: The progress restored.
    package static func restore(from backup: String, in group: AppGroup, now: Date? = nil) throws(GroupFileError)
        -> NitnemProgress
    {
        try underLock(group) { () throws(GroupFileError) -> NitnemProgress in
            AtomicFile.removeAbandonedTempFiles(for: group.progressPath, now: now)
            guard let bytes = try readGroupFile(backup) else {
                throw GroupFileError(.unreadable, path: backup, problem: "no such file; nothing restored")
            }
            let restored = try NitnemProgress.decode(try JSONParser.parse(bytes, path: backup), path: backup)
            try refuseNewer(restored, path: backup)
            do throws(FileError) {
                try AtomicFile.write(bytes, to: group.progressPath)
            } catch {
                throw GroupFileError(error, writing: true)
            }
            return restored
        }
    }

    /// `<group>/nitnem-progress.backup-<stamp>.json`, or with `-2`, `-3`… when that is taken.
    static func freeBackupPath(in group: AppGroup, stamp: String) -> String {
        let base = group.path + "/nitnem-progress.backup-" + stamp
        var path = base + ".json"
        var n = 2
        while FileReader.exists(path) {
            path = base + "-\(n).json"
            n += 1
        }
        return path
    }

    static func refuseNewer(_ progress: NitnemProgress, path: String) throws(GroupFileError) {
        guard progress.isReadOnly else { return }
        throw GroupFileError(
            .newerSchema, path: path,
            problem: "is schema \(progress.schema), newer than this nitnem (\(NitnemProgress.currentSchema)); "
                + "not written")
    }

    /// `body` holding the progress lock of `group` (its folder created first).
    static func underLock<T>(_ group: AppGroup, _ body: () throws(GroupFileError) -> T) throws(GroupFileError) -> T {
        do {
            try AtomicFile.createFolder(group.path)
        } catch {
            throw GroupFileError(error, writing: true)
        }
        do throws(AtomicFile.LockError<GroupFileError>) {
            return try AtomicFile.withLock(group.progressLockPath, body)
        } catch {
            switch error {
            case .lock(let problem): throw GroupFileError(problem, writing: true)
            case .body(let problem): throw problem
            }
        }
    }
}
