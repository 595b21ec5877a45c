// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension Support {
    /// A snapshot file that is not a JSON object.
    package struct NotAnObject: Error, CustomStringConvertible {
        package let path: String
        package var description: String { "\(path): not a JSON object" }
    }

    /// Empties the `preferences` of the snapshot in `group`: one with no preferred Rehras, as
    /// `snapshot export` writes one.
    package static func clearSnapshotPreferences(in group: String) throws {
        let url = URL(fileURLWithPath: group + "/nitnem-snapshot.json")
        guard var snapshot = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw NotAnObject(path: url.path)
        }
        snapshot["preferences"] = [String: Any]()
        try JSONSerialization.data(withJSONObject: snapshot).write(to: url)
    }
}
