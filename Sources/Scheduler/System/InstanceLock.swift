internal import CLinux
import Glibc

/// The one-agent-per-user lock: an exclusive `flock` on `agent.lock`, holding the owner's pid.
///
/// The lock lives as long as this object keeps its descriptor, and the kernel drops it when the
/// process dies, so a crash never leaves a stale lock; the file itself stays (unlinking a lock file
/// races with a second agent opening it).
/// - Important: Owns its descriptor: `close()` releases the lock, and so does `deinit`.
public final class InstanceLock {
    /// The lock file.
    public let path: String
    /// The locked descriptor; -1 once closed.
    public private(set) var fileDescriptor: Int32

    /// `$XDG_RUNTIME_DIR/nitnem/agent.lock`, or `/tmp/nitnem-<uid>/agent.lock` when
    /// `XDG_RUNTIME_DIR` is unset or not absolute.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/nitnem/agent.lock"
        }
        return "/tmp/nitnem-\(getuid())/agent.lock"
    }

    /// Takes the lock at `defaultPath(environment:)`.
    public convenience init(environment: [String: String]) throws(InstanceLockError) {
        try self.init(path: Self.defaultPath(environment: environment))
    }

    /// Takes the lock at `path`: creates its folder (`mkdir`, 0700) when missing and checks it is this
    /// user's and writable only by them (`lstat`), opens or creates the file (`open`, 0600,
    /// `O_NOFOLLOW | O_CLOEXEC`), `flock(LOCK_EX | LOCK_NB)`, then replaces its content with
    /// `"<pid>\n"` (`ftruncate`, `pwrite`).
    /// - Throws: `.alreadyRunning(pid:)` when another open file holds the lock (in this process too),
    ///   `.unsafeFolder`, or `.system` naming the failed call and the path.
    public init(path: String) throws(InstanceLockError) {
        self.path = path
        let folder = Self.folder(of: path)
        try Self.prepare(folder: folder)
        let fd: Int32
        do {
            fd = try Syscall.retrying("open", path: path) {
                nitnem_open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
        } catch {
            throw .system(error)
        }
        do {
            _ = try Syscall.retrying("flock", path: path) { flock(fd, LOCK_EX | LOCK_NB) }
        } catch {
            let holder = error.errno == EWOULDBLOCK ? Self.readPid(fd) : nil
            _ = Glibc.close(fd)
            if error.errno == EWOULDBLOCK { throw .alreadyRunning(pid: holder) }
            throw .system(error)
        }
        fileDescriptor = fd
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

    deinit { close() }

    /// Releases the lock by closing the descriptor (`close(2)`). Idempotent.
    public func close() {
        guard fileDescriptor >= 0 else { return }
        _ = Glibc.close(fileDescriptor)
        fileDescriptor = -1
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `folder` (one level, 0700) when missing and refuses one that someone else could write.
    private static func prepare(folder: String) throws(InstanceLockError) {
        if mkdir(folder, 0o700) != 0 {
            let code = nitnem_errno()
            if code != EEXIST { throw .system(SystemError(call: "mkdir", errno: code, path: folder)) }
        }
        var info = stat()
        if lstat(folder, &info) != 0 {
            throw .system(SystemError(call: "lstat", errno: nitnem_errno(), path: folder))
        }
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        if !isFolder || info.st_uid != getuid() || info.st_mode & 0o022 != 0 {
            throw .unsafeFolder(path: folder)
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
