// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit

/// A table of test cases kept as text in `fixtures/cases/<name>.tsv`, so that more than one test (a
/// unit test and the binary's, say) holds the same cases, and a case is added without a rebuild.
///
/// The format (`fixtures/cases/README.md`): `#` starts a comment line; the first other line names
/// the columns; each later line is a case. Fields are parted by a tab or by two or more spaces, so
/// columns may be aligned. A field `-` is none; `\u{1B}`, `\t`, `\n`, `\\` and `\u{20}` (a space
/// where two would part fields) are escapes; `""` is the empty text. `case_rows` in
/// `faults/common.py` reads the same format to the same rows and errors (`CaseTableTests`).
package struct CaseTable {
    /// One case: its fields by column, and where it stands (`clock-accepted.tsv:12`).
    package struct Row: Sendable, CustomStringConvertible {
        package let place: String
        package let columns: [String]
        package let fields: [String?]
        package var description: String {
            place + ": " + fields.map { $0.map { $0.debugDescription } ?? "-" }.joined(separator: " ")
        }

        /// The field of `column`, nil for `-` (only in a column the test loaded as `name?`).
        package func optional(_ column: String) -> String? {
            guard let index = columns.firstIndex(of: column) else {
                preconditionFailure("\(place): the test reads a column \(column) it did not load")
            }
            return fields[index]
        }

        /// The field of `column`, which the load made sure is there.
        package subscript(_ column: String) -> String {
            guard let value = optional(column) else { preconditionFailure("\(place): \(column) is -") }
            return value
        }

        /// The field of `column` as `yes` or `no`.
        package func flag(_ column: String) throws -> Bool {
            switch self[column] {
            case "yes": return true
            case "no": return false
            case let other: throw FixtureError("\(place): \(column) is \(other), not yes or no")
            }
        }
    }

    /// The rows of `fixtures/cases/<name>.tsv`; see `rows(text:name:columns:)`.
    package static func rows(_ name: String, columns: [String]?) throws -> [Row] {
        let path = NitnemBinary.fixture("cases/\(name).tsv")
        return try rows(text: String(contentsOfFile: path, encoding: .utf8), name: name, columns: columns)
    }

    /// The rows of `text`, the table `name`. Its header must be `columns` (nil: any), where a column
    /// written `until?` may hold `-` and every other must not. Throws, naming the place, at anything
    /// amiss, so a bad table fails the tests that read it and nothing else.
    package static func rows(text: String, name: String, columns: [String]?) throws -> [Row] {
        guard !text.unicodeScalars.contains("\r") else {
            throw FixtureError("\(name).tsv: has a carriage return; lines end in LF")
        }
        let names = columns?.map { $0.hasSuffix("?") ? String($0.dropLast()) : $0 }
        var header: [String]?
        var rows: [Row] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "\(name).tsv:\(number + 1)"
            guard !line.allSatisfy(\.isWhitespace), !line.hasPrefix("#") else { continue }
            let raw = line.split(separator: #/ {2,}|\t+/#).map(String.init)
            guard let columnNames = header else {
                if let names, raw != names {
                    throw FixtureError(
                        "\(place): the columns are \(raw.joined(separator: ", ")); the test reads "
                            + names.joined(separator: ", "))
                }
                guard Set(raw).count == raw.count else { throw FixtureError("\(place): a column is named twice") }
                header = raw
                continue
            }
            guard raw.count == columnNames.count else {
                throw FixtureError("\(place): \(raw.count) fields, the header names \(columnNames.count)")
            }
            let fields = try raw.map { try field($0, at: place) }
            for (index, value) in fields.enumerated() where value == nil && columns?[index].hasSuffix("?") == false {
                throw FixtureError("\(place): \(columnNames[index]) is -, which the test does not allow")
            }
            rows.append(Row(place: place, columns: columnNames, fields: fields))
        }
        guard !rows.isEmpty else { throw FixtureError("\(name).tsv: no cases") }
        return rows
    }

    /// A field's text with its escapes read, or nil for `-`.
    static func field(_ raw: String, at place: String) throws -> String? {
        if raw == "-" { return nil }
        if raw == "\"\"" { return "" }
        var out = ""
        var rest = Substring(raw)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            switch rest.first {
            case "\\": out += "\\"
            case "t": out += "\t"
            case "n": out += "\n"
            case "u":
                guard let match = rest.prefixMatch(of: /u\{([0-9A-Fa-f]{1,6})\}/),
                    let scalar = UInt32(match.1, radix: 16).flatMap(Unicode.Scalar.init)
                else { throw FixtureError("\(place): a \\u escape needs \\u{HEX} of a scalar: \(raw)") }
                out.unicodeScalars.append(scalar)
                rest = rest[match.range.upperBound...]
                continue
            default: throw FixtureError("\(place): unknown escape in \(raw)")
            }
            rest = rest.dropFirst()
        }
        return out + rest
    }
}

extension CodedError {
    /// Whether `error` is one of these whose kind is named `code` (`badName`) and whose subject and
    /// problem are these: a case table's refusal, held to what was thrown.
    package static func matches(_ error: any Error, code: String, subject: String = "", problem: String) -> Bool {
        guard let error = error as? Self else { return false }
        return "\(error.code)" == code && error.subject == subject && error.problem == problem
    }
}
