// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// Reads, writes and removes the pause file (`<state>/pause.json`): `nitnem reminders pause` writes
/// it, `resume` removes it, the agent (inotify on its folder), `status`, `reminders list` and
/// `doctor` read it.
package enum PauseStore {
    /// The pause at `path`, nil when there is none (no file).
    /// - Throws: `GroupFileError` naming the file for one that cannot be read or is not a pause.
    package static func load(path: String) throws(GroupFileError) -> Pause? {
        guard let bytes = try readGroupFile(path, limit: 64 << 10) else { return nil }
        return try Pause.decode(try JSONParser.parse(bytes, path: path), path: path)
    }

    /// When reminders are paused until at `now`: nil when there is no pause, it has passed, or the
    /// file cannot be read (then `problem` says why: treated as not paused).
    package static func active(path: String, now: Date) -> (until: Date?, problem: GroupFileError?) {
        do throws(GroupFileError) {
            return (try load(path: path)?.active(at: now), nil)
        } catch {
            return (nil, error)
        }
    }

    /// Writes `pause` to `path` atomically (0600), creating the folder (0700); a symlink there is
    /// replaced (`AtomicFile.Links.replace`).
    /// - Returns: What a symlink replaced pointed to, nil when there was none.
    @discardableResult
    package static func save(_ pause: Pause, to path: String, calendar: NitnemCalendar) throws(FileError) -> String? {
        try AtomicFile.write(Array(pause.json(calendar: calendar).pretty.utf8), to: path, links: .replace)
    }

    /// Removes the pause file; false when there was none.
    @discardableResult
    package static func remove(path: String) throws(FileError) -> Bool {
        try AtomicFile.remove(path)
    }
}
