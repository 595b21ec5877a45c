/// What commands and the agent load from the App Group: the snapshot (or the embedded registry)
/// and the progress, with the warnings to show.
public struct GroupFiles: Sendable {
    /// Where the snapshot came from.
    public enum Source: String, Sendable {
        /// `<group>/nitnem-snapshot.json`.
        case snapshot
        /// `EmbeddedRegistry`, because the group has no snapshot.
        case embedded
    }

    /// The banis and sets.
    public var snapshot: NitnemSnapshot
    /// Whether `snapshot` was read from the group or is the embedded registry.
    public var source: Source
    /// The reading progress (`.empty` when the group has none).
    public var progress: NitnemProgress
    /// Problems that did not stop the load, one line each naming the file.
    public var warnings: [String]

    /// Loaded files.
    public init(snapshot: NitnemSnapshot, source: Source, progress: NitnemProgress, warnings: [String]) {
        self.snapshot = snapshot
        self.source = source
        self.progress = progress
        self.warnings = warnings
    }

    /// Reads both files of `group`. A missing snapshot means `EmbeddedRegistry` (source
    /// `.embedded`); a missing progress file means `.empty`.
    /// - Throws: `SnapshotError` for any file that exists but cannot be read, parsed or decoded; the
    ///   caller decides (the CLI exits 2, the agent keeps its last good state).
    public static func load(_ group: AppGroup) throws(SnapshotError) -> GroupFiles {
        let (snapshot, source, warnings) = try loadSnapshot(group)
        let progress = try loadProgress(group)
        return GroupFiles(
            snapshot: snapshot, source: source, progress: progress, warnings: warnings + progress.warnings)
    }

    /// Reads `<group>/nitnem-snapshot.json`, or gives the embedded registry when it is missing.
    public static func loadSnapshot(_ group: AppGroup) throws(SnapshotError) -> (
        snapshot: NitnemSnapshot, source: Source, warnings: [String]
    ) {
        let path = group.snapshotPath
        guard let bytes = try FileReader.read(path) else { return (EmbeddedRegistry.snapshot, .embedded, []) }
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
    public static func loadProgress(_ group: AppGroup) throws(SnapshotError) -> NitnemProgress {
        let path = group.progressPath
        guard let bytes = try FileReader.read(path) else { return .empty }
        return try NitnemProgress.decode(try JSONParser.parse(bytes, path: path), path: path)
    }
}
