// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
extension NitnemSnapshot {
    /// The snapshot as `nitnem-snapshot.json` holds it, members in this order:
    /// `schema`, `generatedAt`, `banisAvailable`, `banis`, `sets`, `preferences`, `provenance`.
    ///
    /// - Important: The reader of the file decodes this exact shape; keep names and order.
    ///   `generatedAt` and `provenance` are omitted when `nil`, as are `nil` preferences; a bani's
    ///   `firstAng` and `titleGurmukhi` are written as `null` when `nil`. `sets` holds only the
    ///   known set names (`setNames`), in that order.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("schema", .int(schema))]
        if let generatedAt { members.append(("generatedAt", .string(generatedAt))) }
        members.append(("banisAvailable", .bool(banisAvailable)))
        members.append(("banis", .array(banis.map { $0.json })))
        members.append(
            (
                "sets",
                .object(Self.setNames.compactMap { name in sets[name].map { (name, .array($0.map { .string($0) })) } })
            )
        )
        var preferenceMembers: [(key: String, value: JSONValue)] = []
        if let rehras = preferences.rehrasVariant { preferenceMembers.append(("rehrasVariant", .string(rehras))) }
        members.append(("preferences", .object(preferenceMembers)))
        if let provenance {
            members.append(
                (
                    "provenance",
                    .object([
                        ("databasePath", .string(provenance.databasePath)),
                        ("databaseSize", .int(provenance.databaseSize)),
                        ("databaseModifiedAt", .string(provenance.databaseModifiedAt)),
                    ])
                ))
        }
        return .object(members)
    }
}

extension NitnemSnapshot.Bani {
    /// One entry of the snapshot's `banis` array.
    package var json: JSONValue {
        .object([
            ("id", .string(self.id)),
            ("key", .string(self.key)),
            ("variant", .string(self.variant)),
            ("isDefault", .bool(self.isDefault)),
            ("titleEn", .string(self.titleEn)),
            ("titleGurmukhi", .optional(self.titleGurmukhi)),
            ("source", .string(self.source)),
            ("nLines", .int(self.nLines)),
            ("firstAng", self.firstAng.map { .int($0) } ?? .null),
            ("underReview", .bool(self.underReview)),
        ])
    }
}
