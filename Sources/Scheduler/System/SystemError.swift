internal import CLinux
import Glibc

/// A failed system call: which call, on what, and the errno it set.
///
/// The description reads like `timerfd_settime: ECANCELED (Operation canceled)` or, when a path is
/// involved, `inotify_add_watch /etc/localtime: ENOENT (No such file or directory)`.
public struct SystemError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The C function that failed, e.g. `"timerfd_settime"`.
    public let call: String
    /// The errno value it set (e.g. `ECANCELED`).
    public let errno: Int32
    /// The file or socket path involved, when there is one.
    public let path: String?

    /// An error for `call` failing with `errno`, on `path` when given.
    public init(call: String, errno: Int32, path: String? = nil) {
        self.call = call
        self.errno = errno
        self.path = path
    }

    /// The errno's symbolic name, e.g. `"ECANCELED"` (strerrorname_np); `"errno 1234"` when unknown.
    public var errnoName: String {
        guard let name = nitnem_errno_name(errno) else { return "errno \(errno)" }
        return String(cString: name)
    }

    /// The errno's message, e.g. `"Operation canceled"` (strerror).
    public var message: String { String(cString: strerror(errno)) }

    /// `call[ path]: NAME (message)`.
    public var description: String {
        let subject = path.map { "\(call) \($0)" } ?? call
        return "\(subject): \(errnoName) (\(message))"
    }
}
