// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc
import NitnemClockKit

/// Crash-safe file replacement, folder creation and the advisory lock writers share.
package enum AtomicFile {
    /// What a symlink at the path of a file nitnem writes means: the one rule for every file it
    /// writes or creates (docs/guide/files-and-writers.md). A synced folder can carry a symlink
    /// (Syncthing syncs them), so one may be planted at any name in the group; a folder on the way
    /// may be a link (a group kept in a synced folder): this is about the file itself.
    package enum Links: Sendable {
        /// A file only nitnem writes (the widget timeline, the reminder ledger, the pause, a backup,
        /// the agent's record, the snapshot export, the sync log): never followed. A symlink there
        /// is replaced by the file (`rename(2)` does not follow one); what it pointed to is untouched.
        case replace
        /// A file nitnem adds to but a person owns, whose content says nothing of its kind
        /// (Syncthing's `.stignore`), and the lock files: a symlink there is refused, one line naming
        /// it, and nothing is written (the user removes the link, or makes the change themselves).
        case refuse
        /// A file the user may keep elsewhere on purpose (the progress file, My Nitnem, the config:
        /// a dotfile manager, a synced folder): a symlink there is followed only to an existing
        /// regular file of this user's, which the caller has read and parsed as that kind of file;
        /// to anything else (nothing, a folder, a device, another user's file) it is refused, and
        /// nothing is created or truncated.
        case followToOwnFile
    }

    /// Replaces `path` with `bytes`: a temp file beside it (`.<name>.tmp-<pid>`), fsync, rename over,
    /// fsync of the folder. A crash at any point leaves the old file or the new one, whole.
    /// - Important: Creates the folder (0700) when missing and refuses one another user could write
    ///   (`Folder.checkTrusted`); the file gets exactly `mode` (0600), whatever the umask. A symlink
    ///   at `path` is handled as `links` says.
    /// - Returns: What a symlink replaced pointed to (`.replace`), for a line saying so; nil when
    ///   there was none.
    /// - Throws: `FileError` naming the file and the failed call (`cannot write: ENOSPC (…)`); the
    ///   old file is then untouched and no temp file is left.
    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600, links: Links)
        throws(FileError) -> String?
    {
        let replaced = links == .replace ? linkTarget(path) : nil
        try put(bytes, at: target(of: path, links: links), mode: mode, replacing: true)
        return replaced
    }

    /// Creates `path` holding `bytes` as `write` does (a temp file beside it, fsync, then the whole
    /// file at once), but never over an existing one: the temp file is hard-linked (`link(2)`) to
    /// `path`, which fails when anything, a dangling symlink too, is there (so no link is followed).
    /// - Important: Creates the folder (0700) when missing, refuses an untrusted one; the file gets `mode`.
    /// - Throws: `FileError` `.exists` when `path` exists (it is then untouched), else naming the
    ///   failed call; no temp file is left.
    package static func create(_ bytes: [UInt8], at path: String, mode: UInt32 = 0o600) throws(FileError) {
        try put(bytes, at: path, mode: mode, replacing: false)
    }

    /// `write` (`replacing`: renamed over `path`) or `create` (linked to `path`).
    private static func put(_ bytes: [UInt8], at path: String, mode: UInt32, replacing: Bool) throws(FileError) {
        let temp = try prepare(bytes, for: path, mode: mode)
        do throws(FileError) {
            if replacing {
                do {
                    try rename(temp, to: path)
                } catch {
                    throw fail(path, "cannot replace the file", error)
                }
            } else {
                do {
                    _ = try Syscall.retrying("link", path: path) { link(temp, path) }
                } catch  where error.errno == EEXIST {
                    throw FileError(.exists, path: path, problem: "already exists", cause: error)
                } catch {
                    throw fail(path, "cannot create the file", error)
                }
                unlink(temp)
            }
        } catch {
            unlink(temp)
            throw error
        }
        // The new name is durable once the folder is synced; a failure here loses nothing.
        syncFolder(Path.folder(of: path))
    }

    /// What `replace` found when it put the new bytes in place.
    package enum Replacement: Equatable, Sendable {
        /// The file replaced was the one read (same bytes): nothing was lost.
        case done
        /// Another version landed between the read and the replace (a sync engine renaming its file
        /// over ours does not take our lock): `landed` is that version (nil: the file was removed),
        /// `now` what the file holds now. Re-apply the change to `landed` and replace again,
        /// expecting `now`.
        case raced(landed: [UInt8]?, now: [UInt8]?)
    }

    /// Replaces `link` with `bytes` as `write` does (a symlink there as `links` says), but never loses a version that landed after the
    /// caller read `expected` (nil: the caller found no file): the new file is swapped in with
    /// `renameat2(RENAME_EXCHANGE)` and what was swapped out is compared with `expected`; with no file
    /// expected it is renamed in with `RENAME_NOREPLACE`. Either way nothing can land between the
    /// check and the replace: the swap is the check.
    ///
    /// - Important: On a file system without `renameat2` (`EINVAL`, `ENOSYS`) it re-reads the file
    ///   right before a plain `rename`: a version landing in that window (microseconds) is lost.
    /// - Throws: `FileError` as `write` does; no temp file is left.
    package static func replace(
        _ bytes: [UInt8], at link: String, expecting expected: [UInt8]?, mode: UInt32 = 0o600, links: Links
    ) throws(FileError) -> Replacement {
        let path = try target(of: link, links: links)
        let folder = Path.folder(of: path)
        let temp = try prepare(bytes, for: path, mode: mode)
        defer { unlink(temp) }
        func current(_ file: String) -> [UInt8]? { (try? FileReader.read(file, limit: Int.max)).flatMap { $0 } }
        var outcome = Replacement.done
        if let expected {
            do {
                _ = try Syscall.retrying("renameat2", path: path) { nitnem_rename_exchange(temp, path) }
                // `temp` now names the version that was in place.
                let swapped = current(temp)
                if swapped != expected { outcome = .raced(landed: swapped, now: bytes) }
                syncFolder(folder)
                return outcome
            } catch  where error.errno == ENOENT {
                // Removed meanwhile: put ours in place unless another appeared (below).
                outcome = .raced(landed: nil, now: bytes)
            } catch  where error.errno == EINVAL || error.errno == ENOSYS {
                let now = current(path)
                if now != expected { return .raced(landed: now, now: now) }
                do {
                    try rename(temp, to: path)
                } catch {
                    throw fail(path, "cannot replace the file", error)
                }
                syncFolder(folder)
                return .done
            } catch {
                throw fail(path, "cannot replace the file", error)
            }
        }
        do {
            _ = try Syscall.retrying("renameat2", path: path) { nitnem_rename_noreplace(temp, path) }
        } catch  where error.errno == EEXIST {
            let now = current(path)
            return .raced(landed: now, now: now)
        } catch  where error.errno == EINVAL || error.errno == ENOSYS {
            do {
                try rename(temp, to: path)
            } catch {
                throw fail(path, "cannot replace the file", error)
            }
        } catch {
            throw fail(path, "cannot replace the file", error)
        }
        syncFolder(folder)
        return outcome
    }

    /// The temp file for a write of `path`, holding `bytes` with `mode`, synced; the folder made first.
    private static func prepare(_ bytes: [UInt8], for path: String, mode: UInt32) throws(FileError) -> String {
        let folder = Path.folder(of: path)
        try createFolder(folder, for: path)
        try Folder.checkTrusted(folder)
        let temp = folder + "/" + tempPrefix(of: path) + "\(getpid())"
        let file: FileDescriptor
        do {
            // A new file, never one already there (a leftover of a writer with this pid, or a link
            // planted at the name): what is there is removed, then the file made with O_EXCL.
            unlink(temp)
            file = try FileDescriptor.open(temp, [.writeOnly, .create, .exclusive, .noFollow], mode: mode)
        } catch {
            throw unwritableFolder(folder, error) ?? fail(path, "cannot create \(temp)", error)
        }
        defer { file.close() }
        do throws(FileError) {
            do {
                try file.writeAll(bytes)
            } catch {
                throw fail(path, "cannot write", error)
            }
            do {
                try file.setMode(mode)
                try file.sync()
            } catch {
                throw fail(path, "cannot finish \(temp)", error)
            }
        } catch {
            unlink(temp)
            throw error
        }
        return temp
    }

    /// Syncs `folder`, so a rename in it is durable; a failure loses nothing.
    private static func syncFolder(_ folder: String) {
        if let dir = try? FileDescriptor.open(folder, .directory) {
            try? dir.sync()
        }
    }

    /// Renames `path` to `newPath` (`rename(2)`, atomic within one file system).
    package static func rename(_ path: String, to newPath: String) throws(SystemError) {
        _ = try Syscall.retrying("rename", path: path) { Glibc.rename(path, newPath) }
    }

    /// Removes `path` (`unlink(2)`), then syncs its folder so the removal is durable.
    /// - Returns: false when there was nothing to remove.
    /// - Throws: `FileError` naming the file when it exists and cannot be removed.
    @discardableResult
    package static func remove(_ path: String) throws(FileError) -> Bool {
        do {
            _ = try Syscall.retrying("unlink", path: path) { unlink(path) }
        } catch {
            if error.errno == ENOENT { return false }
            throw unwritableFolder(Path.folder(of: path), error) ?? fail(path, "cannot remove", error)
        }
        syncFolder(Path.folder(of: path))
        return true
    }

    /// `.<name>.tmp-`: how the temp files of writes of `path` begin.
    static func tempPrefix(of path: String) -> String { "." + Path.name(of: path) + ".tmp-" }

    /// How old (by mtime, in seconds) a temp file must be to count as abandoned whatever its pid
    /// says: a write takes milliseconds, so one untouched for 5 minutes is not in progress.
    package static let abandonedTempFileAge = 5 * 60

    /// Removes temp files that writers of `link` left when they were killed mid-write
    /// (`.<name>.tmp-<pid>`): those whose process no longer exists, and — when `now` is given — those
    /// not modified for `abandonedTempFileAge` (the pid may since belong to another live process).
    /// Safe without a lock: a live writer's pid exists and its temp file is seconds old.
    /// - Parameter now: the real clock's reading (`NitnemClock.realNow()`, never a pinned "now"),
    ///   compared with the files' mtimes; nil removes only the temp files of writers that are gone.
    package static func removeAbandonedTempFiles(for link: String, now: Date?) {
        let path = (try? target(of: link, links: .followToOwnFile)) ?? link
        let folder = Path.folder(of: path)
        let prefix = tempPrefix(of: path)
        for name in Folder.names(in: folder) where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            let file = folder + "/" + name
            let gone = kill(pid, 0) != 0 && nitnem_errno() == ESRCH
            var stale = false
            if let now, let status = FileStatus.lookup(file, followingLinks: false) {
                stale = Int(now.timeIntervalSince1970) - status.modifiedSeconds > abandonedTempFileAge
            }
            if gone || stale { unlink(file) }
        }
    }

    /// The file a write of `path` replaces, as `links` says: `path` itself, or for `.followToOwnFile`
    /// the regular file of this user's a symlink there points to.
    /// - Throws: `FileError` `.symlink` naming `path` for a symlink that `links` does not follow.
    static func target(of path: String, links: Links) throws(FileError) -> String {
        guard links != .replace, let pointed = linkTarget(path) else { return path }
        guard links == .followToOwnFile else {
            throw FileError(
                .symlink, path: path,
                problem: "is a symbolic link (to \(pointed)); nitnem does not write through it: remove it")
        }
        let resolved = realpath(path, nil)
        defer { free(resolved) }
        if let resolved {
            let target = String(cString: resolved)
            if let status = FileStatus.lookup(target, followingLinks: false), status.kind == .regular,
                status.owner == UInt32(getuid())
            {
                return target
            }
        }
        throw FileError(
            .symlink, path: path,
            problem: "is a symbolic link to \(pointed), which is not a regular file of yours; nothing written")
    }

    /// The line saying that a write replaced the symlink at `path`, which pointed to `pointed`.
    package static func replacedLink(_ path: String, pointed: String) -> String {
        "\(path): replaced a symbolic link (to \(pointed)) with the file; what it pointed to is untouched"
    }

    /// What the symlink at `path` points to (`readlink(2)`, as written in the link); nil when
    /// `path` is not a symlink.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates `folder` and its parents, 0700, when missing.
    /// - Throws: `FileError` naming `path` (the file the folder is for), or the folder itself.
    package static func createFolder(_ folder: String, for path: String? = nil) throws(FileError) {
        do {
            try Folder.create(folder)
        } catch {
            if error.errno == ENOTDIR || error.errno == EEXIST {
                throw FileError(.notAFolder, path: error.path ?? folder, problem: "is not a folder", cause: error)
            }
            throw FileError(
                error.errno == EACCES || error.errno == EROFS || error.errno == EPERM ? .permissionDenied : .system,
                path: path ?? folder, problem: "cannot create folder \(folder): \(error.reason)", cause: error)
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created 0600 when missing), so two
    /// writers of one file serialise. The lock is on a separate file, never on the one renamed over.
    /// - Important: A symlink at `lockPath` is refused (`O_NOFOLLOW`; `Links.refuse`), and so is a
    ///   folder another user could write (`Folder.checkTrusted`).
    package static func withLock<T, E: Error>(_ lockPath: String, _ body: () throws(E) -> T) throws(LockError<E>) -> T {
        let lock: FileDescriptor
        do throws(FileError) {
            try Folder.checkTrusted(Path.folder(of: lockPath))
            _ = try target(of: lockPath, links: .refuse)
            do {
                lock = try FileDescriptor.open(lockPath, [.readWrite, .create, .noFollow], mode: 0o600)
                if try lock.status().permissions != 0o600 { try lock.setMode(0o600) }
            } catch  where error.errno == ELOOP {
                // Planted between the look and the open.
                throw FileError(
                    .symlink, path: lockPath,
                    problem: "is a symbolic link; nitnem does not write through it: remove it",
                    cause: error)
            } catch {
                throw unwritableFolder(Path.folder(of: lockPath), error)
                    ?? fail(lockPath, "cannot open the lock file", error)
            }
        } catch {
            throw .lock(error)
        }
        let fd = lock.rawValue
        do {
            _ = try Syscall.retrying("flock", path: lockPath) { flock(fd, LOCK_EX) }
        } catch {
            throw .lock(fail(lockPath, "cannot lock", error))
        }
        // Closing the descriptor (deinit) releases the lock, whatever `body` does.
        defer { lock.close() }
        do {
            return try body()
        } catch {
            throw .body(error)
        }
    }

    /// Why `withLock` failed: the lock itself, or what the body threw.
    package enum LockError<Body: Error>: Error {
        case lock(FileError)
        case body(Body)
    }

    /// When creating or opening a file in `folder` failed with `error` because the folder itself
    /// cannot be written (a read-only file system, a folder without write permission): that, named
    /// by the folder — not by the file that could not be made in it. Nil for any other failure.
    static func unwritableFolder(_ folder: String, _ error: SystemError) -> FileError? {
        guard error.errno == EROFS || error.errno == EACCES || error.errno == EPERM else { return nil }
        let why: String
        if error.errno == EROFS {
            why = "read-only file system"
        } else if access(folder, W_OK) != 0 {
            why = nitnem_errno() == EROFS ? "read-only file system" : "permission denied"
        } else {
            return nil  // the folder is writable: the file itself is the problem
        }
        return FileError(.permissionDenied, path: folder, problem: "the folder is not writable (\(why))", cause: error)
    }

    static func fail(_ path: String, _ what: String, _ error: SystemError) -> FileError {
        let code: FileError.Code =
            switch error.errno {
            case EACCES, EPERM, EROFS: .permissionDenied
            case ENOTDIR: .notAFolder
            default: .system
            }
        return FileError(code, path: path, problem: "\(what): \(error.reason)", cause: error)
    }
}
