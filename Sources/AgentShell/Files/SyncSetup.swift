// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

/// Where the group stands with a sync engine: the Syncthing folder it lies in (a `.stfolder` at or
/// above it), and its `.stignore`.
package struct SyncSetup: Sendable {
    /// The root of the Syncthing folder holding the group (where `.stfolder` is), or nil.
    package let root: String?
    /// The group's path under that root ("" when the group is the root).
    package let relative: String
    /// The `.stignore` this setup reads and writes: at the root, else in the group.
    package let ignorePath: String
    /// The patterns of the device-local files it lacks.
    package let missing: [String]

    /// Looks at `group`.
    package init(group: AppGroup) {
        var folder = group.path
        var found: String?
        while true {
            if FileStatus.lookup(folder + "/.stfolder") != nil {
                found = folder
                break
            }
            let parent = Path.folder(of: folder)
            if parent == folder || folder.isEmpty { break }
            folder = parent
        }
        root = found
        if let found, found != group.path {
            relative = String(group.path.dropFirst(found.count + (found == "/" ? 0 : 1)))
        } else {
            relative = ""
        }
        ignorePath = (found ?? group.path) + "/.stignore"
        let text = (try? FileReader.read(ignorePath, limit: 1 << 20)).flatMap { $0 }.map {
            String(decoding: $0, as: UTF8.self)
        }
        missing = SyncIgnore.missing(in: text, relative: relative)
    }

    /// Adds the missing patterns to the `.stignore` (created when there is none; every line it has
    /// kept); the patterns added (none when nothing was missing).
    /// - Throws: `FileError` naming the `.stignore` when it cannot be written.
    @discardableResult
    package func write() throws(FileError) -> [String] {
        let old = try FileReader.read(ignorePath, limit: 1 << 20)
        let text = old.map { String(decoding: $0, as: UTF8.self) }
        guard let extended = SyncIgnore.extended(text, relative: relative) else { return [] }
        let mode = FileStatus.lookup(ignorePath, followingLinks: false)?.permissions ?? 0o600
        try AtomicFile.write(Array(extended.utf8), to: ignorePath, mode: mode, links: .refuse)
        return SyncIgnore.missing(in: text, relative: relative)
    }
}
