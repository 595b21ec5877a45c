// SPDX-License-Identifier: GPL-3.0-or-later
/// One notification as `dunst -print` reported it.
package struct DunstRecord: Hashable, Sendable {
    /// Every `key: value` field as printed (quotes removed), e.g. `appname`, `urgency`.
    package var fields: [String: String]
    /// The actions, `id` → label, e.g. `read` → `Read now`.
    package var actions: [String: String]

    /// A record.
    package init(fields: [String: String], actions: [String: String]) {
        self.fields = fields
        self.actions = actions
    }

    /// The app name the client sent.
    package var appname: String? { fields["appname"] }
    /// The summary line.
    package var summary: String? { fields["summary"] }
    /// The body as sent (markup, if any, is still in it).
    package var body: String? { fields["body"] }
    /// The `category` hint.
    package var category: String? { fields["category"] }
    /// The `desktop-entry` hint.
    package var desktopEntry: String? { fields["desktop_entry"] }
    /// `LOW`, `NORMAL` or `CRITICAL`.
    package var urgency: String? { fields["urgency"] }
    /// The id dunst gave the notification.
    package var id: Int? { fields["id"].flatMap { Int($0) } }

    /// Every complete record in `text`, dunst's `-print` output, in order.
    ///
    /// The format (dunst 1.9): `{`, then one `<TAB>key: value` per line (values of string
    /// fields in single quotes and possibly spanning lines), `actions: {` with one
    /// `"id": "label"` line each up to `<TAB>}`, then `}`.
    package static func parseAll(_ text: String) -> [DunstRecord] {
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
