// SPDX-License-Identifier: GPL-3.0-or-later
/// One inotify record: which watch, what happened, and to which name inside a watched folder.
package struct InotifyEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The watch that produced it (-1 for `qOverflow`).
    package let watch: WatchDescriptor
    /// What happened (`IN_*` bits, possibly with `isDir`).
    package let mask: InotifyMask
    /// Links the `movedFrom` and `movedTo` halves of one rename; 0 otherwise.
    package let cookie: UInt32
    /// The entry's name inside the watched folder; nil for events on the watched path itself.
    /// - Important: Decoded as UTF-8; bytes that are not valid UTF-8 become U+FFFD.
    package let name: String?

    /// An event as the kernel would report it.
    package init(watch: WatchDescriptor, mask: InotifyMask, cookie: UInt32 = 0, name: String? = nil) {
        self.watch = watch
        self.mask = mask
        self.cookie = cookie
        self.name = name
    }

    /// `wd=1 [closeWrite] name`, for logs and test failures.
    package var description: String {
        "wd=\(watch.rawValue) \(mask)" + (cookie == 0 ? "" : " cookie=\(cookie)") + (name.map { " " + $0 } ?? "")
    }

    /// The `struct inotify_event` header: wd, mask, cookie, len (4 bytes each); `len` name bytes follow.
    static let headerSize = 16

    /// Parses the records of one inotify `read(2)`: a 16-byte header then `len` name bytes,
    /// NUL-padded to alignment. A truncated trailing record (the kernel never produces one) is dropped.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard length <= bytes.count - nameStart else { break }
            var name: String?
            if length > 0 {
                let field = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameStart + length])
                let end = field.firstIndex(of: 0) ?? field.count
                if end > 0 { name = String(decoding: field[..<end], as: UTF8.self) }
            }
            events.append(
                InotifyEvent(
                    watch: WatchDescriptor(rawValue: wd), mask: InotifyMask(rawValue: mask), cookie: cookie, name: name)
            )
            offset = nameStart + length
        }
        return events
    }
}
