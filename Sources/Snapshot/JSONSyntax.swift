/// Where each value, member name and element of a JSON document lies in its bytes, so a writer can
/// replace one value and keep every other byte (indentation, escapes, number text) as it was.
///
/// Produced by `JSONParser.parseWithRanges` in the same pass as the `JSONValue`: members and
/// elements are in source order, one for one with that value's. What lies between two ranges (the
/// colon, commas and whitespace) is the bytes between them.
struct JSONSyntax: Equatable, Sendable {
    /// One object member: its decoded name and where the name and the value lie.
    struct Member: Equatable, Sendable {
        var key: String
        /// The name including its quotes, as written (escapes and all).
        var keyRange: Range<Int>
        var value: JSONSyntax
    }

    enum Kind: Equatable, Sendable {
        case scalar
        case array([JSONSyntax])
        case object([Member])
    }

    /// The value's bytes: from `{`, `[`, `"` or its first character to just past its last.
    var range: Range<Int>
    var kind: Kind
}
