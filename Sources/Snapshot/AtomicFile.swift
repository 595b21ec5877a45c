import CLinux
import Foundation

/// Crash-safe file replacement and advisory locks for the App-Group files.
public enum AtomicFile {
    /// Replaces `path` with `bytes`: a temp file beside it, fsync, rename over, fsync of the folder.
    /// A crash at any point leaves the old file or the new one, whole.
    /// - Important: Creates the folder (0700) when missing; the file gets `mode` (0600).
    public static func write(_ bytes: [UInt8], to link: String, mode: mode_t = 0o600) throws(SnapshotError) {
        // A symlink stays a symlink: the file it points to is the one replaced (in its own folder).
        let path = target(of: link)
        let dir = (path as NSString).deletingLastPathComponent
        let folder = dir.isEmpty ? "." : dir
        try createFolder(folder, path: path)
        let temp = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
        let fd = nitnem_open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw fail(path, "cannot create \(temp)", nitnem_errno()) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                let e = nitnem_errno()
                if e == EINTR { continue }
                close(fd)
                unlink(temp)
                throw fail(path, "cannot write", e)
            }
            offset += n
        }
        fchmod(fd, mode)
        if fsync(fd) != 0 {
            let e = nitnem_errno()
            close(fd)
            unlink(temp)
            throw fail(path, "fsync failed", e)
        }
        close(fd)
        if rename(temp, path) != 0 {
            let e = nitnem_errno()
            unlink(temp)
            throw fail(path, "cannot replace the file", e)
        }
        let dfd = nitnem_open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// Removes temp files that writers of `path` left when they were killed mid-write
    /// (`.<name>.tmp-<pid>` whose process no longer exists). Safe without a lock: a live writer's
    /// pid exists.
    public static func removeAbandonedTempFiles(for link: String) {
        let path = target(of: link)
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = "." + (path as NSString).lastPathComponent + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)) else { continue }
            if kill(pid, 0) != 0 && nitnem_errno() == ESRCH { unlink(folder + "/" + name) }
        }
    }

    /// The file a write of `link` replaces: `link` itself, or what it points to when it is a symlink.
    static func target(of link: String) -> String {
        var info = stat()
        guard lstat(link, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(link, nil) else {
            return link
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates `folder` and its parents, 0700, when missing.
    public static func createFolder(_ folder: String, path: String? = nil) throws(SnapshotError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) {
            if isDir.boolValue { return }
            throw SnapshotError(path: folder, problem: "is not a folder")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SnapshotError(path: path ?? folder, problem: "cannot create folder \(folder): \(error)")
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created 0600 when missing), so two
    /// writers of one file serialise. The lock is on a separate file, never on the one renamed over.
    public static func withLock<T>(_ lockPath: String, _ body: () throws(SnapshotError) -> T) throws(SnapshotError)
        -> T
    {
        let fd = nitnem_open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw fail(lockPath, "cannot open the lock file", nitnem_errno()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            let e = nitnem_errno()
            if e != EINTR { throw fail(lockPath, "flock failed", e) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    static func fail(_ path: String, _ what: String, _ code: Int32) -> SnapshotError {
        SnapshotError(path: path, problem: "\(what): \(String(cString: strerror(code)))")
    }
}
