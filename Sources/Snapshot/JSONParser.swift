// SPDX-License-Identifier: GPL-3.0-or-later
/// A strict RFC 8259 JSON reader producing `JSONValue` (object order and number text kept).
///
/// Rejects trailing garbage, `NaN`/`Infinity`, leading zeros, raw control characters in strings,
/// invalid UTF-8, lone surrogates and nesting deeper than `maxDepth`. Duplicate keys are kept;
/// `JSONValue`'s subscript reads the last one, as most readers do. A leading UTF-8 byte-order
/// mark is skipped.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maxDepth = 64

    /// Parses one JSON document.
    /// - Throws: `JSONParseError` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: bytes, recording: false)
        return try reader.document()
    }

    /// Parses one JSON document as `parse` does (as strictly, with the same errors) and, in the same
    /// pass, records where each value, member name and element lies in `bytes`.
    /// - Throws: `JSONParseError` with the line and column of the first problem.
    static func parseWithRanges(_ bytes: [UInt8]) throws(JSONParseError) -> (value: JSONValue, syntax: JSONSyntax) {
        var reader = Reader(bytes: bytes, recording: true)
        let value = try reader.document()
        return (value, reader.node)
    }
}

extension JSONParser {
    /// Parses the contents of file `path`: an empty (or all-whitespace) file and a parse error become
    /// a `GroupFileError` naming the file, e.g. `…: not valid JSON: line 3, column 1: unexpected end of file…`.
    package static func parse(_ bytes: [UInt8], path: String) throws(GroupFileError) -> JSONValue {
        try naming(path, bytes) { () throws(JSONParseError) in try parse(bytes) }
    }

    /// `parseWithRanges` with the errors of `parse(_:path:)`.
    package static func parseWithRanges(_ bytes: [UInt8], path: String) throws(GroupFileError) -> (
        value: JSONValue, syntax: JSONSyntax
    ) {
        try naming(path, bytes) { () throws(JSONParseError) in try parseWithRanges(bytes) }
    }

    private static func naming<T>(_ path: String, _ bytes: [UInt8], _ parse: () throws(JSONParseError) -> T)
        throws(GroupFileError) -> T
    {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw GroupFileError(.empty, path: path, problem: "is empty; expected a JSON object")
        }
        do throws(JSONParseError) {
            return try parse()
        } catch {
            throw GroupFileError(
                error.atEnd ? .truncated : .syntax, path: path,
                problem: "not valid JSON\(error.atEnd ? " (truncated?)" : ""): \(error)", cause: error)
        }
    }
}

/// The cursor over the bytes; line and column are computed only when an error is reported.
///
/// When `recording`, each value parsed leaves its `JSONSyntax` in `node` (a container's holding
/// its children's), for the caller to take before it parses the next; otherwise `node` is never
/// touched and no ranges are built.
private struct Reader {
    let bytes: [UInt8]
    let recording: Bool
    var index = 0
    /// The syntax of the value parsed last, when `recording`.
    var node = JSONSyntax(range: 0..<0, kind: .scalar)

    init(bytes: [UInt8], recording: Bool) {
        self.bytes = bytes
        self.recording = recording
    }

