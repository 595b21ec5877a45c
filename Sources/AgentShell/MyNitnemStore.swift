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
        do {
            try AtomicFile.createFolder(group.path)
        } catch {
            throw GroupFileError(error, writing: true)
        }
        do throws(AtomicFile.LockError<GroupFileError>) {
            return try AtomicFile.withLock(group.mynitnemLockPath) {
                () throws(GroupFileError) -> (mine: MyNitnem, changed: Bool) in
                try locked(in: group, at: at, now: now, change)
            }
        } catch {
            switch error {
            case .lock(let problem): throw GroupFileError(problem, writing: true)
            case .body(let problem): throw problem
            }
        }
    }

    /// The update, under the lock.
    static func locked(
        in group: AppGroup, at: Date?, now: Date?,
        _ change: (MyNitnem?) throws(GroupFileError) -> [MyNitnemWriter.Change]
    ) throws(GroupFileError) -> (mine: MyNitnem, changed: Bool) {
        let path = group.mynitnemPath
        AtomicFile.removeAbandonedTempFiles(for: path, now: now)
        let bytes = try readGroupFile(path)
        let parsed = try bytes.map { bytes throws(GroupFileError) in try JSONParser.parseWithRanges(bytes, path: path) }
        let current = try parsed.map { parsed throws(GroupFileError) in try MyNitnem.decode(parsed.value, path: path) }
        if let current, current.isReadOnly {
            throw GroupFileError(
                .newerSchema, path: path,
                problem: "is schema \(current.schema), newer than this nitnem (\(MyNitnem.currentSchema)); "
                    + "read-only, not written")
        }
        let changes = try change(current)
        let (patched, changed) = try MyNitnemWriter.patch(
            current?.raw ?? MyNitnem.empty.raw, changes, at: at, path: path)
        guard changed || current == nil && !changes.isEmpty else {
            return (current ?? .empty, false)
        }
        let text = try ProgressWriter.text(patched, over: bytes, old: parsed, path: path)
        // A version a sync engine puts in place meanwhile gets the same change.
        let written = try GroupWrite.replace(path, read: bytes, first: (text, patched)) {
            landed throws(GroupFileError) -> (bytes: [UInt8], value: JSONValue)? in
            let parsed = try landed.map { b throws(GroupFileError) in try JSONParser.parseWithRanges(b, path: path) }
            let current = try parsed.map { p throws(GroupFileError) in try MyNitnem.decode(p.value, path: path) }
            if let current, current.isReadOnly {
                throw GroupFileError(
                    .newerSchema, path: path, problem: "became a newer schema while written; not written")
            }
            let (again, changed) = try MyNitnemWriter.patch(
                current?.raw ?? MyNitnem.empty.raw, try change(current), at: at, path: path)
            guard changed || landed == nil else { return nil }
            return (try ProgressWriter.text(again, over: landed, old: parsed, path: path), again)
        }
        return (try MyNitnem.decode(written ?? patched, path: path), true)
    }
}
