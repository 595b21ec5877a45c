// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

extension NitnemProgress {
    /// Decodes a parsed `nitnem-progress.json` tolerantly, as the app does.
    ///
    /// A wrong overall shape is an error: the top level or `banis` not an object, a bani entry not an
    /// object, `schema` not an integer ≥ 1. Problems inside an entry are warnings and the rest is
    /// used: an invalid day key is dropped, a negative or non-integer `lastSeq` becomes `nil`,
    /// `lastSeq > nLines` is kept (readers clamp). `lastReadAt` is an RFC 3339 string with `Z` or an
    /// offset, or a number of seconds since 2001-01-01T00:00:00Z (Apple's reference date).
    /// `schema` > 1: decoded as far as understood, with a warning that it is read-only.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> NitnemProgress {
        let top = try JSONFields(value, file: path, jsonPath: "$")
        var warnings: [String] = []
        let schema = try top.schema(current: currentSchema, warnings: &warnings)
        var banis: [String: BaniProgress] = [:]
        // The problems inside entries: the first few said (a file may hold thousands), then counted.
        var problems = FirstFew<String>()
        if let banisValue = top.optional("banis") {
            guard case .object(let entries) = banisValue else {
                throw top.fail("banis", "an object of progress by bani id", found: banisValue)
            }
            for (id, entry) in entries {
                let entryPath = "$.banis" + jsonKey(id)
                // A `null` entry reads as no progress for that bani (a warning, not an unreadable file).
                if entry == .null {
                    problems.append(
                        GroupFileError(path: path, jsonPath: entryPath, problem: "is null; read as no progress")
                            .description)
                    continue
                }
                banis[id] = try decodeEntry(entry, file: path, jsonPath: entryPath, warnings: &problems)
            }
        }
        warnings += problems.lines { "… and \($0) more problems in \(path)" }
        return NitnemProgress(schema: schema, banis: banis, warnings: warnings, raw: value)
    }

    /// `.japji`, or `["odd key"]` when the key is not a plain identifier (a `/` included), for a
    /// message: cut to a bounded length (`Printable.bounded`), as every value a message quotes.
    static func jsonKey(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
        if plain { return "." + Printable.bounded(key) }
        var quoted = ""
        JSONValue.writeString(key, to: &quoted)
        return "[" + Printable.bounded(quoted) + "]"
    }

    static func decodeEntry(
        _ value: JSONValue, file: String, jsonPath: String, warnings: inout FirstFew<String>
    )
        throws(GroupFileError) -> BaniProgress
    {
        let f = try JSONFields(value, file: file, jsonPath: jsonPath)
        func warn(_ key: String, _ problem: String) {
            warnings.append(GroupFileError(path: file, jsonPath: f.path(key), problem: problem).description)
        }
        var progress = BaniProgress()

        if let v = f.optional("nLines") {
            if let n = JSONFields.integer(v), n >= 0 {
                progress.nLines = n
            } else {
                warn("nLines", "expected an integer ≥ 0, found \(JSONFields.describe(v)); ignored")
            }
        }
        if let v = f.optional("lastSeq") {
            if let n = JSONFields.integer(v), n >= 0 {
                progress.lastSeq = n
                if let total = progress.nLines, n > total {
                    warn("lastSeq", "\(n) is past nLines \(total); read as the end")
                }
            } else {
                warn("lastSeq", "expected an integer ≥ 0, found \(JSONFields.describe(v)); ignored")
            }
        }
        if let v = f.optional("lastReadAt") {
            if let date = date(v) {
                progress.lastReadAt = date
            } else {
                warn(
                    "lastReadAt",
                    "expected an RFC 3339 time or Apple reference-date seconds, found \(JSONFields.describe(v)); ignored"
                )
            }
        }
        if let v = f.optional("completedDays") {
            if case .array(let days) = v {
                for (i, day) in days.enumerated() {
                    if case .string(let text) = day, let key = CivilDate(text) {
                        progress.completedDays.insert(key)
                    } else {
                        warnings.append(
                            GroupFileError(
                                path: file, jsonPath: f.path("completedDays") + "[\(i)]",
                                problem: "expected a day key YYYY-MM-DD, found \(JSONFields.describe(day)); dropped"
                            ).description)
                    }
                }
            } else {
                warn("completedDays", "expected an array of day keys, found \(JSONFields.describe(v)); ignored")
            }
        }
        if let v = f.optional("anchor") {
            if case .string(let s) = v {
                progress.anchor = s
            } else {
                warn("anchor", "expected a string, found \(JSONFields.describe(v)); ignored")
            }
        }
        return progress
    }

    /// An instant from an RFC 3339 string or Apple reference-date seconds.
    static func date(_ value: JSONValue) -> Date? {
        switch value {
        case .string(let text): return RFC3339.parseAbsolute(text)
        case .number(let text):
            guard let seconds = Double(text), seconds.isFinite else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        default: return nil
        }
    }
}
