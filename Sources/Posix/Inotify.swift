// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// An inotify instance: watches on files and folders, read as `InotifyEvent`s.
///
/// Poll `fileDescriptor` for readability, then `readEvents()`.
///
/// - Important: A watch follows an inode, not a name. A file replaced by rename (an atomic write,
///   `/etc/localtime` set by timedatectl) is best watched through its folder, filtering by name.
/// - Important: Owns its descriptor: `close()` it, or let `deinit` do it. Not thread-safe.
package final class Inotify {
    private let descriptor: FileDescriptor
    /// The inotify descriptor, for `Poller`; -1 once closed.
    package var fileDescriptor: Int32 { descriptor.rawValue }
    /// One read's worth of records; 64 KiB holds over a thousand typical events.
    private let buffer: UnsafeMutableRawBufferPointer

    /// A new instance: `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`.
    package init() throws(SystemError) {
        descriptor = FileDescriptor(
            owning: try Syscall.retrying("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC)) })
        buffer = .allocate(byteCount: 64 * 1024, alignment: MemoryLayout<Int32>.alignment)
    }

    deinit { buffer.deallocate() }

    /// Watches `path` for `mask`: `inotify_add_watch(2)`. Watching the same inode again returns
    /// the same descriptor and replaces its mask.
    /// - Throws: `SystemError` naming the path, e.g. `inotify_add_watch /x: ENOENT (…)`.
    package func addWatch(_ path: String, mask: InotifyMask) throws(SystemError) -> WatchDescriptor {
        let fd = fileDescriptor
        let wd = try Syscall.retrying("inotify_add_watch", path: path) {
            inotify_add_watch(fd, path, mask.rawValue)
        }
        return WatchDescriptor(rawValue: wd)
    }

    /// Stops a watch: `inotify_rm_watch(2)`; an `ignored` event follows.
    /// - Throws: `inotify_rm_watch: EINVAL` when the watch is already gone (e.g. after `ignored`).
    package func removeWatch(_ watch: WatchDescriptor) throws(SystemError) {
        let fd = fileDescriptor
        _ = try Syscall.retrying("inotify_rm_watch") { inotify_rm_watch(fd, watch.rawValue) }
    }

    /// Reads the queued events (one `read(2)` of up to 64 KiB); `[]` when none are queued (EAGAIN).
    /// Events left over stay queued and keep the descriptor readable.
    package func readEvents() throws(SystemError) -> [InotifyEvent] {
        guard case .done(let count) = try descriptor.read(into: buffer) else { return [] }
        return InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    /// Closes the descriptor (`close(2)`), which drops every watch. Idempotent.
    package func close() { descriptor.close() }
}
