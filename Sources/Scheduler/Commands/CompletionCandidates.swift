// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What the completion scripts offer for a bani (`nitnem completions --list banis|links`):
/// `id<TAB>title` (or `link<TAB>title`) per bani, in registry order — ids, links and English titles
/// only (control characters escaped, so one bani is one line), never the Gurmukhi.
package enum CompletionCandidates {
    /// `japji<TAB>Japji Sahib`, one a bani.
    package static func banis(_ snapshot: NitnemSnapshot) -> [String] {
        snapshot.banis.map { Printable.escaped($0.id) + "\t" + title($0) }
    }

    /// `sggs://nitnem<TAB>…`, then `sggs://bani/japji<TAB>Japji Sahib`, one a bani.
    package static func links(_ snapshot: NitnemSnapshot) -> [String] {
        ["sggs://nitnem\tWhat nitnem status shows next"]
            + snapshot.banis.map {
                DeepLink.bani(key: $0.key, variant: $0.isDefault ? nil : $0.variant).url + "\t" + title($0)
            }
    }

    /// The English title, with the variant when it is not the default one.
    static func title(_ bani: NitnemSnapshot.Bani) -> String {
        Printable.escaped(bani.isDefault || bani.variant.isEmpty ? bani.titleEn : "\(bani.titleEn) (\(bani.variant))")
    }
}
