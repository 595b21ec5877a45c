// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit

/// A table of test cases kept as text in `fixtures/cases/<name>.tsv`, so that more than one test (a
/// unit test and the binary's, say) holds the same cases, and a case is added without a rebuild.
///
/// The format (`fixtures/cases/README.md`): `#` starts a comment line; the first other line names
/// the columns; each later line is a case. Fields are parted by a tab or by two or more spaces, so
/// columns may be aligned. A field `-` is none; `\u{1B}`, `\t`, `\n`, `\\` and `\u{20}` (a space
/// where two would part fields) are escapes; `""` is the empty text.
package struct CaseTable {
    /// One case: its fields by column, and where it stands (`clock-accepted.tsv:12`).
    package struct Row: Sendable, CustomStringConvertible {
        package let place: String
        package let columns: [String]
        package let fields: [String?]
        package var description: String {
            place + ": " + fields.map { $0.map { $0.debugDescription } ?? "-" }.joined(separator: " ")
        }

        /// The field of `column` (a column the table was loaded with), `-` read as nil.
        package func optional(_ column: String) -> String? {
            guard let index = columns.firstIndex(of: column) else {
                preconditionFailure("\(place): no column \(column) (columns: \(columns.joined(separator: " ")))")
            }
            return fields[index]
        }

        /// The field of `column`; a case where it is `-` fails here, naming its place.
        package subscript(_ column: String) -> String {
            guard let value = optional(column) else { preconditionFailure("\(place): \(column) is -") }
            return value
        }

        /// The field of `column` as `yes` or `no`; anything else fails here, naming its place.
        package func flag(_ column: String) -> Bool {
            switch self[column] {
            case "yes": return true
            case "no": return false
            case let other: preconditionFailure("\(place): \(column) is \(other), not yes or no")
            }
        }
    }

    /// The rows of `fixtures/cases/<name>.tsv`, whose header must be `columns` (nil: any).
    package static func rows(_ name: String, columns: [String]?) throws -> [Row] {
        let path = NitnemBinary.fixture("cases/\(name).tsv")
        return try rows(text: String(contentsOfFile: path, encoding: .utf8), name: name, columns: columns)
    }

    /// The rows of `text`, a table named `name`, whose header must be `columns` (nil: any).
    package static func rows(text: String, name: String, columns: [String]?) throws -> [Row] {
        var header: [String]?
        var rows: [Row] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "\(name).tsv:\(number + 1)"
            guard !line.allSatisfy(\.isWhitespace), !line.hasPrefix("#") else { continue }
            let fields = try line.split(separator: #/ {2,}|\t+/#).map { try field(String($0), at: place) }
            guard let columnNames = header else {
                header = fields.map { $0 ?? "-" }
                guard columns == nil || header == columns else {
                    throw FixtureError("\(place): the columns are \(header!), the test reads \(columns!)")
                }
                continue
            }
            guard fields.count == columnNames.count else {
                throw FixtureError("\(place): \(fields.count) fields, the header names \(columnNames.count)")
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
                else { throw FixtureError("\(place): a \\u escape needs \\u{HEX}: \(raw)") }
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
