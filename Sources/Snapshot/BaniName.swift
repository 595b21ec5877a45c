// SPDX-License-Identifier: GPL-3.0-or-later
/// A bani name as a person types it, in the form names are compared in: lowercased, without spaces,
/// hyphens, underscores and apostrophes, and without a trailing "Sahib" (ਸਾਹਿਬ). `Japji Sahib`,
/// `japji-sahib` and `JAPJI` are one name; `ਜਪੁਜੀ ਸਾਹਿਬ` and `ਜਪੁ ਜੀ ਸਾਹਿਬ` another.
///
/// Compared as Unicode text (`String` equality), so a decomposed Gurmukhi spelling equals the
/// composed one; distances count characters (grapheme clusters), so a Gurmukhi letter with its
/// vowel sign is one.
struct BaniName: Hashable, Sendable {
    /// The compared form.
    let text: String

    /// The compared form of `name`.
    init(_ name: some StringProtocol) {
        var text = String(String(name).lowercased().filter { !Self.ignored($0) })
        for suffix in Self.honorifics where text.count > suffix.count && text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count))
            break
        }
        self.text = text
    }

    /// Whether nothing is left to compare.
    var isEmpty: Bool { text.isEmpty }

    /// The words a name may end with that name no bani on their own; one is dropped.
    static let honorifics = ["sahib", "ਸਾਹਿਬ"]

    /// Spaces, hyphens and dashes, underscores and apostrophes: `Tav-Prasad`, `Tav Prasad` and
    /// `tav_prasad` are one spelling.
    static func ignored(_ c: Character) -> Bool {
        c.isWhitespace
            || ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "_", "'", "\u{2019}", "\u{02BC}"].contains(c)
    }

    /// Short names that no title or key of the registry gives (`Sohila` is what many call Kirtan
    /// Sohila), each to the key it names. One applies only when the snapshot has that key and no
    /// id, key or title answers to the name.
    static let aliases: [BaniName: String] = [BaniName("Sohila"): "kirtan_sohila"]

    /// The Levenshtein distance to `other`: the fewest characters inserted, removed or replaced to
    /// turn one into the other.
    func distance(to other: BaniName) -> Int { Self.distance(Array(text), Array(other.text)) }

    /// The Levenshtein distance between two names' characters (`distance(to:)`).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// How far a name of this length may be from a bani's to be offered as what was meant: one
    /// character for up to five, two up to eight, then three.
    var closeEnough: Int { text.count <= 5 ? 1 : text.count <= 8 ? 2 : 3 }
}
