// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

extension NitnemSnapshot {
    /// The schema this code reads and writes.
    package static let currentSchema = 1

    /// Decodes a parsed `nitnem-snapshot.json` strictly: a wrong type, a missing required member,
    /// a duplicate id or a set member that names no bani is an error naming `path` and the JSON path.
    ///
    /// Unknown members are ignored. A `schema` above 1 is still decoded as far as it is understood.
    /// Optional: `generatedAt`, `isDefault` (defaults to `variant == "" || id == key`),
    /// `titleGurmukhi`, `firstAng`, `underReview` (false), `preferences`, `provenance`, each set.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> NitnemSnapshot {
        let top = try JSONFields(value, file: path, jsonPath: "$")
        let schema = try top.int("schema", min: 1)
        var generatedAt: String?
        if let text = try top.optionalString("generatedAt") {
            guard RFC3339.parseAbsolute(text) != nil else {
                throw top.fail("generatedAt", "an RFC 3339 time with Z or an offset", found: .string(text))
            }
            generatedAt = text
        }
        let banisAvailable = try top.bool("banisAvailable")

        guard case .array(let items)? = top.optional("banis") else {
            throw top.fail("banis", "an array of banis", found: top.value["banis"])
        }
        var banis: [Bani] = []
        var firstIndex: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let bani = try decodeBani(item, file: path, jsonPath: "$.banis[\(i)]")
            if let earlier = firstIndex[bani.id] {
                throw GroupFileError(
                    path: path, jsonPath: "$.banis[\(i)].id",
                    problem: "duplicate id \(JSONFields.describe(.string(bani.id))) (also $.banis[\(earlier)])")
            }
            firstIndex[bani.id] = i
            banis.append(bani)
        }

        guard let setsValue = top.value["sets"] else { throw top.fail("sets", "an object of sets", found: nil) }
        let setsObject = try JSONFields(setsValue, file: path, jsonPath: "$.sets")
        var sets: [String: [String]] = [:]
        for name in setNames {
            guard let v = setsObject.optional(name) else { continue }
            guard case .array(let members) = v else { throw setsObject.fail(name, "an array of bani ids", found: v) }
            var ids: [String] = []
            for (j, member) in members.enumerated() {
                let memberPath = "$.sets.\(name)[\(j)]"
                guard case .string(let id) = member else {
                    throw GroupFileError(
                        path: path, jsonPath: memberPath,
                        problem: "expected a bani id (a string), found \(JSONFields.describe(member))")
                }
                guard firstIndex[id] != nil else {
                    throw GroupFileError(
                        path: path, jsonPath: memberPath,
                        problem: "unknown bani id \(JSONFields.describe(member)); not in $.banis")
                }
                ids.append(id)
            }
            sets[name] = ids
        }

        var preferences = Preferences()
        if let v = top.optional("preferences") {
            let prefs = try JSONFields(v, file: path, jsonPath: "$.preferences")
            preferences.rehrasVariant = try prefs.optionalString("rehrasVariant").flatMap { $0.isEmpty ? nil : $0 }
        }

        var provenance: Provenance?
        if let v = top.optional("provenance") {
            let p = try JSONFields(v, file: path, jsonPath: "$.provenance")
            provenance = Provenance(
                databasePath: try p.string("databasePath"), databaseSize: try p.int("databaseSize", min: 0),
                databaseModifiedAt: try p.string("databaseModifiedAt"))
        }

        return NitnemSnapshot(
            schema: schema, generatedAt: generatedAt, banisAvailable: banisAvailable, banis: banis, sets: sets,
            preferences: preferences, provenance: provenance)
    }

    static func decodeBani(_ value: JSONValue, file: String, jsonPath: String) throws(GroupFileError) -> Bani {
        let f = try JSONFields(value, file: file, jsonPath: jsonPath)
        let id = try f.nonEmptyString("id")
        let key = try f.nonEmptyString("key")
        let variant = try f.string("variant")
        return Bani(
            id: id, key: key, variant: variant,
            isDefault: try f.optionalBool("isDefault") ?? (variant.isEmpty || id == key),
            titleEn: try f.nonEmptyString("titleEn"), titleGurmukhi: try f.optionalString("titleGurmukhi"),
            source: try f.nonEmptyString("source"), nLines: try f.int("nLines", min: 0),
            firstAng: try f.optionalInt("firstAng", min: 1), underReview: try f.optionalBool("underReview") ?? false)
    }
}
