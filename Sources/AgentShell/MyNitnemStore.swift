// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

/// Changes `nitnem-mynitnem.json` as `ProgressStore` changes the progress file.
///
/// - Important: Every write holds the exclusive lock `group.mynitnemLockPath`, re-reads the file
///   under it, refuses a file it cannot read or of a newer schema, patches only what changes
///   (`MyNitnemWriter`, unknown members kept byte for byte) and replaces the file atomically (0600).
package enum MyNitnemStore {
    /// Applies what `change` makes of the file as read under the lock (nil when there is none) to
    /// it; returns the file as now on disk and whether it was written. `at` (the Nitnem clock's now)
    /// is recorded as the file's `modifiedAt` when it changes, for merging another machine's version.
    package static func update(
        in group: AppGroup, at: Date? = nil, now: Date? = nil,
        _ change: (MyNitnem?) throws(GroupFileError) -> [MyNitnemWriter.Change]
    ) throws(GroupFileError) -> (mine: MyNitnem, changed: Bool) {
        let path = group.mynitnemPath
        let updated = try LockedGroupFile.mine(group).update(MyNitnem.self, now: now) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<MyNitnem, MyNitnem> in
            let current = version.document
            let changes = try change(current)
            let (patched, changed) = try MyNitnemWriter.patch(
                current?.raw ?? MyNitnem.empty.raw, changes, at: at, path: path)
            // A missing file is made by the first change; a removal that landed during the write is a
            // version too: the change is made to nothing.
            let write =
                version.landed ? changed || version.bytes == nil : changed || current == nil && !changes.isEmpty
            return write ? .write(patched, current ?? .empty) : .keep(current ?? .empty)
        }
        guard let written = updated.written else { return (updated.result, false) }
        return (try MyNitnem.decode(written, path: path), true)
    }
}
