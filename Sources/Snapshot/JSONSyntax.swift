// SPDX-License-Identifier: GPL-3.0-or-later
/// Where each value, member name and element of a JSON document lies in its bytes, so a writer can
/// replace one value and keep every other byte (indentation, escapes, number text) as it was.
///
/// Produced by `JSONParser.parseWithRanges` in the same pass as the `JSONValue`: members and
/// elements are in source order, one for one with that value's. What lies between two ranges (the
/// colon, commas and whitespace) is the bytes between them.
package struct JSONSyntax: Equatable, Sendable {
    /// One object member: its decoded name and where the name and the value lie.
    package struct Member: Equatable, Sendable {
        /// The decoded name.
        package var key: String
        /// The name including its quotes, as written (escapes and all).
        package var keyRange: Range<Int>
        /// Where the value lies.
        package var value: JSONSyntax
    }

    package enum Kind: Equatable, Sendable {
        case scalar
        case array([JSONSyntax])
        case object([Member])
    }

    /// The value's bytes: from `{`, `[`, `"` or its first character to just past its last.
    package var range: Range<Int>
    /// A scalar, or the elements or members of a container.
    package var kind: Kind
}
