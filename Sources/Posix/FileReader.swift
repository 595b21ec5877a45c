// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Reads one small file safely: never blocks on a FIFO, never follows into a folder or device,
/// never reads more than a size cap.
package enum FileReader {
    /// The whole contents of the regular file at `path`, or `nil` when nothing exists there.
    ///
    /// Opens with `O_RDONLY|O_NONBLOCK|O_CLOEXEC` (so opening a FIFO returns at once) and decides on
    /// the `fstat` of that descriptor, so the check and the read see the same file.
    /// - Throws: `FileError` when it is not a regular file (a folder, a symlink to one, a FIFO,
    ///   a socket, a device: saying which), larger than `limit` bytes, not readable (permission
    ///   denied), a dangling symlink, or any other `open`/`read` failure (naming the errno).
    package static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .nonBlocking)
        } catch {
            if error.errno == ENOENT {
                if let target = symlinkTarget(path) {
                    throw FileError(
                        .danglingSymlink, path: path, problem: "is a symlink to \(target), which does not exist",
                        cause: error)
                }
                return nil
            }
            // Opening a socket fails (ENXIO); name what is there rather than the errno.
            if error.errno != EACCES, error.errno != EPERM, let info = FileStatus.lookup(path), info.kind != .regular {
                throw notRegular(path, info.kind)
            }
            throw openProblem(path, error)
        }
        defer { file.close() }
        let info: FileStatus
        do {
            info = try file.status()
        } catch {
            throw FileError(.system, path: path, problem: "fstat failed: \(error.reason)", cause: error)
        }
        guard info.kind == .regular else { throw notRegular(path, info.kind) }
        if info.size > limit { throw tooLarge(path, size: info.size, limit: limit) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(info.size)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let result: IOResult<Int>
            do {
                result = try file.read(into: &chunk)
            } catch {
                throw FileError(.system, path: path, problem: "cannot read: \(error.reason)", cause: error)
            }
            // A regular file never blocks; .wouldBlock would only come from something stranger.
            guard case .done(let n) = result, n > 0 else { break }
            bytes += chunk[0..<n]
            // The file may have grown since fstat: the cap holds for what is actually read.
            if bytes.count > limit { throw tooLarge(path, size: bytes.count, limit: limit) }
        }
        return bytes
    }

    /// At most the first `count` bytes of the file at `path`; empty when it cannot be opened or read
    /// (callers judge the bytes, such as a header, and report the file by what else they know).
    package static func head(_ path: String, count: Int) -> [UInt8] {
        guard let file = try? FileDescriptor.open(path, .nonBlocking) else { return [] }
        defer { file.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            guard case .done(let n)? = try? file.read(into: &chunk), n > 0 else { break }
            bytes += chunk[0..<min(n, count - bytes.count)]
        }
        return bytes
    }

    /// The error for an `open(2)` failure, as shown after the path.
    static func openProblem(_ path: String, _ error: SystemError) -> FileError {
        switch error.errno {
        case EACCES, EPERM:
            FileError(
                .permissionDenied, path: path,
                problem: "permission denied: this user cannot read it (check its owner and mode)", cause: error)
        case ELOOP: FileError(.system, path: path, problem: "too many levels of symlinks", cause: error)
        case ENOTDIR: FileError(.notAFolder, path: path, problem: "a part of the path is not a folder", cause: error)
        default: FileError(.system, path: path, problem: "cannot open: \(error.reason)", cause: error)
        }
    }

    static func notRegular(_ path: String, _ kind: FileStatus.Kind) -> FileError {
        if let target = symlinkTarget(path) {
            return FileError(
                .notRegular, path: path, problem: "is a symlink to \(kind.phrase) (\(target)), not a regular file")
        }
        return FileError(.notRegular, path: path, problem: "is \(kind.phrase), not a regular file")
    }

    static func tooLarge(_ path: String, size: Int, limit: Int) -> FileError {
        let cap = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return FileError(.tooLarge, path: path, problem: "is too large (\(size) bytes, the limit is \(cap))")
    }

    /// The absolute path of `path` with every symlink, `.` and `..` resolved (`realpath(3)`); `nil`
    /// when it does not exist or cannot be resolved.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether something is at `path`, following symlinks (`stat(2)`).
    package static func exists(_ path: String) -> Bool { FileStatus.lookup(path) != nil }

    /// What `path` points to when it is a symlink; `nil` otherwise (`readlink(2)`).
    package static func symlinkTarget(_ path: String) -> String? {
        guard FileStatus.lookup(path, followingLinks: false)?.kind == .symlink else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return "?" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
