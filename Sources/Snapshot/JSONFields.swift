// SPDX-License-Identifier: GPL-3.0-or-later
/// Typed reads of the members of a JSON object, each failure a `GroupFileError` naming the file,
/// the JSON path (`$.banis[3].nLines`) and what was expected and found.
struct JSONFields {
    /// The file being decoded.
    let file: String
    /// The JSON path of the object.
    let jsonPath: String
    /// The object read.
    let value: JSONValue

    /// The object at `jsonPath`, or an error saying what was there instead.
    init(_ value: JSONValue, file: String, jsonPath: String) throws(GroupFileError) {
        guard case .object = value else {
            throw GroupFileError(
                path: file, jsonPath: jsonPath, problem: "expected an object, found \(JSONFields.describe(value))")
        }
        self.file = file
        self.jsonPath = jsonPath
        self.value = value
    }

    /// The JSON path of member `key`.
    func path(_ key: String) -> String { jsonPath + "." + key }

    func fail(_ key: String, _ expected: String, found: JSONValue?) -> GroupFileError {
        guard let found else {
            return GroupFileError(path: file, jsonPath: path(key), problem: "missing; expected \(expected)")
        }
        return GroupFileError(
            path: file, jsonPath: path(key), problem: "expected \(expected), found \(JSONFields.describe(found))")
    }

    /// Member `key`, treating `null` as absent.
    func optional(_ key: String) -> JSONValue? {
        guard let v = value[key], v != .null else { return nil }
        return v
    }

    /// Member `key` as `read` takes it; an error saying it is not `expected` when absent, `null` or
    /// not taken.
    func required<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(GroupFileError) -> T {
        guard let t = try optional(key, expected, read) else { throw fail(key, expected, found: value[key]) }
        return t
    }

    /// Member `key` as `read` takes it, `nil` when absent or `null`; an error saying it is not
    /// `expected` when not taken.
    func optional<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(GroupFileError) -> T? {
        guard let v = optional(key) else { return nil }
        guard let t = read(v) else { throw fail(key, expected, found: v) }
        return t
    }

    func string(_ key: String) throws(GroupFileError) -> String { try required(key, "a string", JSONFields.string) }

    func optionalString(_ key: String) throws(GroupFileError) -> String? {
        try optional(key, "a string", JSONFields.string)
    }

    func nonEmptyString(_ key: String) throws(GroupFileError) -> String {
        let s = try string(key)
        if s.isEmpty {
            throw GroupFileError(path: file, jsonPath: path(key), problem: "is empty; expected a non-empty string")
        }
        return s
    }

    func bool(_ key: String) throws(GroupFileError) -> Bool { try required(key, "true or false", JSONFields.bool) }

    func optionalBool(_ key: String) throws(GroupFileError) -> Bool? {
        try optional(key, "true or false", JSONFields.bool)
    }

    func int(_ key: String, min: Int) throws(GroupFileError) -> Int {
        try required(key, "an integer ≥ \(min)") { JSONFields.integer($0, min: min) }
    }

    func optionalInt(_ key: String, min: Int) throws(GroupFileError) -> Int? {
        try optional(key, "an integer ≥ \(min)") { JSONFields.integer($0, min: min) }
    }

    /// The `schema` of a document this code writes at version `current`: an integer ≥ 1, 1 when
    /// absent. A newer one adds the warning that the file is read as far as understood and never
    /// written to `warnings`.
    func schema(current: Int, warnings: inout [String]) throws(GroupFileError) -> Int {
        let schema = try optionalInt("schema", min: 1) ?? 1
        if schema > current {
            warnings.append("\(file): schema \(schema) is newer than \(current); read-only, never written")
        }
        return schema
    }

    /// The integer a number's text spells (`120`, `-3`); `nil` for a fraction, an exponent or overflow.
    static func integer(_ v: JSONValue) -> Int? {
        guard case .number(let text) = v else { return nil }
        return Int(text)
    }

    /// `integer(v)` when it is at least `min`.
    static func integer(_ v: JSONValue, min: Int) -> Int? {
        guard let n = integer(v), n >= min else { return nil }
        return n
    }

    /// The text of a string.
    static func string(_ v: JSONValue) -> String? {
        guard case .string(let s) = v else { return nil }
        return s
    }

    /// The value of `true` or `false`.
    static func bool(_ v: JSONValue) -> Bool? {
        guard case .bool(let b) = v else { return nil }
        return b
    }

    /// How a found value reads in an error: `"ten"`, `12.5`, `true`, `null`, `an array`, `an object`.
    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.count > 40 ? "a number" : n
        case .string(let s):
            let short = s.count > 40 ? String(s.prefix(40)) + "…" : s
            var out = ""
            JSONValue.writeString(short, to: &out)
            return out
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
