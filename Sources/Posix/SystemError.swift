// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// A failed system call: which call, on what, and the errno it set.
///
/// The description reads like `timerfd_settime: ECANCELED (Operation canceled)` or, when a path is
/// involved, `inotify_add_watch /etc/localtime: ENOENT (No such file or directory)`.
/// - Important: The one errno-to-text scheme of the project: every message that names an errno
///   comes from `SystemError.name(of:)` and `message(of:)`.
package struct SystemError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The C function that failed, e.g. `"timerfd_settime"`.
    package let call: String
    /// The errno value it set (e.g. `ECANCELED`).
    package let errno: Int32
    /// The file or socket path involved, when there is one.
    package let path: String?

    /// An error for `call` failing with `errno`, on `path` when given.
    package init(call: String, errno: Int32, path: String? = nil) {
        self.call = call
        self.errno = errno
        self.path = path
    }

    /// The errno's symbolic name, e.g. `"ECANCELED"`.
    package var errnoName: String { Self.name(of: errno) }

    /// The errno's message, e.g. `"Operation canceled"` (strerror).
    package var message: String { Self.message(of: errno) }

    /// `NAME (message)`, e.g. `ENOSPC (No space left on device)`: how an errno is shown everywhere.
    package var reason: String { "\(errnoName) (\(message))" }

    /// Nothing is at the path (ENOENT, or ENOTDIR: a part of it is not a folder).
    package var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }

    /// `call[ path]: NAME (message)`.
    package var description: String {
        let subject = path.map { "\(call) \($0)" } ?? call
        return "\(subject): \(reason)"
    }

    /// The symbolic name of `code` (`strerrorname_np`), `"errno 1234"` when glibc does not know it.
    package static func name(of code: Int32) -> String {
        guard let name = nitnem_errno_name(code) else { return "errno \(code)" }
        return String(cString: name)
    }

    /// `strerror(code)`.
    package static func message(of code: Int32) -> String { String(cString: strerror(code)) }
}
