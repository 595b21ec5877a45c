// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The App-Group snapshot (`nitnem-snapshot.json`): which banis exist and in which daily sets.
///
/// Written by the app or `nitnem snapshot export`; read by every command and the agent.
/// Public, not package, as its `Bani` is: to be inlined in other modules (`CivilDate`).
public struct NitnemSnapshot: Hashable, Sendable {
    /// The snapshot's own schema version; this code writes 1.
    package var schema: Int
    /// When it was written (RFC 3339), if recorded.
    package var generatedAt: String?
    /// False for an older database without the bani registry: nothing to read, no reminders.
    package var banisAvailable: Bool
    /// Every bani, in registry order.
    package var banis: [Bani]
    /// The daily and other sets (`morning`, `evening`, `night`, `popular`, `ceremony`): ordered ids.
    package var sets: [String: [String]]
    /// The reader's choices that change which id a set uses.
    package var preferences: Preferences
    /// Where the snapshot came from, when exported from a database.
    package var provenance: Provenance?
    /// Your practices (`nitnem-mynitnem.json`, applied as your sets are: `GroupFiles.applying`), of
    /// the banis this snapshot has; never part of the snapshot's file.
    package var practices: [Practice] = []

    /// Every set name of the file, in the order a home shows them: the daily sets, then
    /// `popular` and `ceremony`.
    package static let setNames = DailySet.allCases.map { $0.rawValue } + ["popular", "ceremony"]

    /// A snapshot.
    package init(
        schema: Int = 1, generatedAt: String? = nil, banisAvailable: Bool = true, banis: [Bani],
        sets: [String: [String]], preferences: Preferences = Preferences(), provenance: Provenance? = nil
    ) {
        self.schema = schema
        self.generatedAt = generatedAt
        self.banisAvailable = banisAvailable
        self.banis = banis
        self.sets = sets
        self.preferences = preferences
        self.provenance = provenance
    }

    /// The bani with `id`, if listed.
    package func bani(id: String) -> Bani? { banis.first { $0.id == id } }

    /// One bani of the registry: each of `Fields`, read and set as a field of its own (`bani.id`).
    @dynamicMemberLookup
    public struct Bani: BoxedFields {
        /// Its fields, behind one reference: a bani is copied with every state, notice and slot that
        /// names it, and a copy is then one retain, not one per string. A change makes a new box.
        /// Read through an inlinable subscript, so reading one in another module stays a load.
        public struct Fields: Hashable, Sendable {
            /// `key`, or `key/variant` for a non-default variant: the progress identity.
            package var id: String
            /// The bani key, e.g. `rehras`.
            package var key: String
            /// The variant (`sgpc`, `taksal`, …) or empty.
            package var variant: String
            /// Whether this is the default variant of its key.
            package var isDefault: Bool
            /// The English title, e.g. "Japji Sahib".
            package var titleEn: String
            /// The Gurmukhi title, e.g. "ਜਪੁ ਜੀ ਸਾਹਿਬ".
            package var titleGurmukhi: String?
            /// `sggs`, `dasam`, `ardaas` or `mixed`.
            package var source: String
            /// How many lines it has.
            package var nLines: Int
            /// The smallest Ang of its SGGS lines; `nil` when it has none (or unknown).
            package var firstAng: Int?
            /// Whether it has non-SGGS lines whose review is not yet attested.
            package var underReview: Bool
        }

        public var box: Boxed<Fields>

        /// A bani.
        package init(
            id: String, key: String, variant: String = "", isDefault: Bool = true, titleEn: String,
            titleGurmukhi: String?, source: String, nLines: Int, firstAng: Int? = nil, underReview: Bool = false
        ) {
            box = Boxed(
                Fields(
                    id: id, key: key, variant: variant, isDefault: isDefault, titleEn: titleEn,
                    titleGurmukhi: titleGurmukhi, source: source, nLines: nLines, firstAng: firstAng,
                    underReview: underReview))
        }

        /// The deep link: `sggs://bani/<key>`, or `sggs://bani/<key>?variant=<v>` for a non-default
        /// variant; key and variant percent-encoded.
        package var url: String { link.url }

        /// The deep link as a value: the variant only for a non-default one.
        package var link: DeepLink {
            .bani(key: self.key, variant: self.isDefault || self.variant.isEmpty ? nil : self.variant)
        }
    }

    /// The reader's choices.
    package struct Preferences: Hashable, Sendable {
        /// The Rehras variant to read in the evening set (`sgpc`, `taksal`), if chosen.
        package var rehrasVariant: String?

        /// Preferences.
        package init(rehrasVariant: String? = nil) { self.rehrasVariant = rehrasVariant }
    }

    /// Where an exported snapshot came from: the database file, never its text.
    package struct Provenance: Hashable, Sendable {
        /// The database path as given.
        package var databasePath: String
        /// Its size in bytes.
        package var databaseSize: Int
        /// Its modification time (RFC 3339).
        package var databaseModifiedAt: String

        /// A provenance record.
        package init(databasePath: String, databaseSize: Int, databaseModifiedAt: String) {
            self.databasePath = databasePath
            self.databaseSize = databaseSize
            self.databaseModifiedAt = databaseModifiedAt
        }
    }
}
