// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibnotify
import NitnemClockKit

/// libnotify and GLib, loaded at first use rather than linked (`nitnem_notify_load`): a process
/// that never shows a notification maps neither library.
enum Libnotify {
    /// Loads libnotify.so.4 and resolves its entry points, once per process (dlopen + dlsym);
    /// later calls return at once.
    ///
    /// - Throws: `NotifyError(.library, …)` naming the library and dlerror's reason when it is
    ///   missing or lacks a symbol.
    static func load() throws(NotifyError) {
        guard nitnem_notify_load() == nil else { return }
        let cause = nitnem_notify_load_error().map { String(cString: $0) } ?? "unknown error"
        throw NotifyError(.library, "\(NITNEM_LIBNOTIFY_SONAME) cannot be loaded: \(cause); install libnotify4")
    }

    /// Whether `load()` succeeded in this process (without trying to load).
    static var isLoaded: Bool { nitnem_notify_is_loaded() != 0 }
}
