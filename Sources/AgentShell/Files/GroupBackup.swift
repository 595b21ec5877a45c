// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

/// The copies a command keeps of a group file's bytes before it replaces them, beside the file:
/// `journey clear` and `journey restore` keep the history they replace
/// (`nitnem-progress.backup-<stamp>.json`), `sets` commands keep a `nitnem-mynitnem.json` they
/// reset because it could not be read (`nitnem-mynitnem.unreadable-<stamp>.json`).
///
/// - Important: One way, for every such copy: a name that is free (`-2`, `-3`… when one is taken,
///   so a second copy the same second never overwrites the first), mode 0600.
package enum GroupBackup {
    /// What a copy is of, which names it.
    package enum Kind: Sendable {
        /// The progress file's history, as `journey clear` or `journey restore` replaced it.
        case progress
        /// A `nitnem-mynitnem.json` that could not be read (wholly or in part), as a `sets` command
        /// replaced it.
        case unreadableMine

        /// The name's start: `nitnem-progress.backup-`, `nitnem-mynitnem.unreadable-`.
        var prefix: String {
            switch self {
            case .progress: "nitnem-progress.backup-"
            case .unreadableMine: "nitnem-mynitnem.unreadable-"
            }
        }
    }

    /// Creates `<group>/<prefix><stamp>.json` (0600) holding `bytes`, or with `-2`, `-3`… when that
    /// name is taken by anything, a symlink too (`AtomicFile.create`: never followed, never over a file).
    /// - Returns: Its path.
    /// - Throws: `GroupFileError(.notWritten)` when it could not be written.
    package static func write(_ bytes: [UInt8], _ kind: Kind, in group: AppGroup, stamp: String)
        throws(GroupFileError) -> String
    {
        let base = group.path + "/" + kind.prefix + stamp
        var n = 1
        while true {
            let path = base + (n == 1 ? "" : "-\(n)") + ".json"
            do throws(FileError) {
                try AtomicFile.create(bytes, at: path)
                return path
            } catch  where error.code == .exists {
                n += 1
            } catch {
                throw GroupFileError(error, writing: true)
            }
        }
    }
}
