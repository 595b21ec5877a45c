import Foundation

/// The App-Group folder and the paths of the files in it.
///
/// `<group>` is `--group DIR` when given, else `$SGGS_APP_GROUP`, else
/// `$XDG_DATA_HOME/sggs/group.org.sggs` (`~/.local/share/sggs/group.org.sggs`).
public struct AppGroup: Hashable, Sendable {
    /// The folder.
    public let path: String

    /// The group at `path`.
    public init(path: String) { self.path = path }

    /// The group a command uses: `flag` (from `--group`), else the environment's.
    public static func resolve(flag: String?, environment: [String: String]) -> AppGroup {
        if let flag, !flag.isEmpty { return AppGroup(path: flag) }
        if let group = environment["SGGS_APP_GROUP"], !group.isEmpty { return AppGroup(path: group) }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return AppGroup(path: data + "/sggs/group.org.sggs")
    }

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
