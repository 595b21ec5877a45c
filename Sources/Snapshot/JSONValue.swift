// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A JSON value that keeps the order of object keys and the exact text of numbers, so a file can
/// be read, patched and written back with every unknown key and value unchanged.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, kept as its source text (`120`, `1.5e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object, its members in source order.
    case object([(key: String, value: JSONValue)])

    /// A number from an integer.
    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number from a double, written the shortest way that reads back the same.
    package static func double(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number("\(value)")
    }

    /// A string, or `null` for `nil`.
    package static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Compact JSON text on one line.
    package var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// JSON text indented by two spaces, ending in a newline.
    package var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out + "\n"
    }

    func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent, level: level)
        case .object(let members):
            writeContainer(
                members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &out, indent: indent, level: level)
        }
    }

    private func writeContainer(
        _ items: [(String?, JSONValue)], open: String, close: String, to out: inout String, indent: String?,
        level: Int
    ) {
        out += open
        if items.isEmpty {
            out += close
            return
        }
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            if let key {
                JSONValue.writeString(key, to: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(to: &out, indent: indent, level: level + 1)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // Every control character (`Printable.isControl`: C0, DEL, C1, the line separators, the
                // bidi controls, the invisible format characters) as `\uXXXX`: the value is the same
                // to a JSON reader, and none reaches a terminal or an applet raw.
                if Printable.isControl(scalar), scalar.value <= 0xFFFF {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
