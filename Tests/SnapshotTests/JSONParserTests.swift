// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import Snapshot

@Suite struct JSONParserTests {
    /// Valid documents and their compact form: order, duplicates and number text are kept.
    @Test(arguments: [
        (#"{"b":1,"a":[true,false,null]}"#, #"{"b":1,"a":[true,false,null]}"#),
        (" \t\r\n[ ] ", "[]"),
        ("{ }", "{}"),
        ("-0", "-0"),
        ("0.50", "0.50"),
        ("1.0E+2", "1.0E+2"),
        ("-12e-3", "-12e-3"),
        ("12345678901234567890123", "12345678901234567890123"),
        (#"{"k":1,"k":2}"#, #"{"k":1,"k":2}"#),
        (#""\u00e9\/\b\f\n\r\t\"\\""#, "\"é/\\b\\f\\n\\r\\t\\\"\\\\\""),
        (#""\ud83d\ude00""#, "\"😀\""),
        ("\"ਜਪੁ\"", "\"ਜਪੁ\""),
        ("\u{FEFF}{}", "{}"),
    ])
    func parsesValid(_ input: String, _ compact: String) throws {
        #expect(try JSONParser.parse(Array(input.utf8)).compact == compact)
        #expect(try JSONParser.parseWithRanges(Array(input.utf8)).value.compact == compact)
    }

    /// Every control character (`Printable.isControl`: bidi controls and invisible format characters
    /// too) is written as `\uXXXX`: the value is the same to a reader, and no byte of a timeline or
    /// of `status --format json` turns a terminal's text around. ZWJ and ZWNJ are written as they are.
    @Test func controlCharactersAreWrittenEscapedAndReadBackTheSame() throws {
        let title = "a\u{202E}b\u{2066}c\u{FEFF}d\u{7F}\u{85}\u{2028}e\n\u{1B}ਤ੍\u{200D}ਵ\u{200C}"
        let compact = JSONValue.string(title).compact
        #expect(compact == #""a\u202eb\u2066c\ufeffd\u007f\u0085\u2028e\n\u001bਤ੍\#u{200D}ਵ\#u{200C}""#)
        #expect(try JSONParser.parse(Array(compact.utf8)) == .string(title))
    }

    @Test func duplicateKeysLastWins() throws {
        let value = try JSONParser.parse(Array(#"{"k":1,"k":2}"#.utf8))
        #expect(value["k"] == .number("2"))
    }

    /// Invalid documents and the exact error, with line and column.
    @Test(arguments: [
        ("", "line 1, column 1: unexpected end of file, expected a value"),
        ("{", "line 1, column 2: unexpected end of file inside an object"),
        ("[1,", "line 1, column 4: unexpected end of file, expected a value"),
        ("{\"a\":1}x", "line 1, column 8: unexpected character 'x' after the JSON value"),
        ("{}\n{}", "line 2, column 1: unexpected character '{' after the JSON value"),
        ("NaN", "line 1, column 1: NaN and Infinity are not JSON numbers"),
        ("[-Infinity]", "line 1, column 3: NaN and Infinity are not JSON numbers"),
        ("012", "line 1, column 1: leading zeros are not allowed in numbers"),
        ("[-01]", "line 1, column 3: leading zeros are not allowed in numbers"),
        ("1.", "line 1, column 3: expected a digit after the decimal point"),
        ("1e+", "line 1, column 4: expected a digit in the exponent"),
        ("-", "line 1, column 2: expected a digit after '-'"),
        ("+1", "line 1, column 1: unexpected character '+', expected a value"),
        ("\"a\tb\"", "line 1, column 3: control character 0x9 in a string; escape it"),
        ("\"\\x\"", "line 1, column 2: invalid escape '\\x' in a string"),
        ("\"\\u12\"", "line 1, column 2: incomplete \\u escape"),
        ("\"\\u12zz\"", "line 1, column 2: invalid \\u escape: expected four hex digits"),
        ("\"\\ud800\"", "line 1, column 2: lone high surrogate \\ud800 in a string"),
        ("\"\\udc00\"", "line 1, column 2: lone low surrogate \\udc00 in a string"),
        ("\"abc", "line 1, column 5: unterminated string (opened at line 1, column 1)"),
        ("{a:1}", "line 1, column 2: unexpected character 'a', expected a member name in double quotes"),
        ("{\"a\" 1}", "line 1, column 6: unexpected character '1', expected ':' after a member name"),
        ("[1 2]", "line 1, column 4: unexpected character '2', expected ',' or ']' after an array element"),
        ("{\"a\":1,}", "line 1, column 8: unexpected character '}', expected a member name in double quotes"),
        ("[tru]", "line 1, column 2: unexpected character 't', expected a value"),
        ("\n\n  ]", "line 3, column 3: unexpected character ']', expected a value"),
        ("\"é\" x", "line 1, column 5: unexpected character 'x' after the JSON value"),
    ])
    func rejectsInvalid(_ input: String, _ message: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(input.utf8)) }
        do {
            _ = try JSONParser.parse(Array(input.utf8))
        } catch {
            #expect(error.description == message)
        }
        // Recording ranges is exactly as strict.
        do {
            _ = try JSONParser.parseWithRanges(Array(input.utf8))
            Issue.record("parsed with ranges")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Bytes that are not UTF-8, and UTF-8 that is not allowed (overlong, surrogates, past U+10FFFF).
    @Test(
        arguments: [
            ([0x22, 0xFF, 0x22], "line 1, column 2: invalid UTF-8 byte 0xFF"),
            ([0x22, 0xC3, 0x22], "line 1, column 2: invalid UTF-8 sequence starting with 0xC3"),
            ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8 byte 0xC0"),
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], "line 1, column 2: invalid UTF-8 sequence starting with 0xE0"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8 sequence starting with 0xED"),
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 2: invalid UTF-8 sequence starting with 0xF4"),
            ([0x22, 0x80, 0x22], "line 1, column 2: invalid UTF-8 byte 0x80"),
        ] as [([UInt8], String)])
    func rejectsInvalidUTF8(_ bytes: [UInt8], _ message: String) {
        do {
            let value = try JSONParser.parse(bytes)
            Issue.record("parsed \(value.compact)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(Array(ok.utf8)) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        do {
            _ = try JSONParser.parse(Array(deep.utf8))
            Issue.record("65 levels parsed")
        } catch {
            #expect(error.description == "line 1, column 65: nested deeper than 64 levels")
        }
        // Far deeper input must fail cleanly, not overflow the stack.
        let abyss = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(abyss) }
    }

    // MARK: Ranges

    /// The text of `range` in `bytes`.
    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Checks every node of `syntax` against `value`: the same shape, each range reads back alone as
    /// its value (each key range as its name), and ranges are in order and do not overlap.
    static func check(_ syntax: JSONSyntax, _ value: JSONValue, _ bytes: [UInt8]) throws {
        #expect(try JSONParser.parse(Array(bytes[syntax.range])) == value)
        var end = syntax.range.lowerBound
        switch (syntax.kind, value) {
        case (.scalar, .array), (.scalar, .object):
            Issue.record("a container recorded as a scalar: \(text(bytes, syntax.range))")
        case (.scalar, _): break
        case (.array(let nodes), .array(let items)):
            #expect(nodes.count == items.count)
            for (node, item) in zip(nodes, items) {
                #expect(node.range.lowerBound > end)
                end = node.range.upperBound
                try check(node, item, bytes)
            }
        case (.object(let members), .object(let pairs)):
            #expect(members.count == pairs.count)
            for (member, pair) in zip(members, pairs) {
                #expect(member.key == pair.key)
                #expect(try JSONParser.parse(Array(bytes[member.keyRange])) == .string(pair.key))
                #expect(member.keyRange.lowerBound > end && member.value.range.lowerBound > member.keyRange.upperBound)
                end = member.value.range.upperBound
                try check(member.value, pair.value, bytes)
            }
        default:
            Issue.record("shape differs at \(text(bytes, syntax.range))")
        }
        // The last part ends before the closing bracket.
        #expect(end < syntax.range.upperBound)
    }

    /// CRLF, escapes in names and values, duplicate names, nested and empty arrays, number text.
    static let rangesDocument =
        "\u{FEFF}{\r\n  \"a\\u0062\" : [1, [ 2.50E1 ,[]], {\"k\":\"\\\"q\\\"\"}],\r\n"
        + "  \"k\": true,\r\n  \"k\":\"caf\u{E9} \\/\"\r\n}\r\n"

    @Test func rangesOfKeysAndValues() throws {
        let bytes = Array(Self.rangesDocument.utf8)
        let (value, syntax) = try JSONParser.parseWithRanges(bytes)
        #expect(value == (try JSONParser.parse(bytes)))
        try Self.check(syntax, value, bytes)
        // After the byte-order mark, up to the closing brace (the final CRLF is outside).
        #expect(syntax.range == 3..<(bytes.count - 2))
        guard case .object(let members) = syntax.kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["ab", "k", "k"])
        #expect(members.map { Self.text(bytes, $0.keyRange) } == [#""a\u0062""#, #""k""#, #""k""#])
        #expect(
            members.map { Self.text(bytes, $0.value.range) }
                == [#"[1, [ 2.50E1 ,[]], {"k":"\"q\""}]"#, "true", #""café \/""#])
        // What lies between a name and its value, and between members, is the bytes between ranges.
        #expect(Self.text(bytes, members[0].keyRange.upperBound..<members[0].value.range.lowerBound) == " : ")
        #expect(Self.text(bytes, members[0].value.range.upperBound..<members[1].keyRange.lowerBound) == ",\r\n  ")
        #expect(Self.text(bytes, members[2].keyRange.upperBound..<members[2].value.range.lowerBound) == ":")
        guard case .array(let items) = members[0].value.kind, items.count == 3,
            case .array(let inner) = items[1].kind, inner.count == 2, case .array(let empty) = inner[1].kind,
            case .object(let last) = items[2].kind, last.count == 1
        else {
            Issue.record("unexpected shape of \"ab\"")
            return
        }
        #expect(items.map { Self.text(bytes, $0.range) } == ["1", "[ 2.50E1 ,[]]", #"{"k":"\"q\""}"#])
        #expect(inner.map { Self.text(bytes, $0.range) } == ["2.50E1", "[]"])
        #expect(empty.isEmpty && inner[0].kind == .scalar)
        #expect(Self.text(bytes, last[0].keyRange) == #""k""#)
        #expect(Self.text(bytes, last[0].value.range) == #""\"q\"""#)
    }

    /// Scalars, empty containers and surrounding whitespace at the top level.
    @Test(arguments: [
        (" 12 ", "12"), ("\r\n\"x\\n\"\r\n", "\"x\\n\""), ("[]", "[]"), ("{ }", "{ }"), ("\tnull", "null"),
        ("[[[-0.0e-0]]]", "[[[-0.0e-0]]]"),
    ])
    func rangeOfTheWholeDocument(_ input: String, _ text: String) throws {
        let bytes = Array(input.utf8)
        let (value, syntax) = try JSONParser.parseWithRanges(bytes)
        #expect(Self.text(bytes, syntax.range) == text)
        try Self.check(syntax, value, bytes)
    }

    @Test func fileErrorsNameTheFile() {
        #expect(throws: GroupFileError(.empty, path: "/g/p.json", problem: "is empty; expected a JSON object")) {
            try JSONParser.parse(Array(" \n\t".utf8), path: "/g/p.json")
        }
        #expect(
            throws: GroupFileError(
                .truncated, path: "/g/p.json",
                problem: "not valid JSON (truncated?): line 1, column 9: unexpected end of file inside an object")
        ) {
            try JSONParser.parse(Array(#"{"a":[1]"#.utf8), path: "/g/p.json")
        }
    }

    @Test func errorCodesTellTruncatedFromMalformed() {
        func code(_ text: String) -> GroupFileError.Code? {
            do {
                _ = try JSONParser.parse(Array(text.utf8), path: "p")
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code(#"{"a":1"#) == .truncated)
        #expect(code(#"{"a":"unterminated"#) == .truncated)
        #expect(code(#"{"a":1]"#) == .syntax)
        #expect(code(#"{"a":tru}"#) == .syntax)
        #expect(code("") == .empty)
    }
}
