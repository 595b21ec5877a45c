// SPDX-License-Identifier: GPL-3.0-or-later
/// An App-Group document that carries a `schema` (the progress file, My Nitnem): one of a newer
/// schema is read as far as understood and never written.
package protocol VersionedDocument {
    /// The schema this code reads and writes.
    static var currentSchema: Int { get }
    /// The file's schema version.
    var schema: Int { get }
    /// Decodes a parsed document read from `path`.
    static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> Self
}

extension VersionedDocument {
    /// Whether the file is from a newer nitnem: read as far as understood, never written.
    package var isReadOnly: Bool { schema > Self.currentSchema }

    /// Checks that each parsed document decodes and is not of a newer schema, before a merge writes
    /// anything.
    /// - Throws: `GroupFileError` naming the first file that is not such a document or is newer
    ///   (`newerSchema`).
    static func checkMergeable(_ documents: [(value: JSONValue, path: String)]) throws(GroupFileError) {
        for (value, path) in documents {
            let decoded = try decode(value, path: path)
            if decoded.isReadOnly {
                throw GroupFileError(
                    .newerSchema, path: path,
                    problem: "is schema \(decoded.schema), newer than this nitnem (\(currentSchema)); not merged")
            }
        }
    }
}
