// SPDX-License-Identifier: GPL-3.0-or-later
/// A C bit set (`IN_*`, `POLL*`) as an `OptionSet`: each flag made from its C constant, and the
/// flags named for logs and test failures.
package protocol FlagSet: OptionSet, Hashable, Sendable, CustomStringConvertible
where RawValue: FixedWidthInteger, Element == Self {
    /// Each named flag, in the order a description lists them.
    static var names: KeyValuePairs<Self, String> { get }
}

extension FlagSet {
    /// The flags of C constant `bits` (a macro, imported as `Int32`).
    init(_ bits: some BinaryInteger) { self.init(rawValue: RawValue(bits)) }

    /// The flag names, e.g. `[closeWrite, isDir]`; bits without a name in hex.
    package var description: String {
        var rest = rawValue
        var parts: [String] = []
        for (flag, name) in Self.names where contains(flag) {
            parts.append(name)
            rest &= ~flag.rawValue
        }
        if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
