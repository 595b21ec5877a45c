// SPDX-License-Identifier: GPL-3.0-or-later
/// Why `InstanceLock` could not be taken.
package enum InstanceLockError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Another process holds the lock; `pid` is the one it wrote into the lock file, nil when it
    /// has not written it yet or the file does not hold a pid.
    case alreadyRunning(pid: Int32?)
    /// The lock's folder could be changed by another user (`Folder.checkTrusted`, the rule of every
    /// folder nitnem writes in): another user could then swap the lock file. `reason` says why.
    case unsafeFolder(path: String, reason: String)
    /// A system call failed (creating the folder, opening or locking the file, writing the pid).
    case system(SystemError)

    /// One line a user can act on.
    package var description: String {
        switch self {
        case .alreadyRunning(let pid?): "another nitnem agent is already running (pid \(pid))"
        case .alreadyRunning(nil): "another nitnem agent is already running (pid unknown)"
        case .unsafeFolder(_, let reason): "\(reason); remove it or set XDG_RUNTIME_DIR"
        case .system(let error): error.description
        }
    }
}
