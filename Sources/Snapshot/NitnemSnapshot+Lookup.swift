// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
extension NitnemSnapshot {
    /// The bani `name` names (case-insensitive): a key (the preferred Rehras variant, else the key's
    /// default variant), else an id (`rehras/taksal`), else an English title.
    package func lookup(_ name: String) -> Bani? {
        let wanted = name.lowercased()
        if let bani = preferred(banis.filter { $0.key.lowercased() == wanted }) { return bani }
        if let bani = banis.first(where: { $0.id.lowercased() == wanted }) { return bani }
        return preferred(banis.filter { $0.titleEn.lowercased() == wanted })
    }

    private func preferred(_ candidates: [Bani]) -> Bani? {
        if let variant = preferences.rehrasVariant,
            let bani = candidates.first(where: { $0.key == "rehras" && $0.variant == variant })
        {
            return bani
        }
        return candidates.first(where: \.isDefault) ?? candidates.first
    }

    /// The ids of daily set `set`, with Rehras as the variant the reader prefers
    /// (`preferences.rehrasVariant`); empty when the registry is unavailable.
    package func ids(in set: DailySet) -> [String] {
        guard let listed = listedIDs(in: set) else { return [] }
        let rehras = preferences.rehrasVariant.flatMap { variant in
            banis.first { $0.key == "rehras" && $0.variant == variant }
        }
        return listed.map { id in
            if let rehras, bani(id: id)?.key == "rehras" { return rehras.id }
            return id
        }
    }

    /// Whether `ids(in: set)` is empty, without making it (a band's reminder asks at each slot).
    package func hasNoIDs(in set: DailySet) -> Bool { listedIDs(in: set)?.isEmpty ?? true }

    /// The ids `ids(in:)` maps one for one (Rehras as listed); nil when the registry is unavailable.
    private func listedIDs(in set: DailySet) -> [String]? {
        guard banisAvailable else { return nil }
        return sets[set.rawValue] ?? []
    }

    /// The distinct ids of morning ∪ evening ∪ night (preferences applied), in set order.
    package var dailyIDs: [String] { Self.dailyIDs(DailySet.allCases.map(ids(in:))) }

    /// `dailyIDs` from each daily set's ids (`ids(in:)`, in `DailySet.allCases` order) worked out
    /// already: each id once, in that order.
    package static func dailyIDs(_ idsBySet: [[String]]) -> [String] {
        var seen: Set<String> = []
        return idsBySet.flatMap { $0 }.filter { seen.insert($0).inserted }
    }
}

extension NitnemSnapshot {
    /// The Rehras `variant` (`sgpc`, `taksal`) names when the snapshot has more than one Rehras: the
    /// bani of that variant (for `sgpc`, else the default Rehras, which is the SGPC form); nil when
    /// the snapshot has one Rehras (or none), so the choice changes nothing.
    package func rehras(variant: String) -> Bani? {
        let forms = banis.filter { $0.key == "rehras" }
        guard forms.count > 1 else { return nil }
        if let exact = forms.first(where: { $0.variant == variant }) { return exact }
        return variant == "sgpc" ? forms.first { $0.isDefault && $0.variant.isEmpty } : nil
    }

    /// This snapshot with `variant` as the preferred Rehras (`preferences.rehrasVariant`), so the
    /// daily sets count it, when the snapshot has that form beside another; else unchanged.
    package func choosingRehras(_ variant: String) -> NitnemSnapshot {
        guard let chosen = rehras(variant: variant) else { return self }
        var snapshot = self
        snapshot.preferences.rehrasVariant = chosen.variant
        return snapshot
    }
}
