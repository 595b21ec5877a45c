// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Folders: creating them with their parents, listing their entries, whether this user may write in them.
package enum Folder {
    /// Creates `path` and any missing parents (`mkdir(2)`, `mode`); an existing folder is fine.
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
        } catch  where error.errno == EEXIST {
            // Made meanwhile by someone else: fine if it is a folder.
            guard FileStatus.lookup(path)?.kind == .folder else { throw error }
        }
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
