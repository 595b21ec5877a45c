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

    @Test func fileErrorsNameTheFile() {
        #expect(throws: SnapshotError(path: "/g/p.json", problem: "is empty; expected a JSON object")) {
            try JSONParser.parse(Array(" \n\t".utf8), path: "/g/p.json")
        }
        #expect(
            throws: SnapshotError(
                path: "/g/p.json",
                problem: "not valid JSON (truncated?): line 1, column 9: unexpected end of file inside an object")
        ) {
            try JSONParser.parse(Array(#"{"a":[1]"#.utf8), path: "/g/p.json")
        }
    }
}
