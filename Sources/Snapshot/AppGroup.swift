// SPDX-License-Identifier: GPL-3.0-or-later
/// The App-Group folder and the paths of the files in it.
///
/// Which folder it is (`--group`, `$SGGS_APP_GROUP`, XDG) is the shell's `UserPaths`.
package struct AppGroup: Hashable, Sendable {
    /// The folder.
    package let path: String

    /// The group at `path`.
    package init(path: String) { self.path = path }

    /// The size cap for the group's files (4 MiB, far above any real snapshot or progress file):
    /// the shell reads no more, and a write never makes a file larger.
    package static let fileSizeLimit = 4 << 20

    /// `<group>/nitnem-snapshot.json`.
    package var snapshotPath: String { path + "/" + Self.snapshotName }
    /// `<group>/nitnem-progress.json`.
    package var progressPath: String { path + "/" + Self.progressName }
    /// `<group>/.nitnem-progress.lock`: writers of the progress file serialise on it.
    package var progressLockPath: String { path + "/.nitnem-progress.lock" }
    /// `<group>/nitnem-mynitnem.json`: your own daily sets (`MyNitnem`).
    package var mynitnemPath: String { path + "/" + Self.mynitnemName }
    /// `<group>/.nitnem-mynitnem.lock`: writers of `nitnem-mynitnem.json` serialise on it.
    package var mynitnemLockPath: String { path + "/.nitnem-mynitnem.lock" }
    /// `<group>/widgets`.
    package var widgetsPath: String { path + "/widgets" }
    /// `<group>/widgets/NitnemNow.json`.
    package var timelinePath: String { widgetsPath + "/NitnemNow.json" }

    /// File names the agent watches for.
    package static let snapshotName = "nitnem-snapshot.json"
    package static let progressName = "nitnem-progress.json"
    package static let mynitnemName = "nitnem-mynitnem.json"
}
