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
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// Removes the group and the temp folder holding it.
    package func remove() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
}
