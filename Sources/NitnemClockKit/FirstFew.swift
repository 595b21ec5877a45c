// SPDX-License-Identifier: GPL-3.0-or-later
/// The first few of many things of one kind (problems, warnings), and how many more there were: a
/// message says those few and `and N more`, so it stays short whatever a file or a command line
/// holds.
///
/// - Important: What is not kept is never made: `append` takes its element as an autoclosure, so
///   the 20,000th unknown id of a file costs a count, not a line.
package struct FirstFew<Element> {
    /// The first `limit` appended, in order.
    package private(set) var items: [Element] = []
    /// How many were appended after those.
    package private(set) var more = 0
    /// How many are kept.
    package let limit: Int

    /// None yet; `limit` of them will be kept (`Printable.listLimit` by default).
    package init(limit: Int = Printable.listLimit) { self.limit = limit }

    /// `items`, the first `limit` of them kept and the rest counted.
    package init(_ items: [Element], limit: Int = Printable.listLimit) {
        self.limit = limit
        for item in items { append(item) }
    }

    /// Keeps `item` while fewer than `limit` are kept; else counts it (and never evaluates it).
    package mutating func append(_ item: @autoclosure () -> Element) {
        if items.count < limit {
            items.append(item())
        } else {
            more += 1
        }
    }

    /// Whether nothing was appended.
    package var isEmpty: Bool { items.isEmpty }

    /// How many were appended, kept or not.
    package var count: Int { items.count + more }
}

extension FirstFew: Equatable where Element: Equatable {}
extension FirstFew: Hashable where Element: Hashable {}
extension FirstFew: Sendable where Element: Sendable {}

extension FirstFew where Element == String {
    /// The lines kept, then `andMore(more)` when some were left out (`… and 19990 more unknown ids in
    /// FILE`).
    package func lines(andMore: (Int) -> String) -> [String] {
        more > 0 ? items + [andMore(more)] : items
    }
}
