/// One notification as `dunst -print` reported it.
public struct DunstRecord: Hashable, Sendable {
    /// Every `key: value` field as printed (quotes removed), e.g. `appname`, `urgency`.
    public var fields: [String: String]
    /// The actions, `id` → label, e.g. `read` → `Read now`.
    public var actions: [String: String]

    /// A record.
    public init(fields: [String: String], actions: [String: String]) {
        self.fields = fields
        self.actions = actions
    }

    /// The app name the client sent.
    public var appname: String? { fields["appname"] }
    /// The summary line.
    public var summary: String? { fields["summary"] }
    /// The body as sent (markup, if any, is still in it).
    public var body: String? { fields["body"] }
    /// The `category` hint.
    public var category: String? { fields["category"] }
    /// The `desktop-entry` hint.
    public var desktopEntry: String? { fields["desktop_entry"] }
    /// `LOW`, `NORMAL` or `CRITICAL`.
    public var urgency: String? { fields["urgency"] }
    /// The id dunst gave the notification.
    public var id: Int? { fields["id"].flatMap { Int($0) } }

    /// Every complete record in `text`, dunst's `-print` output, in order.
    ///
    /// The format (dunst 1.9): `{`, then one `<TAB>key: value` per line (values of string
    /// fields in single quotes and possibly spanning lines), `actions: {` with one
    /// `"id": "label"` line each up to `<TAB>}`, then `}`.
    public static func parseAll(_ text: String) -> [DunstRecord] {
        var records: [DunstRecord] = []
        var current: DunstRecord?
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if line == "{" {
                current = DunstRecord(fields: [:], actions: [:])
                continue
            }
            guard current != nil else { continue }
            if line == "}" {
                records.append(current!)
                current = nil
                continue
            }
            guard line.hasPrefix("\t"), let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[line.index(after: line.startIndex)..<colon])
            var value = String(line[line.index(after: colon)...].dropFirst())
            if key == "actions" {
                if value == "{" {
                    while let actionLine = lines.popFirst(), actionLine != "\t}" {
                        let parts = actionLine.trimmingPrefix("\t\t").split(separator: "\": \"", maxSplits: 1)
                        guard parts.count == 2 else { continue }
                        current!.actions[String(parts[0].dropFirst())] = String(parts[1].dropLast())
                    }
                }
                continue
            }
            if value.hasPrefix("'") {
                // A quoted value ends at the first line that ends with a quote.
                while !(value.count >= 2 && value.hasSuffix("'")), let next = lines.popFirst() {
                    value += "\n" + next
                }
                value = String(value.dropFirst().dropLast())
            }
            current!.fields[key] = value
        }
        return records
    }
}
