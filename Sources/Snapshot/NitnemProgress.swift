// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The reading progress (`nitnem-progress.json`, schema v1, frozen, never migrated): per bani id
/// the last position, when it was read and the Nitnem days it was completed.
///
/// Written by the reader app and `nitnem mark`; `raw` keeps the document as read so a writer can
/// patch only what it changes. Public, not package, to be inlined in other modules (`CivilDate`).
public struct NitnemProgress: Sendable, VersionedDocument {
    /// The file's schema; 1 when the file does not say.
    package var schema: Int
    /// Progress by bani id (`japji`, `rehras/taksal`).
    package var banis: [String: BaniProgress]
    /// Problems that did not stop the read, one line each naming the file and JSON path.
    package var warnings: [String]
    /// The whole document as read (unknown members included), for patching.
    package var raw: JSONValue

    /// Whether bani `id` was read to the end on Nitnem day `day`.
    package func isRead(_ id: String, on day: CivilDate) -> Bool { banis.isRead(id, on: day) }

    /// The schema this code reads and writes.
    package static let currentSchema = 1

    /// No progress yet: what a missing file means.
    package static let empty = NitnemProgress(
        schema: 1, banis: [:], warnings: [], raw: .object([("schema", .int(1)), ("banis", .object([]))]))

    /// A progress value.
    package init(schema: Int, banis: [String: BaniProgress], warnings: [String], raw: JSONValue) {
        self.schema = schema
        self.banis = banis
        self.warnings = warnings
        self.raw = raw
    }
}
