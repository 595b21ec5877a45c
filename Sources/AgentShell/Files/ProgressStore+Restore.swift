// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

extension ProgressStore {
    /// A file `journey restore` may put in place: its bytes, as read once and written as they are,
    /// and the progress they hold.
    package struct Restorable: Sendable {
        /// The file named.
        package let path: String
        /// Its bytes.
        package let bytes: [UInt8]
        /// What they decode to.
        package let progress: NitnemProgress
    }

    /// What `restore` did.
    package struct Restored: Sendable {
        /// Whether the progress file was written (false: it held these bytes already).
        package var changed: Bool
        /// The copy of the history it replaced, kept as `clear` keeps it; nil when there was no file
        /// (or nothing was written).
        package var backup: String?
    }

    /// Reads `path` for `journey restore` onto `group`'s progress file.
    /// - Throws: `GroupFileError` naming `path`, nothing restored: no such file, the progress file
    ///   itself (by device and inode, whatever the path names it), or a file that is no progress
    ///   file (`NitnemProgress.restorable`: not JSON, the wrong shape, another schema).
    package static func restorable(_ path: String, in group: AppGroup) throws(GroupFileError) -> Restorable {
        guard let bytes = try readGroupFile(path) else {
            throw GroupFileError(.unreadable, path: path, problem: "no such file; nothing restored")
        }
        if let file = FileStatus.lookup(path), let progress = FileStatus.lookup(group.progressPath),
            file.device == progress.device, file.inode == progress.inode
        {
            throw GroupFileError(.shape, path: path, problem: "is the progress file itself; nothing restored")
        }
        return Restorable(path: path, bytes: bytes, progress: try NitnemProgress.restorable(bytes, path: path))
    }

    /// `group`'s progress file as `journey restore` would replace it: nil when there is none, the
    /// problem when it cannot be read (a restore still replaces it, after a backup).
    package static func replaced(in group: AppGroup) -> Result<NitnemProgress?, GroupFileError> {
        Result { () throws(GroupFileError) in try GroupFiles.readProgress(group) }
    }

    /// Puts `file`'s bytes in place as `group`'s progress file, under the writers' lock, after keeping
    /// the file it replaces exactly as `clear` keeps it (`GroupBackup`,
    /// `nitnem-progress.backup-<stamp>.json`, 0600), so the restore itself can be undone by restoring
    /// that backup. The file becomes byte for byte `file.bytes`; `file` stays. A file that already
    /// holds those bytes is left alone (no backup).
    /// - Throws: `GroupFileError`: the file in place is of a newer schema (never overwritten:
    ///   `.newerSchema`), or a backup or the write failed (`.notWritten`; the file is as it was).
    package static func restore(_ file: Restorable, in group: AppGroup, stamp: String, now: Date? = nil)
        throws(GroupFileError) -> Restored
    {
        try LockedGroupFile.progress(group).locked(now: now) { () throws(GroupFileError) -> Restored in
            let path = group.progressPath
            let current = try readGroupFile(path)
            guard current != file.bytes else { return Restored(changed: false, backup: nil) }
            var backup: String?
            if let current {
                // What this nitnem may not write, a restore does not replace either; a file that
                // cannot be read at all is kept in the backup like any other.
                let parsed = try? NitnemProgress.decode(try JSONParser.parse(current, path: path), path: path)
                if let parsed, parsed.isReadOnly {
                    throw GroupFileError(
                        .newerSchema, path: path,
                        problem:
                            "is schema \(parsed.schema), newer than this nitnem (\(NitnemProgress.currentSchema)); not written"
                    )
                }
                backup = try GroupBackup.write(current, .progress, in: group, stamp: stamp)
            }
            do throws(FileError) {
                try AtomicFile.write(file.bytes, to: group.progressPath, links: .followToOwnFile)
            } catch {
                throw GroupFileError(error, writing: true)
            }
            return Restored(changed: true, backup: backup)
        }
    }
}
