// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The names of a snapshot's banis, worked out once (`NitnemSnapshot.bani(named:)` says which name
/// wins): keys, ids and titles by their lowered and compared forms, and each bani's forms for the
/// closest names. Asking it for a name costs a few lookups, so `nitnem mark` with 20,000 names
/// answers at once; the closest names are looked for only for the names an error line says.
package struct BaniNameIndex: Sendable {
    /// The snapshot named.
    let snapshot: NitnemSnapshot
    /// Indexes into `snapshot.banis` (in registry order) by lowercased key, lowercased id, lowercased
    /// English title, trimmed Gurmukhi title, and compared form (`BaniName`).
    private let byKey: [String: [Int]]
    private let byID: [String: [Int]]
    private let byEnglish: [String: [Int]]
    private let byGurmukhi: [String: [Int]]
    private let byName: [BaniName: [Int]]
    /// Each bani's compared forms, the short names of its key included, as characters.
    private let forms: [[[Character]]]

    /// The index of `snapshot`'s banis.
    package init(_ snapshot: NitnemSnapshot) {
        self.snapshot = snapshot
        var byKey: [String: [Int]] = [:]
        var byID: [String: [Int]] = [:]
        var byEnglish: [String: [Int]] = [:]
        var byGurmukhi: [String: [Int]] = [:]
        var byName: [BaniName: [Int]] = [:]
        var forms: [[[Character]]] = []
        let keys = Set(snapshot.banis.map(\.key))
        let aliases = BaniName.aliases.filter { keys.contains($0.value) }
        for (index, bani) in snapshot.banis.enumerated() {
            byKey[bani.key.lowercased(), default: []].append(index)
            byID[bani.id.lowercased(), default: []].append(index)
            byEnglish[bani.titleEn.lowercased(), default: []].append(index)
            if let gurmukhi = bani.titleGurmukhi { byGurmukhi[gurmukhi.trimmingSpaces, default: []].append(index) }
            var names = NitnemSnapshot.names(of: bani)
            for name in names { byName[name, default: []].append(index) }
            for (alias, key) in aliases where key == bani.key { names.insert(alias) }
            forms.append(names.map { Array($0.text) })
        }
        self.byKey = byKey
        self.byID = byID
        self.byEnglish = byEnglish
        self.byGurmukhi = byGurmukhi
        self.byName = byName
        self.forms = forms
    }

    /// The bani `name` names (`NitnemSnapshot.bani(named:)`).
    /// - Throws: `NameProblem`: `unknown` (with the closest banis) or `ambiguous`.
    package func bani(named name: String) throws(NitnemSnapshot.NameProblem) -> NitnemSnapshot.Bani {
        guard let bani = try find(name) else { throw unknown(name) }
        return bani
    }

    /// The banis `names` name, in order, and the names that name none or several: the first few
    /// with what is wrong (the closest banis looked for only for these), the rest counted.
    package func banis(named names: [String]) -> (
        banis: [NitnemSnapshot.Bani], problems: FirstFew<NitnemSnapshot.NameProblem>
    ) {
        var banis: [NitnemSnapshot.Bani] = []
        var problems = FirstFew<NitnemSnapshot.NameProblem>()
        for name in names {
            do throws(NitnemSnapshot.NameProblem) {
                if let bani = try find(name) {
                    banis.append(bani)
                } else {
                    problems.append(unknown(name))
                }
            } catch {
                problems.append(error)
            }
        }
        return (banis, problems)
    }

    /// The bani `name` names; nil when it names none.
    /// - Throws: `NameProblem.ambiguous` when it names banis of several keys.
    private func find(_ name: String) throws(NitnemSnapshot.NameProblem) -> NitnemSnapshot.Bani? {
        let trimmed = name.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        let wanted = trimmed.lowercased()
        // The tiers of `bani(named:)`, most exact first; each gives its banis in registry order.
        let tiers = [
            byKey[wanted] ?? [], byID[wanted] ?? [],
            Array(Set((byEnglish[wanted] ?? []) + (byGurmukhi[trimmed] ?? []))).sorted(),
        ]
        for tier in tiers where !tier.isEmpty {
            return try snapshot.pick(tier.map { snapshot.banis[$0] }, for: name)
        }
        let compared = BaniName(trimmed)
        guard !compared.isEmpty else { return nil }
        if let matches = byName[compared] { return try snapshot.pick(matches.map { snapshot.banis[$0] }, for: name) }
        if let key = BaniName.aliases[compared] {
            let matches = snapshot.banis.filter { $0.key == key }
            if !matches.isEmpty { return try snapshot.pick(matches, for: name) }
        }
        return nil
    }

    /// `name` names no bani: the problem, with the banis closest to it.
    private func unknown(_ name: String) -> NitnemSnapshot.NameProblem {
        let compared = BaniName(name.trimmingSpaces)
        return .unknown(name, closest: compared.isEmpty ? [] : closest(to: compared))
    }

    /// The banis (one per key, as the key names it) with a name within `name.closeEnough` of
    /// `name`, or that begins with it (three characters or more), at most three: the nearest first,
    /// then in registry order.
    private func closest(to name: BaniName) -> [NitnemSnapshot.Bani] {
        let wanted = Array(name.text)
        let limit = name.closeEnough
        var best: [String: (distance: Int, index: Int)] = [:]
        for (index, bani) in snapshot.banis.enumerated() {
            let distance =
                forms[index].map { form -> Int in
                    // Lengths further apart than the limit are further apart than the limit.
                    if abs(form.count - wanted.count) <= limit {
                        let d = BaniName.distance(form, wanted)
                        if d <= limit { return d }
                    }
                    // A beginning (`sukh`, `kirtan`) is offered after every closer name.
                    return wanted.count >= 3 && form.starts(with: wanted) ? limit + 1 : Int.max
                }.min() ?? Int.max
            guard distance != Int.max else { continue }
            if let known = best[bani.key], known.distance <= distance { continue }
            best[bani.key] = (distance, best[bani.key]?.index ?? index)
        }
        return best.sorted { ($0.value.distance, $0.value.index) < ($1.value.distance, $1.value.index) }.prefix(3)
            .compactMap { snapshot.lookup($0.key) }
    }
}
