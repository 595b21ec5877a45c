/// Why some bytes are not the JSON this project reads, and where: 1-based line and column
/// (columns count Unicode scalars, not bytes).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "expected ',' or '}' after an object member".
    public let message: String
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column of the offending byte.
    public let column: Int

    /// Whether the input ended where the problem is (the document is cut off, not malformed).
    public let atEnd: Bool

    /// An error at `line`:`column`.
    public init(message: String, line: Int, column: Int, atEnd: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.atEnd = atEnd
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
