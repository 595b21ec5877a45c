// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc
import NitnemClockKit

/// Crash-safe file replacement, folder creation and the advisory lock writers share.
package enum AtomicFile {
    /// Replaces `link` with `bytes`: a temp file beside it (`.<name>.tmp-<pid>`), fsync, rename over,
    /// fsync of the folder. A crash at any point leaves the old file or the new one, whole.
    /// - Important: Creates the folder (0700) when missing; the file gets `mode` (0600). A symlink
    ///   stays a symlink: the file it points to is the one replaced (in its own folder).
    /// - Throws: `FileError` naming the file and the failed call (`cannot write: ENOSPC (…)`); the
    ///   old file is then untouched and no temp file is left.
    package static func write(_ bytes: [UInt8], to link: String, mode: UInt32 = 0o600) throws(FileError) {
        try put(bytes, at: target(of: link), mode: mode, replacing: true)
    }

    /// Creates `path` holding `bytes` as `write` does (a temp file beside it, fsync, then the whole
    /// file at once), but never over an existing one: the temp file is hard-linked (`link(2)`) to
    /// `path`, which fails when anything, a dangling symlink too, is there.
    /// - Important: Creates the folder (0700) when missing; the file gets `mode`.
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

    /// Replaces `link` with `bytes` as `write` does, but never loses a version that landed after the
    /// caller read `expected` (nil: the caller found no file): the new file is swapped in with
    /// `renameat2(RENAME_EXCHANGE)` and what was swapped out is compared with `expected`; with no file
    /// expected it is renamed in with `RENAME_NOREPLACE`. Either way nothing can land between the
    /// check and the replace: the swap is the check.
    ///
    /// - Important: On a file system without `renameat2` (`EINVAL`, `ENOSYS`) it re-reads the file
    ///   right before a plain `rename`: a version landing in that window (microseconds) is lost.
    /// - Throws: `FileError` as `write` does; no temp file is left.
    package static func replace(_ bytes: [UInt8], at link: String, expecting expected: [UInt8]?, mode: UInt32 = 0o600)
        throws(FileError) -> Replacement
    {
        let path = target(of: link)
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
        let temp = folder + "/" + tempPrefix(of: path) + "\(getpid())"
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(temp, [.writeOnly, .create, .truncate, .noFollow], mode: mode)
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
        let path = target(of: link)
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

    /// The file a write of `link` replaces: `link` itself, or what it points to when it is a symlink.
    static func target(of link: String) -> String {
        guard FileStatus.lookup(link, followingLinks: false)?.kind == .symlink,
            let resolved = realpath(link, nil)
        else { return link }
        defer { free(resolved) }
        return String(cString: resolved)
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
    package static func withLock<T, E: Error>(_ lockPath: String, _ body: () throws(E) -> T) throws(LockError<E>) -> T {
        let lock: FileDescriptor
        do {
            lock = try FileDescriptor.open(lockPath, [.readWrite, .create], mode: 0o600)
        } catch {
            throw .lock(
                unwritableFolder(Path.folder(of: lockPath), error) ?? fail(lockPath, "cannot open the lock file", error)
            )
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
