// SPDX-License-Identifier: GPL-3.0-or-later
/// The lines of a Syncthing `.stignore` that keep a group's device-local files on this machine: the
/// widget timeline (`widgets/`), the writers' lock files and their temp files. `nitnem sync setup`
/// writes them (or adds the missing ones; never removes a line) into the `.stignore` at the root of
/// the Syncthing folder the group lies in.
package enum SyncIgnore {
    /// The comment before the lines.
    package static let comment = "// nitnem: files that belong to this machine, never synced (nitnem sync setup)"

    /// The patterns for a group at `relative` (its path under the Syncthing folder's root, "" when it
    /// is the root), anchored there; glob characters in the path escaped.
    package static func patterns(relative: String) -> [String] {
        var prefix = "/"
        for scalar in relative.unicodeScalars {
            if "*?[]{}\\!#".unicodeScalars.contains(scalar) { prefix.unicodeScalars.append("\\") }
            prefix.unicodeScalars.append(scalar)
        }
        if !relative.isEmpty { prefix += "/" }
        return [
            prefix + "widgets",
            prefix + ".nitnem-progress.lock",
            prefix + ".nitnem-mynitnem.lock",
            prefix + ".*.tmp-*",
        ]
    }

    /// The patterns `text` (a `.stignore`, nil when there is none) lacks, as whole lines.
    package static func missing(in text: String?, relative: String) -> [String] {
        let lines = Set(
            (text ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
                $0.trimmingSpaces
            })
        return patterns(relative: relative).filter { !lines.contains($0) }
    }

    /// `text` with the missing patterns added at its end (after the comment), every byte of it kept;
    /// nil when nothing is missing.
    package static func extended(_ text: String?, relative: String) -> String? {
        let missing = missing(in: text, relative: relative)
        guard !missing.isEmpty else { return nil }
        var out = text ?? ""
        if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
        if !out.contains(comment) { out += comment + "\n" }
        return out + missing.map { $0 + "\n" }.joined()
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}
