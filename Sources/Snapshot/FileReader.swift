import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one App-Group file safely: never blocks on a FIFO, never follows into a folder or device,
/// never reads more than a size cap.
public enum FileReader {
    /// The size cap used when none is given: 4 MiB, far above any real snapshot or progress file.
    public static let defaultLimit = 4 << 20

    /// The whole contents of the regular file at `path`, or `nil` when nothing exists there.
    ///
    /// Opens with `O_RDONLY|O_NONBLOCK|O_CLOEXEC` (so opening a FIFO returns at once) and decides on
    /// the `fstat` of that descriptor, so the check and the read see the same file.
    /// - Throws: `SnapshotError` when it is not a regular file (a folder, a symlink to one, a FIFO,
    ///   a socket, a device: saying which), larger than `limit` bytes, not readable (permission
    ///   denied), a dangling symlink, or any other `open`/`read` failure (naming the errno).
    public static func read(_ path: String, limit: Int = defaultLimit) throws(SnapshotError) -> [UInt8]? {
        let fd = nitnem_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        if fd < 0 {
            let code = nitnem_errno()
            if code == ENOENT {
                if let target = symlinkTarget(path) {
                    throw SnapshotError(path: path, problem: "is a symlink to \(target), which does not exist")
                }
                return nil
            }
            // Opening a socket fails (ENXIO); name what is there rather than the errno.
            var st = stat()
            if code != EACCES, code != EPERM, stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                throw notRegular(path, st.st_mode)
            }
            throw SnapshotError(path: path, problem: openProblem(errno: code))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw SnapshotError(path: path, problem: "fstat failed: \(errnoName(nitnem_errno()))")
        }
        guard st.st_mode & S_IFMT == S_IFREG else { throw notRegular(path, st.st_mode) }
        if Int(st.st_size) > limit { throw tooLarge(path, size: Int(st.st_size), limit: limit) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                let code = nitnem_errno()
                if code == EINTR { continue }
                throw SnapshotError(path: path, problem: "cannot read: \(errnoName(code))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            // The file may have grown since fstat: the cap holds for what is actually read.
            if bytes.count > limit { throw tooLarge(path, size: bytes.count, limit: limit) }
        }
        return bytes
    }

    /// The problem text for an `open(2)` failure with `errno`, as shown after the path.
    static func openProblem(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied: this user cannot read it (check its owner and mode)"
        case ELOOP: "too many levels of symlinks"
        case ENOTDIR: "a part of the path is not a folder"
        default: "cannot open: \(errnoName(code))"
        }
    }

    /// `ENAMETOOLONG (File name too long)`-style text for an errno.
    static func errnoName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            EACCES: "EACCES", EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", ENXIO: "ENXIO", EMFILE: "EMFILE",
            ENFILE: "ENFILE", ENOMEM: "ENOMEM", ENAMETOOLONG: "ENAMETOOLONG", EISDIR: "EISDIR", EAGAIN: "EAGAIN",
            EOVERFLOW: "EOVERFLOW", ENODEV: "ENODEV", EINVAL: "EINVAL",
        ]
        let text = String(cString: strerror(code))
        return names[code].map { "\($0) (\(text))" } ?? "errno \(code) (\(text))"
    }

    static func notRegular(_ path: String, _ mode: mode_t) -> SnapshotError {
        let kind: String
        switch mode & S_IFMT {
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        default: kind = "a special file"
        }
        if let target = symlinkTarget(path) {
            return SnapshotError(path: path, problem: "is a symlink to \(kind) (\(target)), not a regular file")
        }
        return SnapshotError(path: path, problem: "is \(kind), not a regular file")
    }

    static func tooLarge(_ path: String, size: Int, limit: Int) -> SnapshotError {
        let cap = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return SnapshotError(path: path, problem: "is too large (\(size) bytes, the limit is \(cap))")
    }

    /// What `path` points to when it is a symlink; `nil` otherwise.
    static func symlinkTarget(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return "?" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
