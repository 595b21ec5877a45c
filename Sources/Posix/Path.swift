// SPDX-License-Identifier: GPL-3.0-or-later
/// Slash-separated path text, without touching the file system.
package enum Path {
    /// The folder part of `path`: `a/b` → `a`, `/x` → `/`, `x` → `.`.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: `a/b.json` → `b.json`.
    package static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` made absolute: an absolute path as it is; a relative one appended to `folder` (an
    /// absolute path, such as the working directory) and normalised lexically (`lexical`).
    /// `g` from `/home/u` → `/home/u/g`, `../g/.` → `/home/g`.
    /// - Important: Lexical: `..` removes the component before it even when that is a symlink
    ///   (as `cd -L` does); the working directory `getcwd` gives has none.
    package static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : lexical(folder + "/" + path)
    }

    /// Absolute `path` with empty and `.` components removed and each `..` removing the component
    /// before it (none above `/`), without a trailing slash: `/a//b/./../c/` → `/a/c`.
    package static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
