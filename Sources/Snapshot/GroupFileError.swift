// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A problem with an App-Group file (the snapshot, the progress file, the pause file), named by its
/// path and, where known, the JSON path in it.
///
/// Callers switch on `code`; nobody matches `problem`, which is for people.
@usableFromInline package struct GroupFileError: Error, Equatable, CustomStringConvertible {
    /// What kind of problem.
    package enum Code: Equatable, Hashable, Sendable {
        /// The file exists but cannot be read (permissions, not a regular file, too large, I/O).
        case unreadable
        /// The file is empty or only white space.
        case empty
        /// Not valid JSON.
        case syntax
        /// Not valid JSON and it ends early: most likely cut off (a write in progress, a full disk).
        case truncated
        /// Valid JSON of the wrong shape (a missing member, a wrong type).
        case shape
        /// A newer schema that this version must not write.
        case newerSchema
        /// A write was refused or failed; the file on disk is as it was.
        case notWritten
    }

    /// What kind of problem.
    package let code: Code
    /// The file at fault.
    package let path: String
    /// Where in the file (`$.banis.japji.lastSeq`), when the problem is inside it.
    package let jsonPath: String?
    /// What is wrong, in words a user can act on.
    package let problem: String
    /// What caused it (a failed system call, a parse error), when known.
    package let cause: (any Error & Sendable)?

    /// An error about `path`.
    package init(
        _ code: Code = .shape, path: String, jsonPath: String? = nil, problem: String,
        cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.path = path
        self.jsonPath = jsonPath
        self.problem = problem
        self.cause = cause
    }

    /// One line: `<path>: <json path>: <problem>`. The path comes from the environment or a flag
    /// (`SGGS_APP_GROUP`, `--group`): one longer than any real path (a kilobyte) is cut
    /// (`Printable.bounded`).
    @usableFromInline package var description: String {
        [Printable.bounded(path, limit: 1024), jsonPath, problem].compactMap { $0 }.joined(separator: ": ")
    }

    /// Equal when code, path, JSON path and problem are (the cause is detail).
    @usableFromInline package static func == (a: GroupFileError, b: GroupFileError) -> Bool {
        a.code == b.code && a.path == b.path && a.jsonPath == b.jsonPath && a.problem == b.problem
    }
}
