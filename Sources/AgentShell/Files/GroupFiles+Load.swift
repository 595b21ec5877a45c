// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Snapshot

extension GroupFiles {
    /// Reads the files of `group`. A missing snapshot means `EmbeddedRegistry` (source
    /// `.embedded`); a missing progress file means `.empty`; your own sets
    /// (`nitnem-mynitnem.json`) replace the snapshot's daily sets they list (`applying`).
    /// - Throws: `GroupFileError` for a snapshot or progress file that exists but cannot be read,
    ///   parsed or decoded; the caller decides (the CLI exits 2, the agent keeps its last good
    ///   state). A bad `nitnem-mynitnem.json` is a warning (`mineProblem`), never thrown.
    package static func load(_ group: AppGroup) throws(GroupFileError) -> GroupFiles {
        let (snapshot, source, warnings) = try loadSnapshot(group)
        let progress = try readProgress(group)
        return GroupFiles(
            snapshot: snapshot, source: source, progress: progress ?? .empty,
            warnings: warnings + (progress?.warnings ?? []), progressFound: progress != nil
        ).applying(Result { () throws(GroupFileError) in try readMine(group) }, path: group.mynitnemPath)
    }

    /// The snapshot (or embedded registry) with your own sets applied, and the warnings of both.
    package static func loadSnapshotWithSets(_ group: AppGroup) throws(GroupFileError) -> (
        snapshot: NitnemSnapshot, warnings: [String]
    ) {
        let (snapshot, source, warnings) = try loadSnapshot(group)
        let files = GroupFiles(snapshot: snapshot, source: source, progress: .empty, warnings: warnings)
            .applying(Result { () throws(GroupFileError) in try readMine(group) }, path: group.mynitnemPath)
        return (files.snapshot, files.warnings)
    }

    /// Reads `<group>/nitnem-mynitnem.json`; nil when it is missing.
    package static func readMine(_ group: AppGroup) throws(GroupFileError) -> MyNitnem? {
        let path = group.mynitnemPath
        guard let bytes = try readGroupFile(path) else { return nil }
        return try MyNitnem.decode(try JSONParser.parse(bytes, path: path), path: path)
    }

    /// Reads `<group>/nitnem-snapshot.json`, or gives the embedded registry when it is missing.
    package static func loadSnapshot(_ group: AppGroup) throws(GroupFileError) -> (
        snapshot: NitnemSnapshot, source: Source, warnings: [String]
    ) {
        let path = group.snapshotPath
        guard let bytes = try readGroupFile(path) else { return (EmbeddedRegistry.snapshot, .embedded, []) }
        let snapshot = try NitnemSnapshot.decode(try JSONParser.parse(bytes, path: path), path: path)
        var warnings: [String] = []
        if snapshot.schema > NitnemSnapshot.currentSchema {
            warnings.append(
                "\(path): schema \(snapshot.schema) is newer than \(NitnemSnapshot.currentSchema); "
                    + "read as far as understood")
        }
        return (snapshot, .snapshot, warnings)
    }

    /// Reads `<group>/nitnem-progress.json`, or gives `.empty` when it is missing.
    package static func loadProgress(_ group: AppGroup) throws(GroupFileError) -> NitnemProgress {
        try readProgress(group) ?? .empty
    }

    /// Reads `<group>/nitnem-progress.json`; nil when it is missing.
    static func readProgress(_ group: AppGroup) throws(GroupFileError) -> NitnemProgress? {
        let path = group.progressPath
        guard let bytes = try readGroupFile(path) else { return nil }
        return try NitnemProgress.decode(try JSONParser.parse(bytes, path: path), path: path)
    }
}

/// The bytes of one of the group's files (`nil` when missing), within `AppGroup.fileSizeLimit`.
/// - Throws: `GroupFileError(.unreadable)` with the `FileError` as its cause.
func readGroupFile(_ path: String, limit: Int = AppGroup.fileSizeLimit) throws(GroupFileError) -> [UInt8]? {
    do {
        return try FileReader.read(path, limit: limit)
    } catch {
        throw GroupFileError(error)
    }
}

extension GroupFileError {
    /// A file problem as a snapshot error (`.unreadable`, or `.notWritten` for a failed write).
    init(_ error: FileError, writing: Bool = false) {
        self.init(writing ? .notWritten : .unreadable, path: error.path, problem: error.problem, cause: error)
    }
}
