// SPDX-License-Identifier: GPL-3.0-or-later
/// An inotify watch, as returned by `Inotify.addWatch(_:mask:)` and carried by its events.
package struct WatchDescriptor: RawRepresentable, Hashable, Sendable {
    /// The kernel's watch descriptor (`wd`); -1 on `IN_Q_OVERFLOW` events.
    package let rawValue: Int32

    /// The watch with kernel descriptor `rawValue`.
    package init(rawValue: Int32) { self.rawValue = rawValue }
}
