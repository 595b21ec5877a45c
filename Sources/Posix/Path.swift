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
}
