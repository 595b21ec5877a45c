// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Folders: creating them with their parents, listing their entries, whether this user may write in them.
package enum Folder {
    /// Creates `path` and any missing parents (`mkdir(2)`, then `chmod(2)` to `mode` whatever the
    /// umask); an existing folder is fine (and keeps its mode).
    /// - Throws: `SystemError` for the first `mkdir` that fails (ENOTDIR/EEXIST when a part is a file).
    package static func create(_ path: String, mode: UInt32 = 0o700) throws(SystemError) {
        do throws(SystemError) {
            if try FileStatus.of(path).kind == .folder { return }
            throw SystemError(call: "mkdir", errno: EEXIST, path: path)
        } catch  where error.isNotFound {
        }
        let parent = Path.folder(of: path)
        if parent != path, parent != "." { try create(parent, mode: mode) }
        do {
            _ = try Syscall.retrying("mkdir", path: path) { mkdir(path, mode) }
            _ = try Syscall.retrying("chmod", path: path) { chmod(path, mode) }
        } catch  where error.errno == EEXIST {
            // Made meanwhile by someone else: fine if it is a folder.
            guard FileStatus.lookup(path)?.kind == .folder else { throw error }
        }
    }

    /// Refuses a folder another user could change, before nitnem makes or replaces a file in it:
    /// it must be a folder (a symlink to one is followed, as a synced group folder may be), owned by
    /// this user or root, and writable by no one else — not by others, and by its group only when
    /// that group is the user's private group (`UserAccount.isPrivateGroup`). The one rule for every
    /// folder nitnem writes in, the runtime folder's included (docs/guide/files-and-writers.md).
    /// - Parameter followingLinks: false for a folder that must itself not be a symlink (the runtime
    ///   folder's `nitnem`).
    /// - Throws: `FileError` `.untrustedFolder` naming the folder and what is wrong; nothing there
    ///   is a pass (the caller creates it, 0700).
    package static func checkTrusted(_ path: String, followingLinks: Bool = true) throws(FileError) {
        let status: FileStatus
        do {
            status = try FileStatus.of(path, followingLinks: followingLinks)
        } catch {
            if error.isNotFound { return }
            throw FileError(.system, path: path, problem: "cannot look at the folder: \(error.reason)", cause: error)
        }
        let me = UInt32(getuid())
        let why: String
        var fix = ""
        if status.kind != .folder {
            why = "is \(status.kind.phrase), not a folder"
        } else if status.owner != me && status.owner != 0 {
            let name = UserAccount.name(of: uid_t(status.owner)).map { "\($0), uid \(status.owner)" }
            why = "belongs to another user (\(name ?? "uid \(status.owner)"))"
        } else if status.permissions & 0o002 != 0
            || (status.permissions & 0o020 != 0 && !UserAccount.isPrivateGroup(gid_t(status.groupID)))
        {
            let mode = String(status.permissions, radix: 8)
            why = "can be written by other users (mode \(mode))"
            fix = " (chmod go-w '\(path)')"
        } else {
            return
        }
        throw FileError(.untrustedFolder, path: path, problem: "\(why); nitnem writes nothing in it\(fix)")
    }

    /// The names in folder `path` (not `.` and `..`); empty when it cannot be read.
    package static func names(in path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether this user may make and remove entries in folder `path`: write and search permission
    /// (`access(2)`, `W_OK | X_OK`, for the real uid); false when it is missing or not a folder.
    /// A read-only file system counts as not writable (`EROFS`).
    package static func isWritable(_ path: String) -> Bool {
        guard FileStatus.lookup(path)?.kind == .folder else { return false }
        return access(path, W_OK | X_OK) == 0
    }
}
