// SPDX-License-Identifier: GPL-3.0-or-later
extension NitnemProgress {
    /// The progress in `bytes` (the file at `path`) when it is one `journey restore` may put in
    /// place: a progress file this version writes, as `decode` reads it — a JSON object with a
    /// `banis` object (every progress file nitnem or the app writes has one; a file without it, such
    /// as `nitnem-mynitnem.json`, is some other file) and `schema` 1.
    /// - Throws: `GroupFileError` naming `path`, ending `not a progress file, nothing restored` (or,
    ///   for a newer schema, `.newerSchema`, `nothing restored`).
    package static func restorable(_ bytes: [UInt8], path: String) throws(GroupFileError) -> NitnemProgress {
        let progress: NitnemProgress
        do {
            progress = try decode(try JSONParser.parse(bytes, path: path), path: path)
        } catch {
            throw GroupFileError(
                error.code, path: path, jsonPath: error.jsonPath,
                problem: error.problem + "; not a progress file, nothing restored", cause: error.cause)
        }
        if progress.isReadOnly {
            throw GroupFileError(
                .newerSchema, path: path,
                problem: "is schema \(progress.schema), newer than this nitnem (\(currentSchema)); nothing restored")
        }
        guard case .object? = progress.raw["banis"] else {
            let expected = "an object of progress by bani id"
            let problem = progress.raw["banis"].map { "expected \(expected), found \(JSONFields.describe($0))" }
            throw GroupFileError(
                path: path, jsonPath: "$.banis",
                problem: (problem ?? "missing; expected \(expected)") + "; not a progress file, nothing restored")
        }
        return progress
    }
}
