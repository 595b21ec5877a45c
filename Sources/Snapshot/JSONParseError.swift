/// Why some bytes are not the JSON this project reads, and where: 1-based line and column
/// (columns count Unicode scalars, not bytes).
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "expected ',' or '}' after an object member".
    public let message: String
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column of the offending byte.
    public let column: Int

    /// An error at `line`:`column`.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
