// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

extension NitnemSnapshot {
    /// Why a name given for a bani names no single bani of the snapshot.
    package enum NameProblem: Error, Hashable, Sendable {
        /// No bani answers to the name. `closest`: the banis whose names are nearest to it (edit
        /// distance), at most three, the nearest first; empty when none is near.
        case unknown(String, closest: [Bani])
        /// Banis of different keys answer to the name: one of each, in registry order.
        case ambiguous(String, candidates: [Bani])

        /// The name as given.
        package var name: String {
            switch self {
            case .unknown(let name, _), .ambiguous(let name, _): name
            }
        }
    }

    /// The bani `name` names, most exact first:
    /// 1. a key (the preferred Rehras variant, else the key's default variant) or an id, any case;
    /// 2. an English title (any case) or a Gurmukhi title (as Unicode text, so a decomposed spelling
    ///    matches the composed one);
    /// 3. any of these compared as `BaniName`s: ignoring case, spaces, hyphens, underscores,
    ///    apostrophes and a trailing "Sahib" (`jaap sahib`, `Tav Prasad Savaiye`, `ਚੌਪਈ`, `ਜਪੁਜੀ ਸਾਹਿਬ`);
    /// 4. a short name no title gives (`Sohila`: `BaniName.aliases`).
    ///
    /// Spaces around `name` are ignored. Several variants of one key give the preferred one, as a
    /// key does; banis of different keys give `ambiguous`, never one of them. For many names, make
    /// one `BaniNameIndex` and ask it.
    /// - Throws: `NameProblem`: `unknown` (with the closest banis) or `ambiguous`.
    package func bani(named name: String) throws(NameProblem) -> Bani {
        try BaniNameIndex(self).bani(named: name)
    }

    /// The bani `name` names (`bani(named:)`), or nil when it names none or several.
    package func resolve(_ name: String) -> Bani? { try? bani(named: name) }

    /// The names a person gave, one per word or several in a word separated by commas
    /// (`japji,jaap`, `japji, jaap`): each trimmed, empty ones left out.
    package static func names(in words: [String]) -> [String] {
        words.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { String($0).trimmingSpaces }
            .filter { !$0.isEmpty }
    }

    /// How many ids an error line offers at most (the registry has 28).
    static let offeredIDs = 40

    /// One line for a person saying what is wrong with `problems`, e.g. `unknown bani 'japjii' (did
    /// you mean Japji Sahib?)`: the first few (`Printable.listLimit`), each name cut to a bounded
    /// length (`Printable.bounded`), then `and N more names that name no bani (or several)`. The
    /// titles offered are English, or Gurmukhi for a name written in Gurmukhi; an unknown name with
    /// nothing near it ends the line with this snapshot's ids (at most `offeredIDs`).
    package func explain(_ problems: FirstFew<NameProblem>) -> String {
        explain(problems.items, more: problems.more)
    }

    /// One line for a person saying what is wrong with `problems` (the first few said) and `more`
    /// others (counted): `explain(_:)` of a `FirstFew`.
    package func explain(_ problems: [NameProblem], more: Int = 0) -> String {
        var parts: [String] = []
        var listIDs = false
        for problem in problems.prefix(Printable.listLimit) {
            let quoted = "'\(Printable.bounded(problem.name))'"
            switch problem {
            case .unknown(let name, let closest):
                if closest.isEmpty {
                    parts.append("unknown bani \(quoted)")
                    listIDs = true
                } else {
                    let gurmukhi = name.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) }
                    let titles = closest.map {
                        Printable.bounded(gurmukhi ? $0.titleGurmukhi ?? $0.titleEn : $0.titleEn)
                    }
                    parts.append("unknown bani \(quoted) (did you mean \(Self.either(titles))?)")
                }
            case .ambiguous(_, let candidates):
                let named = candidates.prefix(Printable.listLimit).map {
                    "\(Printable.bounded($0.titleEn)) (\(Printable.bounded($0.id)))"
                }
                parts.append("ambiguous bani \(quoted): it names \(Self.either(named)); give the id")
            }
        }
        let left = more + max(problems.count - Printable.listLimit, 0)
        if left > 0 { parts.append("and \(left) more name\(left == 1 ? "" : "s") that name no bani (or several)") }
        var line = parts.joined(separator: "; ")
        if listIDs, !banis.isEmpty {
            var ids = banis.prefix(Self.offeredIDs).map { Printable.bounded($0.id) }
            if banis.count > Self.offeredIDs { ids.append("and \(banis.count - Self.offeredIDs) more") }
            line += "; use an id, a key, or an English or Gurmukhi title: " + ids.joined(separator: ", ")
        }
        return line
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func either(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// The compared forms of `bani`'s id, key and titles.
    static func names(of bani: Bani) -> Set<BaniName> {
        Set([bani.id, bani.key, bani.titleEn, bani.titleGurmukhi ?? ""].map(BaniName.init).filter { !$0.isEmpty })
    }

    /// One bani of `matches`: when all are of one key, the one that key names (the preferred
    /// variant), else the default among them, else the first.
    /// - Throws: `NameProblem.ambiguous` when they are of several keys.
    func pick(_ matches: [Bani], for name: String) throws(NameProblem) -> Bani {
        let first = matches[0]
        guard matches.allSatisfy({ $0.key == first.key }) else {
            var seen: Set<String> = []
            let candidates = matches.filter { seen.insert($0.key).inserted }.map { lookup($0.key) ?? $0 }
            throw .ambiguous(name, candidates: candidates)
        }
        if let preferred = lookup(first.key), matches.contains(preferred) { return preferred }
        return matches.first(where: \.isDefault) ?? first
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
