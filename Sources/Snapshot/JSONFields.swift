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

    func string(_ key: String) throws(GroupFileError) -> String {
        guard let s = try optionalString(key) else { throw fail(key, "a string", found: value[key]) }
        return s
    }

    func optionalString(_ key: String) throws(GroupFileError) -> String? {
        guard let v = optional(key) else { return nil }
        guard case .string(let s) = v else { throw fail(key, "a string", found: v) }
        return s
    }

    func nonEmptyString(_ key: String) throws(GroupFileError) -> String {
        let s = try string(key)
        if s.isEmpty {
            throw GroupFileError(path: file, jsonPath: path(key), problem: "is empty; expected a non-empty string")
        }
        return s
    }

    func bool(_ key: String) throws(GroupFileError) -> Bool {
        guard let b = try optionalBool(key) else { throw fail(key, "true or false", found: value[key]) }
        return b
    }

    func optionalBool(_ key: String) throws(GroupFileError) -> Bool? {
        guard let v = optional(key) else { return nil }
        guard case .bool(let b) = v else { throw fail(key, "true or false", found: v) }
        return b
    }

    func int(_ key: String, min: Int) throws(GroupFileError) -> Int {
        guard let n = try optionalInt(key, min: min) else { throw fail(key, "an integer ≥ \(min)", found: value[key]) }
        return n
    }

    func optionalInt(_ key: String, min: Int) throws(GroupFileError) -> Int? {
        guard let v = optional(key) else { return nil }
        guard let n = JSONFields.integer(v), n >= min else { throw fail(key, "an integer ≥ \(min)", found: v) }
        return n
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
