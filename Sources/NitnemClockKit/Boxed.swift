// SPDX-License-Identifier: GPL-3.0-or-later
/// An immutable value behind one reference: a struct copied at every wake (the loaded files, a bani,
/// the config, a state, a notice, a ledger entry, a per-bani slot) keeps its fields in one, so a
/// copy is one retain where the fields' references were retained one by one. A change makes a new
/// box: copies sharing the old one never see it. Usable from inlinable code, so that a field read
/// through a box in another module stays a load (`GroupFiles`, `NitnemSnapshot.Bani`). Public, with
/// `BoxedFields`, as the bani is: made `package`, they were not optimized into other modules and a
/// simulated year took 164 M instructions instead of 68 M (`-cross-module-optimization` changes neither).
public final class Boxed<Value: Sendable>: Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

extension Boxed {
    /// A new box holding this value changed by `body`: how every boxed struct changes a field (copies
    /// sharing this box never see it).
    @inlinable public func changed(_ body: (inout Value) -> Void) -> Boxed {
        var value = value
        body(&value)
        return Boxed(value)
    }
}

extension Boxed where Value: Equatable {
    /// Whether `a` and `b` hold equal values: the same box, or equal fields.
    @inlinable public static func same(_ a: Boxed, _ b: Boxed) -> Bool { a === b || a.value == b.value }
}

/// A struct whose fields are kept in one `Boxed`: equal and hashed as its fields (the same box, or
/// equal fields). Its own accessors say what may change (`ReminderNotice`, a ledger entry).
public protocol BoxedValue: Hashable, Sendable {
    associatedtype Fields: Hashable, Sendable
    var box: Boxed<Fields> { get }
}

extension BoxedValue {
    @inlinable public static func == (a: Self, b: Self) -> Bool { Boxed.same(a.box, b.box) }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}

/// A `BoxedValue` whose every field is read and set as a field of its own (`@dynamicMemberLookup`:
/// `bani.id`, `config.snooze`). A change makes a new box: copies sharing the old one never see it.
public protocol BoxedFields: BoxedValue {
    var box: Boxed<Fields> { get set }
}

extension BoxedFields {
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield box.value[keyPath: field] }
        // Not `set`: a mutating call through it (`try config.slots.set(…)`) crashes Swift 6.3.1's SILGen.
        _modify {
            var fields = box.value
            defer { box = Boxed(fields) }
            yield &fields[keyPath: field]
        }
    }
}
