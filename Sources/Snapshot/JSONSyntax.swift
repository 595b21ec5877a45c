/// Where each value, member name and element of a JSON document lies in its bytes, so a writer can
/// replace one value and keep every other byte (indentation, escapes, number text) as it was.
///
/// - Important: `scan` expects bytes `JSONParser` has accepted; it checks only the structure it
///   needs and returns `nil` on anything else rather than guessing. Members and elements are in
///   source order, one for one with the `JSONValue` parsed from the same bytes.
struct JSONSyntax: Sendable {
    /// One object member: its decoded name and where the name and the value lie.
    struct Member: Sendable {
        var key: String
        /// The name including its quotes, as written (escapes and all).
        var keyRange: Range<Int>
        var value: JSONSyntax
    }

    enum Kind: Sendable {
        case scalar
        case array([JSONSyntax])
        case object([Member])
    }

    /// The value's bytes: from `{`, `[`, `"` or its first character to just past its last.
    var range: Range<Int>
    var kind: Kind

    /// The structure of a whole document (a leading byte-order mark and surrounding whitespace
    /// skipped), or `nil` when `bytes` is not one JSON value.
    static func scan(_ bytes: [UInt8]) -> JSONSyntax? {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        guard let value = scanner.value() else { return nil }
        scanner.skipWhitespace()
        return scanner.index == bytes.count ? value : nil
    }
}

/// A structural walk over already validated JSON; any surprise ends it with `nil`.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func at(_ c: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: c) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value() -> JSONSyntax? {
        guard index < bytes.count else { return nil }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONSyntax.Member] = []
            skipWhitespace()
            if !at("}") {
                while true {
                    skipWhitespace()
                    let keyStart = index
                    guard at("\""), skipString() else { return nil }
                    let keyRange = keyStart..<index
                    // The parser already accepted this literal, so decoding it alone cannot differ.
                    guard case .string(let key)? = try? JSONParser.parse(Array(bytes[keyRange])) else { return nil }
                    skipWhitespace()
                    guard at(":") else { return nil }
                    index += 1
                    skipWhitespace()
                    guard let member = value() else { return nil }
                    members.append(JSONSyntax.Member(key: key, keyRange: keyRange, value: member))
                    skipWhitespace()
                    if at(",") {
                        index += 1
                        continue
                    }
                    guard at("}") else { return nil }
                    break
                }
            }
            index += 1
            return JSONSyntax(range: start..<index, kind: .object(members))
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONSyntax] = []
            skipWhitespace()
            if !at("]") {
                while true {
                    skipWhitespace()
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipWhitespace()
                    if at(",") {
                        index += 1
                        continue
                    }
                    guard at("]") else { return nil }
                    break
                }
            }
            index += 1
            return JSONSyntax(range: start..<index, kind: .array(items))
        case UInt8(ascii: "\""):
            guard skipString() else { return nil }
            return JSONSyntax(range: start..<index, kind: .scalar)
        default:
            // A number or literal runs to the next delimiter.
            while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            return index > start ? JSONSyntax(range: start..<index, kind: .scalar) : nil
        }
    }

    /// Moves past a string literal starting at its opening quote.
    mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return false
    }
}
