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
    /// The first part of the document that could not be read (and was skipped), if any.
    var unreadablePart: GroupFileError? { get }
}

extension VersionedDocument {
    /// Whether the file is from a newer nitnem: read as far as understood, never written.
    package var isReadOnly: Bool { schema > Self.currentSchema }

    /// None: a document read whole or not at all.
    package var unreadablePart: GroupFileError? { nil }

    /// Checks that each parsed document decodes whole and is not of a newer schema, before a merge
    /// writes anything.
    /// - Throws: `GroupFileError` naming the first file that is not such a document, has a part that
    ///   cannot be read, or is newer (`newerSchema`).
    static func checkMergeable(_ documents: [(value: JSONValue, path: String)]) throws(GroupFileError) {
        for (value, path) in documents {
            let decoded = try decode(value, path: path)
            if let problem = decoded.unreadablePart { throw problem }
            if decoded.isReadOnly {
                throw GroupFileError(
                    .newerSchema, path: path,
                    problem: "is schema \(decoded.schema), newer than this nitnem (\(currentSchema)); not merged")
            }
        }
    }
}
