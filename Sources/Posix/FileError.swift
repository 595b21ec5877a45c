// SPDX-License-Identifier: GPL-3.0-or-later
/// A file that could not be read or written, with what kind of problem it is.
///
/// Callers switch on `code`; `problem` is for people (`is a FIFO (named pipe), not a regular file`).
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem.
    package enum Code: Equatable, Hashable, Sendable {
        /// Not a regular file (a folder, a FIFO, a socket, a device), or a symlink to one.
        case notRegular
        /// Larger than the reader's size cap.
        case tooLarge
        /// This user may not read or write it.
        case permissionDenied
        /// A symlink whose target does not exist.
        case danglingSymlink
        /// A folder on the way is missing or is not a folder.
        case notAFolder
        /// The file exists and was not to be replaced (`AtomicFile.create`).
        case exists
        /// A symlink where nitnem does not write through one (`AtomicFile.Links`).
        case symlink
        /// A folder another user could change (`Folder.checkTrusted`).
        case untrustedFolder
        /// Any other system call failure (`cause` names it).
        case system
    }

    /// What kind of problem.
    package let code: Code
    /// The file at fault.
    package let path: String
    /// What is wrong, in words a user can act on.
    package let problem: String
    /// The failed system call, when there was one.
    package let cause: SystemError?

    /// A problem with `path`.
    package init(_ code: Code, path: String, problem: String, cause: SystemError? = nil) {
        self.code = code
        self.path = path
        self.problem = problem
        self.cause = cause
    }

    /// Equal when code, path and problem are (the cause is detail).
    package static func == (a: FileError, b: FileError) -> Bool {
        a.code == b.code && a.path == b.path && a.problem == b.problem
    }

    /// One line: `<path>: <problem>`.
    package var description: String { "\(path): \(problem)" }
}
