// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A group folder in a fresh temp folder, empty or a copy of `source`; `remove()` takes it away.
package struct TempGroup {
    /// The group folder.
    package let path: String

    /// A new group: a copy of `source` (a fixture group), or empty.
    package init(copying source: String?) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        path = root.appendingPathComponent("group").path
        if let source {
            try FileManager.default.copyItem(atPath: source, toPath: path)
        } else {
            try Support.makeFolder(path)
        }
    }

    /// Writes `text` as `<group>/config` and runs `nitnem reminders list` on the group with it;
    /// returns the config's path and the run.
    package func remindersList(config text: String) throws -> (config: String, result: NitnemBinary.Result) {
        let config = path + "/config"
        try Support.write(text, to: config)
        return (config, try Support.run(["reminders", "list", "--config", config, "--group", path]))
    }

    /// Removes the group and the temp folder holding it.
    package func remove() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
}
