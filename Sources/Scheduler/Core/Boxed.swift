// SPDX-License-Identifier: GPL-3.0-or-later
/// An immutable value behind one reference: a struct the core copies at every wake (a state, a
/// notice, a ledger entry, a per-bani slot) keeps its fields in one, so a copy is one retain where
/// the fields' references were retained one by one. A change makes a new box: copies sharing the
/// old one never see it.
final class Boxed<Value: Hashable & Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }

    /// Whether `a` and `b` hold equal values: the same box, or equal fields.
    static func same(_ a: Boxed, _ b: Boxed) -> Bool { a === b || a.value == b.value }
}
