// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One closed notification as `dunstctl history` reports it.
package struct DunstHistoryEntry: Hashable, Sendable {
    /// The id dunst gave the notification.
    package var id: Int
    /// The app name the client sent.
    package var appname: String
    /// The summary line.
    package var summary: String
    /// The body as sent.
    package var body: String
    /// The `category` hint.
    package var category: String

    /// An entry.
    package init(id: Int, appname: String, summary: String, body: String, category: String) {
        self.id = id
        self.appname = appname
        self.summary = summary
        self.body = body
        self.category = category
    }

    /// The entries in `text`, `dunstctl history`'s JSON (dunst 1.9: `{"type": "aa{sv}",
    /// "data": [[{"<key>": {"type": …, "data": …}}, …]]}`), or `nil` when it is not that shape.
    package static func parseAll(_ text: String) -> [DunstHistoryEntry]? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let outer = root["data"] as? [Any], let list = outer.first as? [[String: Any]]
        else { return nil }
        func value(_ entry: [String: Any], _ key: String) -> Any? {
            (entry[key] as? [String: Any])?["data"]
        }
        return list.map { entry in
            DunstHistoryEntry(
                id: (value(entry, "id") as? NSNumber)?.intValue ?? 0,
                appname: value(entry, "appname") as? String ?? "",
                summary: value(entry, "summary") as? String ?? "",
                body: value(entry, "body") as? String ?? "",
                category: value(entry, "category") as? String ?? "")
        }
    }
}