    /// The whole document: one value between optional whitespace, after an optional byte-order mark.
    mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    func error(_ message: String, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var column = 1
        var i = 0
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return JSONParseError(message: message, line: line, column: column, atEnd: index >= bytes.count)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21, b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = index
        let scalar: JSONValue
        switch bytes[index] {
        // A container records its own node.
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): scalar = .string(try string())
        case UInt8(ascii: "t"): scalar = try literal("true", .bool(true))
        case UInt8(ascii: "f"): scalar = try literal("false", .bool(false))
        case UInt8(ascii: "n"): scalar = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): scalar = .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers")
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        if recording { node = JSONSyntax(range: start..<index, kind: .scalar) }
        return scalar
    }

    mutating func literal(_ word: StaticString, _ result: JSONValue) throws(JSONParseError) -> JSONValue {
        let text = word.withUTF8Buffer { Array($0) }
        guard index + text.count <= bytes.count, Array(bytes[index..<index + text.count]) == text else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += text.count
        return result
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        let start = index
        var members: [(key: String, value: JSONValue)] = []
        var syntax: [JSONSyntax.Member] = []
        if try !opens(depth: depth, empty: UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an object") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeCurrent()), expected a member name in double quotes")
                }
                let keyStart = index
                let key = try string()
                let keyRange = keyStart..<index
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error(
                        index < bytes.count
                            ? "unexpected \(describeCurrent()), expected ':' after a member name"
                            : "unexpected end of file inside an object")
                }
                index += 1
                skipWhitespace()
                let value = try value(depth: depth)
                members.append((key, value))
                if recording { syntax.append(JSONSyntax.Member(key: key, keyRange: keyRange, value: node)) }
            } while try !closes(UInt8(ascii: "}"), inside: "an object", after: "an object member")
        }
        if recording { node = JSONSyntax(range: start..<index, kind: .object(syntax)) }
        return .object(members)
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        let start = index
        var items: [JSONValue] = []
        var syntax: [JSONSyntax] = []
        if try !opens(depth: depth, empty: UInt8(ascii: "]")) {
            repeat {
                skipWhitespace()
                items.append(try value(depth: depth))
                if recording { syntax.append(node) }
            } while try !closes(UInt8(ascii: "]"), inside: "an array", after: "an array element")
        }
        if recording { node = JSONSyntax(range: start..<index, kind: .array(syntax)) }
        return .array(items)
    }

    /// Steps past a container's opening bracket, refusing one nested deeper than `maxDepth`; true
    /// when `close` follows at once (the empty container, stepped past too).
    mutating func opens(depth: Int, empty close: UInt8) throws(JSONParseError) -> Bool {
        guard depth <= JSONParser.maxDepth else {
            throw error("nested deeper than \(JSONParser.maxDepth) levels")
        }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After a member or an element, steps past the `,` before the next (false) or the container's
    /// `close` (true).
    mutating func closes(_ close: UInt8, inside container: String, after item: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file inside \(container)") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case close:
            index += 1
            return true
        default:
            throw error(
                "unexpected \(describeCurrent()), expected ',' or '\(Character(Unicode.Scalar(close)))' after \(item)")
        }
    }

    /// A number's exact text, checked against the JSON grammar.
    mutating func number() throws(JSONParseError) -> String {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers")
            }
            throw error("expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("leading zeros are not allowed in numbers", at: index - 1) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("expected a digit after the decimal point") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else { throw error("expected a digit in the exponent") }
            while isDigit(index) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string literal starting at the opening quote; validates UTF-8 and escapes.
    mutating func string() throws(JSONParseError) -> String {
        let open = index
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw error("unterminated string (opened at \(position(open)))") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try escape())
            case 0x00..<0x20:
                throw error("control character 0x\(String(b, radix: 16, uppercase: true)) in a string; escape it")
            case 0x20..<0x80:
                scalars.append(Unicode.Scalar(b))
                index += 1
            default:
                scalars.append(try utf8Scalar())
            }
        }
    }

    func position(_ offset: Int) -> String {
        let e = error("", at: offset)
        return "line \(e.line), column \(e.column)"
    }

    mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4(escapeStart: start)
            if (0xDC00...0xDFFF).contains(high) {
                throw error("lone low surrogate \\u\(String(high, radix: 16)) in a string", at: start)
            }
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("lone high surrogate \\u\(String(high, radix: 16)) in a string", at: start) }
                let lowStart = index
                index += 2
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("high surrogate \\u\(String(high, radix: 16)) not followed by a low one", at: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            return Unicode.Scalar(high)!
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string", at: start)
        }
    }

    mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape", at: escapeStart) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("invalid \\u escape: expected four hex digits", at: escapeStart)
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    /// One multi-byte UTF-8 scalar; rejects overlong forms, surrogates and bytes past U+10FFFF.
    mutating func utf8Scalar() throws(JSONParseError) -> Unicode.Scalar {
        let b0 = bytes[index]
        let count: Int
        var v: UInt32
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF:
            count = 2
            v = UInt32(b0 & 0x1F)
        case 0xE0...0xEF:
            count = 3
            v = UInt32(b0 & 0x0F)
            if b0 == 0xE0 { lower = 0xA0 }
            if b0 == 0xED { upper = 0x9F }
        case 0xF0...0xF4:
            count = 4
            v = UInt32(b0 & 0x07)
            if b0 == 0xF0 { lower = 0x90 }
            if b0 == 0xF4 { upper = 0x8F }
        default:
            throw error("invalid UTF-8 byte 0x\(String(b0, radix: 16, uppercase: true))")
        }
        for k in 1..<count {
            let i = index + k
            guard i < bytes.count, bytes[i] >= (k == 1 ? lower : 0x80), bytes[i] <= (k == 1 ? upper : 0xBF) else {
                throw error("invalid UTF-8 sequence starting with 0x\(String(b0, radix: 16, uppercase: true))")
            }
            v = v << 6 | UInt32(bytes[i] & 0x3F)
        }
        index += count
        return Unicode.Scalar(v)!
    }
}
