// SPDX-License-Identifier: GPL-3.0-or-later
import Snapshot

/// The checks that a mark (in process or through the binary) changes only what it sets in a
/// progress file: AgentShellTests' and EndToEndTests' `ProgressBytesTests`, `ProgressWriterTests`
/// and `MarkCommandTests`.
extension Support {
    /// The values a mark sets in a bani's entry.
    package static let markFields = ["completedDays", "lastReadAt", "lastSeq"]

    /// A progress file that has no `banis.<id>` object.
    package struct NoBaniEntry: Error, CustomStringConvertible {
        package let id: String
        package var description: String { "no banis.\(id) object" }
    }

    /// The bytes with the values of `banis.<id>.<field>` for each of `fields` (the last of each
    /// name, as readers read) replaced by `#`, so two texts that differ only there compare equal.
    package static func masked(_ bytes: [UInt8], _ id: String, _ fields: [String]) throws -> [UInt8] {
        let syntax = try JSONParser.parseWithRanges(bytes, path: "progress").syntax
        func member(_ node: JSONSyntax, _ key: String) -> JSONSyntax? {
            guard case .object(let members) = node.kind else { return nil }
            return members.last { $0.key == key }?.value
        }
        guard let entry = member(syntax, "banis").flatMap({ member($0, id) }) else { throw NoBaniEntry(id: id) }
        let ranges = fields.compactMap { member(entry, $0)?.range }.sorted { $0.lowerBound > $1.lowerBound }
        var out = bytes
        for range in ranges { out.replaceSubrange(range, with: [UInt8(ascii: "#")]) }
        return out
    }

    /// What `after` changed of `before` but for the values a mark sets (`markFields`) and new bani
    /// entries: `"not objects"`, `"member order"`, a top-level key or `id.key`; empty when nothing.
    package static func changedBesidesMark(_ before: JSONValue, _ after: JSONValue) -> [String] {
        guard case .object(let b) = before, case .object(let a) = after else { return ["not objects"] }
        var changed = a.map(\.key) == b.map(\.key) ? [] : ["member order"]
        changed += b.filter { $0.key != "banis" && after[$0.key] != $0.value }.map(\.key)
        guard case .object(let oldBanis)? = before["banis"] else { return changed }
        for (id, entry) in oldBanis {
            guard case .object(let members) = entry else { continue }
            for (key, value) in members where !markFields.contains(key) && after["banis"]?[id]?[key] != value {
                changed.append("\(id).\(key)")
            }
        }
        return changed
    }
}
