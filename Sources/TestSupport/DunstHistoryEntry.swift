import Foundation

/// One closed notification as `dunstctl history` reports it.
public struct DunstHistoryEntry: Hashable, Sendable {
    /// The id dunst gave the notification.
    public var id: Int
    /// The app name the client sent.
    public var appname: String
    /// The summary line.
    public var summary: String
    /// The body as sent.
    public var body: String
    /// The `category` hint.
    public var category: String

    /// An entry.
    public init(id: Int, appname: String, summary: String, body: String, category: String) {
        self.id = id
        self.appname = appname
        self.summary = summary
        self.body = body
        self.category = category
    }

    /// The entries in `text`, `dunstctl history`'s JSON (dunst 1.9: `{"type": "aa{sv}",
    /// "data": [[{"<key>": {"type": …, "data": …}}, …]]}`), or `nil` when it is not that shape.
    public static func parseAll(_ text: String) -> [DunstHistoryEntry]? {
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
