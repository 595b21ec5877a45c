// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

/// A synced group file that writers change under its lock (`nitnem-progress.json`,
/// `nitnem-mynitnem.json`), and the one way every writer changes it: `update`.
///
/// - Important: `update` is the whole protocol, written once: take the lock (a separate file, never
///   the one renamed over), tidy temp files abandoned by killed writers, read, parse with ranges,
///   decode, refuse a newer schema (never overwriting what could not be read), let the caller patch
///   the document, splice the patch over the bytes read (`ProgressWriter.text`: unknown members kept
///   byte for byte), and put it in place with `GroupWrite.replace`, which re-applies the same patch
///   to a version a sync engine renamed over the file meanwhile.
struct LockedGroupFile {
    /// The file.
    let path: String
    /// The lock its writers serialise on.
    let lockPath: String
    /// The folder made (0700) before the lock is taken.
    let folder: String

    /// `<group>/nitnem-progress.json`, under `<group>/.nitnem-progress.lock`.
    static func progress(_ group: AppGroup) -> LockedGroupFile {
        LockedGroupFile(path: group.progressPath, lockPath: group.progressLockPath, folder: group.path)
    }

    /// `<group>/nitnem-mynitnem.json`, under `<group>/.nitnem-mynitnem.lock`.
    static func mine(_ group: AppGroup) -> LockedGroupFile {
        LockedGroupFile(path: group.mynitnemPath, lockPath: group.mynitnemLockPath, folder: group.path)
    }

    /// One version of the file: as read under the lock, or one that landed during a write.
    struct Version<Document> {
        /// Its bytes; nil when there is no file.
        let bytes: [UInt8]?
        /// What `bytes` parse to, with their ranges (for splicing over them).
        let parsed: (value: JSONValue, syntax: JSONSyntax)?
        /// The decoded document; nil when there is no file.
        let document: Document?
        /// Whether it landed during the write (a sync engine's), rather than being the one read first.
        var landed = false
    }

    /// What the caller makes of one version.
    enum Edit<Result, Document> {
        /// Nothing to write; `Result` is what `update` returns.
        case keep(Result)
        /// Write `value` (spliced over the bytes of `over`, by default the version edited), returning
        /// `Result` (only the first version's counts).
        case write(JSONValue, Result, over: Version<Document>? = nil)
    }

    /// What `update` did.
    struct Updated<Result> {
        /// What the edit of the version read under the lock returned.
        var result: Result
        /// The document written last (nil: nothing was written).
        var written: JSONValue?
    }

    /// `body` holding the lock (the folder made first), after abandoned temp files of the file are
    /// removed (`now`: the real clock's reading, see `AtomicFile.removeAbandonedTempFiles`).
    func locked<T>(now: Date?, _ body: () throws(GroupFileError) -> T) throws(GroupFileError) -> T {
        do {
            try AtomicFile.createFolder(folder)
        } catch {
            throw GroupFileError(error, writing: true)
        }
        do throws(AtomicFile.LockError<GroupFileError>) {
            return try AtomicFile.withLock(lockPath) { () throws(GroupFileError) -> T in
                AtomicFile.removeAbandonedTempFiles(for: path, now: now)
                return try body()
            }
        } catch {
            switch error {
            case .lock(let problem): throw GroupFileError(problem, writing: true)
            case .body(let problem): throw problem
            }
        }
    }

    /// The locked update: `edit` is called with the file as read under the lock, then again with every
    /// version that lands while it is written (`Document` decoded, a newer schema refused, both times).
    /// `beforeReplacing` runs once, with the bytes read, when there is something to write, before it is
    /// put in place (a backup).
    func update<Document: GroupDocument, Result>(
        _: Document.Type, now: Date?, beforeReplacing: ([UInt8]?) throws(GroupFileError) -> Void = { _ in },
        _ edit: (Version<Document>) throws(GroupFileError) -> Edit<Result, Document>
    ) throws(GroupFileError) -> Updated<Result> {
        try locked(now: now) { () throws(GroupFileError) -> Updated<Result> in
            try updateHoldingLock(Document.self, beforeReplacing: beforeReplacing, edit)
        }
    }

    /// `update`, for a caller that holds the lock already (`locked`).
    func updateHoldingLock<Document: GroupDocument, Result>(
        _: Document.Type, beforeReplacing: ([UInt8]?) throws(GroupFileError) -> Void = { _ in },
        _ edit: (Version<Document>) throws(GroupFileError) -> Edit<Result, Document>
    ) throws(GroupFileError) -> Updated<Result> {
        let read: Version<Document> = try version(try readGroupFile(path))
        let value: JSONValue
        let result: Result
        let over: Version<Document>?
        switch try edit(read) {
        case .keep(let kept): return Updated(result: kept, written: nil)
        case .write(let patched, let made, let base): (value, result, over) = (patched, made, base)
        }
        let text = try splice(value, over: over ?? read)
        try beforeReplacing(read.bytes)
        // A version a sync engine puts in place meanwhile gets the same change.
        let written = try GroupWrite.replace(path, read: read.bytes, first: (text, value)) {
            landed throws(GroupFileError) -> (bytes: [UInt8], value: JSONValue)? in
            var version: Version<Document> = try version(landed)
            version.landed = true
            guard case .write(let again, _, let over) = try edit(version) else { return nil }
            return (try splice(again, over: over ?? version), again)
        }
        return Updated(result: result, written: written ?? value)
    }

    /// `bytes` (nil: no file) parsed with ranges and decoded; a newer schema refused.
    func version<Document: GroupDocument>(_ bytes: [UInt8]?) throws(GroupFileError) -> Version<Document> {
        try Self.version(bytes, path: path)
    }

    /// `bytes` of the file at `path` (nil: no file) parsed with ranges and decoded; a newer schema refused.
    static func version<Document: GroupDocument>(_ bytes: [UInt8]?, path: String) throws(GroupFileError)
        -> Version<Document>
    {
        guard let bytes else { return Version(bytes: nil, parsed: nil, document: nil) }
        let parsed = try JSONParser.parseWithRanges(bytes, path: path)
        let document = try Document.decode(parsed.value, path: path)
        if document.isReadOnly {
            throw GroupFileError(
                .newerSchema, path: path,
                problem: "is schema \(document.schema), newer than this nitnem (\(Document.currentSchema)); not written"
            )
        }
        return Version(bytes: bytes, parsed: parsed, document: document)
    }

    /// The bytes of `value` written over `version`'s (a new file when it has none).
    func splice<Document>(_ value: JSONValue, over version: Version<Document>) throws(GroupFileError) -> [UInt8] {
        try ProgressWriter.text(value, over: version.bytes, old: version.parsed, path: path)
    }
}

/// What `LockedGroupFile.update` needs of a group file's document: to be decoded, and its schema.
protocol GroupDocument {
    static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> Self
    /// The schema this code writes.
    static var currentSchema: Int { get }
    /// The file's schema.
    var schema: Int { get }
    /// A newer schema: read as far as understood, never written.
    var isReadOnly: Bool { get }
}

extension NitnemProgress: GroupDocument {}
extension MyNitnem: GroupDocument {}
