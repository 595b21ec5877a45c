// SPDX-License-Identifier: GPL-3.0-or-later
/// A sync engine's conflict copy of one of the group's synced files, recognised by its name:
///
/// - Syncthing: `nitnem-progress.sync-conflict-20261129-080000-ABCDEFG.json`
/// - Nextcloud: `nitnem-progress (conflicted copy 2026-11-29 080000).json`
/// - Dropbox: `nitnem-progress (Jane's conflicted copy 2026-11-29).json`
package struct ConflictCopy: Hashable, Sendable {
    /// Which engine names its copies so.
    package enum Engine: String, Sendable {
        case syncthing = "Syncthing"
        case nextcloud = "Nextcloud"
        case dropbox = "Dropbox"
    }

    /// The copy's file name.
    package let name: String
    /// The name of the file it is a copy of (`nitnem-progress.json`, `nitnem-mynitnem.json`).
    package let main: String
    /// The engine, by the form of the name.
    package let engine: Engine

    /// The files that merge: the progress file and your own sets.
    package static let mergedFiles = [AppGroup.progressName, AppGroup.mynitnemName]

    /// The copy `name` is, or nil when it is no conflict copy of a file that merges.
    package init?(name: String) {
        for main in Self.mergedFiles {
            guard let dot = main.lastIndex(of: ".") else { continue }
            let base = main[..<dot]
            let ext = main[dot...]  // ".json"
            guard name.hasPrefix(base), name.hasSuffix(ext), name.count > main.count else { continue }
            let middle = name.dropFirst(base.count).dropLast(ext.count)
            if let engine = Self.engine(middle) {
                self.name = name
                self.main = main
                self.engine = engine
                return
            }
        }
        return nil
    }

    /// The engine whose conflict-copy infix `middle` is (what lies between the base name and `.json`).
    static func engine(_ middle: Substring) -> Engine? {
        let syncthing = ".sync-conflict-"
        if middle.hasPrefix(syncthing) {
            // YYYYMMDD-HHMMSS-<device id>
            let parts = middle.dropFirst(syncthing.count).split(separator: "-", omittingEmptySubsequences: false)
            let digits: (Substring, Int) -> Bool = { part, n in part.count == n && part.allSatisfy(\.isASCIIDigit) }
            guard parts.count == 3, digits(parts[0], 8), digits(parts[1], 6), !parts[2].isEmpty,
                parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            return .syncthing
        }
        guard middle.hasPrefix(" ("), middle.hasSuffix(")") else { return nil }
        let inside = middle.dropFirst(2).dropLast().lowercased()
        if inside.hasPrefix("conflicted copy") { return .nextcloud }
        if inside.contains("conflicted copy") { return .dropbox }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
