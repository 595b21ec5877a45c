// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// An open file descriptor this process owns: closed once, by `close()` or by `deinit`.
///
/// Every descriptor the system layer opens (timerfd, inotify, signalfd, locks, files being read
/// or written) is held by one of these, so none leaks and none is closed twice.
package final class FileDescriptor {
    /// How to open a file (`open(2)`'s flags, typed). Close-on-exec is always set unless
    /// `inheritable` is asked: no descriptor leaks into a spawned reader by default.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// `O_WRONLY`.
        package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        /// `O_RDWR`.
        package static let readWrite = OpenOptions(rawValue: O_RDWR)
        /// `O_CREAT`: create it (with the `mode` given) when missing.
        package static let create = OpenOptions(rawValue: O_CREAT)
        /// `O_TRUNC`.
        package static let truncate = OpenOptions(rawValue: O_TRUNC)
        /// `O_EXCL` (with `create`): fail when anything, a symlink too, is there.
        package static let exclusive = OpenOptions(rawValue: O_EXCL)
        /// `O_NOFOLLOW`: refuse a symlink as the last part.
        package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// `O_DIRECTORY`: only a folder.
        package static let directory = OpenOptions(rawValue: O_DIRECTORY)
        /// `O_NONBLOCK`: a FIFO is opened (and read) without waiting for a writer.
        package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        /// Leave close-on-exec off (a child process inherits the descriptor).
        package static let inheritable = OpenOptions(rawValue: 1 << 30)

        /// The `open(2)` flags: read-only unless `writeOnly` or `readWrite`, `O_CLOEXEC` unless
        /// `inheritable`.
        var flags: Int32 {
            var flags = rawValue & ~OpenOptions.inheritable.rawValue
            if !contains(.inheritable) { flags |= O_CLOEXEC }
            return flags
        }
    }

    /// The kernel's descriptor number; -1 once closed.
    package private(set) var rawValue: Int32
    /// The path it was opened at (named in errors), when known.
    package let path: String?

    /// Takes ownership of `rawValue` (from `open`, `timerfd_create`…); `path` names it in errors.
    package init(owning rawValue: Int32, path: String? = nil) {
        self.rawValue = rawValue
        self.path = path
    }

    deinit { close() }

    /// Opens `path` (`open(2)`, close-on-exec unless `.inheritable`) and, when it creates the file,
    /// with `mode`. EINTR retried.
    /// - Throws: `SystemError` (`open <path>: ENOENT (…)`).
    package static func open(_ path: String, _ options: OpenOptions = [], mode: UInt32 = 0) throws(SystemError)
        -> FileDescriptor
    {
        let flags = options.flags
        return FileDescriptor(
            owning: try Syscall.retrying("open", path: path) { nitnem_open(path, flags, mode) }, path: path)
    }

    /// Closes the descriptor (`close(2)`, not retried on EINTR: Linux has released it either way).
    /// Idempotent.
    package func close() {
        guard rawValue >= 0 else { return }
        _ = Glibc.close(rawValue)
        rawValue = -1
    }

    /// One `read(2)` into `buffer`: the byte count (0 at end of file), or `.wouldBlock` (EAGAIN).
    /// - Throws: `SystemError` for any other errno (e.g. `read: ECANCELED` on a timerfd).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> IOResult<Int>
    {
        let fd = rawValue
        return try Syscall.nonBlocking("read", path: path) { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// One `read(2)` into `buffer` (see `read(into:)`).
    package func read(into buffer: inout [UInt8]) throws(SystemError) -> IOResult<Int> {
        try Self.read(rawValue, into: &buffer, path: path)
    }

    /// One `read(2)` of a descriptor this process does not own here (stdin): the byte count, 0 at
    /// end of input, or `.wouldBlock`.
    package static func read(_ fd: Int32, into buffer: inout [UInt8], path: String? = nil) throws(SystemError)
        -> IOResult<Int>
    {
        try Syscall.nonBlocking("read", path: path) {
            buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Writes all of `bytes` to `fd`, a descriptor the caller does not own here (stdout, stderr):
    /// `Syscall.writeAll`, the one write-all loop.
    /// - Throws: `SystemError` (`write: EPIPE` when the reader is gone).
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
        try Syscall.writeAll(fd, bytes)
    }

    /// Writes all of `bytes` (`write(2)` until done).
    /// - Throws: `SystemError` naming `path` (`write <path>: ENOSPC (No space left on device)`).
    package func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        try Syscall.writeAll(rawValue, bytes, path: path)
    }

    /// `fstat(2)`.
    package func status() throws(SystemError) -> FileStatus {
        var info = stat()
        let fd = rawValue
        _ = try Syscall.retrying("fstat", path: path) { fstat(fd, &info) }
        return FileStatus(info)
    }

    /// `fstat(2)` of a descriptor this process does not own here (stderr).
    package static func status(_ fd: Int32, path: String? = nil) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try Syscall.retrying("fstat", path: path) { fstat(fd, &info) }
        return FileStatus(info)
    }

    /// `fchmod(2)`.
    package func setMode(_ mode: UInt32) throws(SystemError) {
        let fd = rawValue
        _ = try Syscall.retrying("fchmod", path: path) { fchmod(fd, mode) }
    }

    /// `fsync(2)`: the data and metadata are on disk when it returns.
    package func sync() throws(SystemError) {
        let fd = rawValue
        _ = try Syscall.retrying("fsync", path: path) { fsync(fd) }
    }
}

/// What `stat`/`fstat`/`lstat` say about a file: its kind, size, mode, owner, change time, and the
/// device and inode that name it.
package struct FileStatus: Equatable, Sendable {
    /// The kind of file.
    package enum Kind: Equatable, Sendable {
        case regular, folder, symlink, fifo, socket, characterDevice, blockDevice, other

        /// `a folder`, `a FIFO (named pipe)`… for messages.
        package var phrase: String {
            switch self {
            case .regular: "a regular file"
            case .folder: "a folder"
            case .symlink: "a symlink"
            case .fifo: "a FIFO (named pipe)"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "a special file"
            }
        }
    }

    package let kind: Kind
    /// Size in bytes.
    package let size: Int
    /// Permission bits (`st_mode & 0o7777`).
    package let permissions: UInt32
    /// The owner's uid.
    package let owner: UInt32
    /// The group's gid.
    package let groupID: UInt32
    /// Last modification, seconds since the epoch.
    package let modifiedSeconds: Int
    /// The device holding it (`st_dev`).
    package let device: UInt64
    /// Its inode number on that device (`st_ino`).
    package let inode: UInt64

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symlink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        default: kind = .other
        }
        size = Int(info.st_size)
        permissions = UInt32(info.st_mode & 0o7777)
        owner = UInt32(info.st_uid)
        groupID = UInt32(info.st_gid)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// `stat(2)` (follows symlinks) or `lstat(2)`.
    /// - Throws: `SystemError`; ENOENT or ENOTDIR when nothing is there (`SystemError.isNotFound`).
    package static func of(_ path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try Syscall.retrying(followingLinks ? "stat" : "lstat", path: path) {
            followingLinks ? stat(path, &info) : lstat(path, &info)
        }
        return FileStatus(info)
    }

    /// What `of` says, or nil when it says nothing: nothing is there, or it cannot be looked at.
    /// For a question with a yes-or-no answer (is there a bus socket, is the timeline still there);
    /// `of` where the reason matters.
    package static func lookup(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        try? of(path, followingLinks: followingLinks)
    }
}
