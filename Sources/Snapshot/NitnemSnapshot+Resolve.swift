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
    /// key does; banis of different keys give `ambiguous`, never one of them.
    /// - Throws: `NameProblem`: `unknown` (with the closest banis) or `ambiguous`.
    package func bani(named name: String) throws(NameProblem) -> Bani {
        let trimmed = name.trimmingSpaces
        guard !trimmed.isEmpty else { throw .unknown(name, closest: []) }
        let wanted = trimmed.lowercased()
        let tiers: [(Bani) -> Bool] = [
            { $0.key.lowercased() == wanted },
            { $0.id.lowercased() == wanted },
            { $0.titleEn.lowercased() == wanted || $0.titleGurmukhi?.trimmingSpaces == trimmed },
        ]
        for tier in tiers {
            let matches = banis.filter(tier)
            if !matches.isEmpty { return try pick(matches, for: name) }
        }
        let compared = BaniName(trimmed)
        guard !compared.isEmpty else { throw .unknown(name, closest: []) }
        let matches = banis.filter { Self.names(of: $0).contains(compared) }
        if !matches.isEmpty { return try pick(matches, for: name) }
        if let key = BaniName.aliases[compared] {
            let matches = banis.filter { $0.key == key }
            if !matches.isEmpty { return try pick(matches, for: name) }
        }
        throw .unknown(name, closest: closest(to: compared))
    }

    /// The bani `name` names (`bani(named:)`), or nil when it names none or several.
    package func resolve(_ name: String) -> Bani? { try? bani(named: name) }

    /// The names a person gave, one per word or several in a word separated by commas
    /// (`japji,jaap`, `japji, jaap`): each trimmed, empty ones left out.
    package static func names(in words: [String]) -> [String] {
        words.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { String($0).trimmingSpaces }
            .filter { !$0.isEmpty }
    }

    /// One line for a person saying what is wrong with `problems`, e.g. `unknown bani 'japjii' (did
    /// you mean Japji Sahib?)`. The titles offered are English, or Gurmukhi for a name written in
    /// Gurmukhi; an unknown name with nothing near it ends the line with this snapshot's ids.
    package func explain(_ problems: [NameProblem]) -> String {
        var parts: [String] = []
        var listIDs = false
        for problem in problems {
            let quoted = "'\(Printable.escaped(problem.name))'"
            switch problem {
            case .unknown(let name, let closest):
                if closest.isEmpty {
                    parts.append("unknown bani \(quoted)")
                    listIDs = true
                } else {
                    let gurmukhi = name.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) }
                    let titles = closest.map {
                        Printable.escaped(gurmukhi ? $0.titleGurmukhi ?? $0.titleEn : $0.titleEn)
                    }
                    parts.append("unknown bani \(quoted) (did you mean \(Self.either(titles))?)")
                }
            case .ambiguous(_, let candidates):
                let named = candidates.map { "\(Printable.escaped($0.titleEn)) (\(Printable.escaped($0.id)))" }
                parts.append("ambiguous bani \(quoted): it names \(Self.either(named)); give the id")
            }
        }
        var line = parts.joined(separator: "; ")
        if listIDs, !banis.isEmpty {
            line +=
                "; use an id, a key, or an English or Gurmukhi title: "
                + banis.map { Printable.escaped($0.id) }.joined(separator: ", ")
        }
        return line
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func either(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    /// The compared forms of `bani`'s id, key and titles.
    private static func names(of bani: Bani) -> Set<BaniName> {
        Set([bani.id, bani.key, bani.titleEn, bani.titleGurmukhi ?? ""].map(BaniName.init).filter { !$0.isEmpty })
    }

    /// One bani of `matches`: when all are of one key, the one that key names (the preferred
    /// variant), else the default among them, else the first.
    /// - Throws: `NameProblem.ambiguous` when they are of several keys.
    private func pick(_ matches: [Bani], for name: String) throws(NameProblem) -> Bani {
        let first = matches[0]
        guard matches.allSatisfy({ $0.key == first.key }) else {
            var seen: Set<String> = []
            let candidates = matches.filter { seen.insert($0.key).inserted }.map { lookup($0.key) ?? $0 }
            throw .ambiguous(name, candidates: candidates)
        }
        if let preferred = lookup(first.key), matches.contains(preferred) { return preferred }
        return matches.first(where: \.isDefault) ?? first
    }

    /// The banis (one per key, as the key names it) with a name within `name.closeEnough` of
    /// `name`, or that begins with it (three characters or more), at most three: the nearest first,
    /// then in registry order.
    private func closest(to name: BaniName) -> [Bani] {
        let aliases = BaniName.aliases.filter { _, key in banis.contains { $0.key == key } }
        var best: [String: (distance: Int, index: Int)] = [:]
        for (index, bani) in banis.enumerated() {
            var forms = Self.names(of: bani)
            for (alias, key) in aliases where key == bani.key { forms.insert(alias) }
            let distance =
                forms.map { form -> Int in
                    let d = form.distance(to: name)
                    if d <= name.closeEnough { return d }
                    // A beginning (`sukh`, `kirtan`) is offered after every closer name.
                    return name.text.count >= 3 && form.text.hasPrefix(name.text) ? name.closeEnough + 1 : Int.max
                }.min() ?? Int.max
            guard distance != Int.max else { continue }
            if let known = best[bani.key], known.distance <= distance { continue }
            best[bani.key] = (distance, best[bani.key]?.index ?? index)
        }
        return best.sorted { ($0.value.distance, $0.value.index) < ($1.value.distance, $1.value.index) }.prefix(3)
            .compactMap { lookup($0.key) }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
