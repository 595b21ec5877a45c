// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// The one-agent-per-user lock: an exclusive `flock` on `agent.lock`, holding the owner's pid.
///
/// The lock lives as long as this object keeps its descriptor, and the kernel drops it when the
/// process dies, so a crash never leaves a stale lock; the file itself stays (unlinking a lock file
/// races with a second agent opening it).
/// - Important: Owns its descriptor: `close()` releases the lock, and so does `deinit`.
package final class InstanceLock {
    /// The lock file.
    package let path: String
    /// The locked descriptor; -1 once closed.
    package var fileDescriptor: Int32 { descriptor.rawValue }
    private let descriptor: FileDescriptor

    /// Takes the lock at `path`: creates its folder (`mkdir`, 0700) when missing and checks it is this
    /// user's and writable only by them (`lstat`), opens or creates the file (`open`, 0600,
    /// `O_NOFOLLOW | O_CLOEXEC`), `flock(LOCK_EX | LOCK_NB)`, then replaces its content with
    /// `"<pid>\n"` (`ftruncate`, `pwrite`).
    /// - Throws: `.alreadyRunning(pid:)` when another open file holds the lock (in this process too),
    ///   `.unsafeFolder`, or `.system` naming the failed call and the path.
    package init(path: String) throws(InstanceLockError) {
        self.path = path
        let folder = Self.folder(of: path)
        try Self.prepare(folder: folder)
        do {
            descriptor = try FileDescriptor.open(path, [.readWrite, .create, .noFollow], mode: 0o600)
            // 0600 whatever the umask (a umask of 0277 would leave it unopenable for writing).
            if try descriptor.status().permissions != 0o600 { try descriptor.setMode(0o600) }
        } catch {
            throw .system(error)
        }
        let fd = descriptor.rawValue
        do {
            _ = try Syscall.retrying("flock", path: path) { flock(fd, LOCK_EX | LOCK_NB) }
        } catch {
            if error.errno == EWOULDBLOCK { throw .alreadyRunning(pid: Self.readPid(fd)) }
            throw .system(error)
        }
        do throws(SystemError) {
            _ = try Syscall.retrying("ftruncate", path: path) { ftruncate(fd, 0) }
            let bytes = Array("\(getpid())\n".utf8)
            let written = try Syscall.retrying("pwrite", path: path) {
                bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            }
            if written != bytes.count { throw SystemError(call: "pwrite", errno: EIO, path: path) }
        } catch {
            close()
            throw .system(error)
        }
    }

    /// Releases the lock by closing the descriptor (`close(2)`). Idempotent.
    package func close() { descriptor.close() }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `folder` (one level, 0700) when missing and refuses one that someone else could write.
    private static func prepare(folder: String) throws(InstanceLockError) {
        do throws(SystemError) {
            _ = try Syscall.retrying("mkdir", path: folder) { mkdir(folder, 0o700) }
            _ = try Syscall.retrying("chmod", path: folder) { chmod(folder, 0o700) }
        } catch  where error.errno == EEXIST {
        } catch {
            throw .system(error)
        }
        do throws(FileError) {
            try Folder.checkTrusted(folder, followingLinks: false)
        } catch {
            throw .unsafeFolder(path: folder, reason: error.description)
        }
    }

    /// The pid in the lock file, when it holds one (`pread` of its first bytes).
    private static func readPid(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n", omittingEmptySubsequences: false).first,
            let pid = Int32(line), pid > 0
        else { return nil }
        return pid
    }
}
