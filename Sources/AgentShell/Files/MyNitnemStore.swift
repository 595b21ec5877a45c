// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

/// Changes `nitnem-mynitnem.json` as `ProgressStore` changes the progress file.
///
/// - Important: Every write holds the exclusive lock `group.mynitnemLockPath`, re-reads the file
///   under it, refuses a file it cannot read or of a newer schema, patches only what changes
///   (`MyNitnemWriter`, unknown members kept byte for byte) and replaces the file atomically (0600).
///   A file, or a part of one, that cannot be read never blocks the change that fixes it, and is
///   never lost: before a change replaces what could not be read, the file's bytes are kept beside
///   it (`GroupBackup`, `nitnem-mynitnem.unreadable-<stamp>.json`, 0600).
package enum MyNitnemStore {
    /// What `update` did.
    package struct Outcome: Sendable {
        /// The file as now on disk.
        package var mine: MyNitnem
        /// Whether it was written.
        package var changed: Bool
        /// The copy of the file as it was, kept because the change replaced what could not be read.
        package var backup: String?
        /// Why the file could not be read at all, when it was started afresh (`resetting`).
        package var startedAfresh: GroupFileError?
    }

    /// Applies what `change` makes of the file as read under the lock (nil when there is none) to
    /// it; `at` (the Nitnem clock's now) is recorded as the file's `modifiedAt` when it changes, for
    /// merging another machine's version; `stamp` names a copy kept (`GroupBackup`).
    ///
    /// A part that cannot be read (`MyNitnem.unreadable`) may be replaced by the change (a reset, a
    /// reminder's new time), after the copy; a change made from what it could not say is refused
    /// (`MyNitnemWriter.replacedUnreadable`). A file that cannot be read at all (not JSON, no object,
    /// a bad `schema`) is refused, or, with `resetting` (`sets reset`), copied and started afresh:
    /// it counted as the snapshot's sets while it could not be read, and still does. A file that
    /// cannot be opened or is of a newer schema is always refused.
    package static func update(
        in group: AppGroup, at: Date? = nil, now: Date? = nil, stamp: String, resetting: Bool = false,
        _ change: (MyNitnem?) throws(GroupFileError) -> [MyNitnemWriter.Change]
    ) throws(GroupFileError) -> Outcome {
        let file = LockedGroupFile.mine(group)
        let path = group.mynitnemPath
        return try file.locked(now: now) { () throws(GroupFileError) -> Outcome in
            if let (bytes, problem) = try wholeFileProblem(path) {
                guard resetting else { throw refusal(problem) }
                return try startAfresh(bytes, problem, in: group, at: at, stamp: stamp)
            }
            var backup: String?
            var replacesUnreadable = false
            let keepCopy = { (bytes: [UInt8]?) throws(GroupFileError) in
                guard replacesUnreadable, let bytes else { return }
                backup = try GroupBackup.write(bytes, .unreadableMine, in: group, stamp: stamp)
            }
            let updated = try file.updateHoldingLock(MyNitnem.self, beforeReplacing: keepCopy) {
                version throws(GroupFileError) -> LockedGroupFile.Edit<MyNitnem, MyNitnem> in
                let current = version.document
                let changes = try change(current)
                if let current {
                    let replaced = try MyNitnemWriter.replacedUnreadable(by: changes, in: current, path: path)
                    // The copy is of the bytes read first (`beforeReplacing`), so their parts decide.
                    if !version.landed { replacesUnreadable = !replaced.isEmpty }
                }
                let (patched, changed) = try MyNitnemWriter.patch(
                    current?.raw ?? MyNitnem.empty.raw, changes, at: at, path: path)
                // A missing file is made by the first change; a removal that landed during the write
                // is a version too: the change is made to nothing.
                let write =
                    version.landed ? changed || version.bytes == nil : changed || current == nil && !changes.isEmpty
                return write ? .write(patched, current ?? .empty) : .keep(current ?? .empty)
            }
            guard let written = updated.written else {
                return Outcome(mine: updated.result, changed: false, backup: nil, startedAfresh: nil)
            }
            return Outcome(
                mine: try MyNitnem.decode(written, path: path), changed: true, backup: backup, startedAfresh: nil)
        }
    }

    /// The file's bytes and why they cannot be read as a My Nitnem file at all (empty, not JSON, no
    /// object, a bad `schema`); nil when there is no file or it reads (a part may not).
    /// - Throws: `GroupFileError` for a file that cannot be opened or is of a newer schema: those
    ///   are never started afresh.
    static func wholeFileProblem(_ path: String) throws(GroupFileError) -> ([UInt8], GroupFileError)? {
        guard let bytes = try readGroupFile(path) else { return nil }
        do {
            let _: LockedGroupFile.Version<MyNitnem> = try LockedGroupFile.version(bytes, path: path)
            return nil
        } catch {
            switch error.code {
            case .empty, .syntax, .truncated, .shape: return (bytes, error)
            case .unreadable, .newerSchema, .notWritten: throw error
            }
        }
    }

    /// `problem`, `nothing written`, and the command that starts the file afresh.
    package static func refusal(_ problem: GroupFileError) -> GroupFileError {
        GroupFileError(
            problem.code, path: problem.path, jsonPath: problem.jsonPath,
            problem: "\(problem.problem); nothing written (to fix: nitnem sets reset)", cause: problem.cause)
    }

    /// Keeps `bytes` (the file, which could not be read: `problem`) beside it, then writes a file that
    /// lists nothing in its place (the lock held).
    static func startAfresh(
        _ bytes: [UInt8], _ problem: GroupFileError, in group: AppGroup, at: Date?, stamp: String
    ) throws(GroupFileError) -> Outcome {
        let path = group.mynitnemPath
        // A link is followed only to a file that reads as your sets (AtomicFile.Links.followToOwnFile):
        // what it points to is not made afresh.
        if let pointed = AtomicFile.linkTarget(path) {
            throw GroupFileError(
                .notWritten, path: path,
                problem:
                    "is a symbolic link (to \(pointed)) to a file that is not your sets; nothing reset: remove the link"
            )
        }
        let backup = try GroupBackup.write(bytes, .unreadableMine, in: group, stamp: stamp)
        let (fresh, _) = try MyNitnemWriter.patch(.object([]), [], at: at, path: path)
        let text = try ProgressWriter.text(fresh, over: nil, old: nil, path: path)
        // A version a sync engine puts in place meanwhile is theirs: it is left as it landed.
        guard try GroupWrite.replace(path, read: bytes, first: (text, fresh), make: { _ in nil }) != nil else {
            throw GroupFileError(
                .notWritten, path: path,
                problem: "changed while it was being reset (a sync engine?); nothing reset, try again")
        }
        return Outcome(
            mine: try MyNitnem.decode(fresh, path: path), changed: true, backup: backup, startedAfresh: problem)
    }
}
