// SPDX-License-Identifier: GPL-3.0-or-later
/// Why some bytes are not the JSON this project reads, and where: 1-based line and column
/// (columns count Unicode scalars, not bytes).
package struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "expected ',' or '}' after an object member".
    package let message: String
    /// The 1-based line of the offending byte.
    package let line: Int
    /// The 1-based column of the offending byte.
    package let column: Int

    /// Whether the input ended where the problem is (the document is cut off, not malformed).
    package let atEnd: Bool

    /// An error at `line`:`column`.
    package init(message: String, line: Int, column: Int, atEnd: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.atEnd = atEnd
    }

    /// `line L, column C: message`.
    package var description: String { "line \(line), column \(column): \(message)" }
}
