/// The App-Group folder and the paths of the files in it.
///
/// Which folder it is (`--group`, `$SGGS_APP_GROUP`, XDG) is the shell's `UserPaths`.
public struct AppGroup: Hashable, Sendable {
    /// The folder.
    public let path: String

    /// The group at `path`.
    public init(path: String) { self.path = path }

    /// The size cap for the group's files (4 MiB, far above any real snapshot or progress file):
    /// the shell reads no more, and a write never makes a file larger.
    public static let fileSizeLimit = 4 << 20

    /// `<group>/nitnem-snapshot.json`.
    public var snapshotPath: String { path + "/" + Self.snapshotName }
    /// `<group>/nitnem-progress.json`.
    public var progressPath: String { path + "/" + Self.progressName }
    /// `<group>/.nitnem-progress.lock`: writers of the progress file serialise on it.
    public var progressLockPath: String { path + "/.nitnem-progress.lock" }
    /// `<group>/widgets`.
    public var widgetsPath: String { path + "/widgets" }
    /// `<group>/widgets/NitnemNow.json`.
    public var timelinePath: String { widgetsPath + "/NitnemNow.json" }

    /// File names the agent watches for.
    public static let snapshotName = "nitnem-snapshot.json"
    public static let progressName = "nitnem-progress.json"
}
