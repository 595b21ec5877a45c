// SPDX-License-Identifier: GPL-3.0-or-later
/// An immutable value behind one reference: a struct copied at every wake (the loaded files, a bani,
/// the config, a state, a notice, a ledger entry, a per-bani slot) keeps its fields in one, so a
/// copy is one retain where the fields' references were retained one by one. A change makes a new
/// box: copies sharing the old one never see it. Usable from inlinable code, so that a field read
/// through a box in another module stays a load (`GroupFiles`, `NitnemSnapshot.Bani`).
@usableFromInline package final class Boxed<Value: Sendable>: Sendable {
    @usableFromInline package let value: Value
    @usableFromInline package init(_ value: Value) { self.value = value }
}

extension Boxed where Value: Equatable {
    /// Whether `a` and `b` hold equal values: the same box, or equal fields.
    @inlinable package static func same(_ a: Boxed, _ b: Boxed) -> Bool { a === b || a.value == b.value }
}
