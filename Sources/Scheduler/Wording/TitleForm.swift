// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// Which title of a bani a surface shows (config `titles`): the English one, the Gurmukhi one, or
/// both. Titles are names: they are shown as the snapshot gives them, never translated.
package enum TitleForm: String, CaseIterable, Hashable, Sendable {
    /// `Japji Sahib`.
    case english
    /// `ਜਪੁ ਜੀ ਸਾਹਿਬ` (the English title when the snapshot has no Gurmukhi one).
    case gurmukhi
    /// `Japji Sahib (ਜਪੁ ਜੀ ਸਾਹਿਬ)`.
    case both

    /// The title of `bani` in this form, each part passed through `clean` first: a file's text, so
    /// folded (`Printable.folded`) unless the caller escapes it instead (`Printable.escaped`, for a
    /// terminal). No surface shows a title raw.
    package func title(_ bani: NitnemSnapshot.Bani, _ clean: (String) -> String = Printable.folded) -> String {
        switch (self, bani.titleGurmukhi) {
        case (.english, _), (_, nil): clean(bani.titleEn)
        case (.gurmukhi, let g?): clean(g)
        case (.both, let g?): "\(clean(bani.titleEn)) (\(clean(g)))"
        }
    }

    /// The title with a non-default variant after the English one, as `mark` names what it marks:
    /// `Rehras Sahib (taksal)`, `ਰਹਿਰਾਸ ਸਾਹਿਬ (taksal)`, `Rehras Sahib (taksal) (ਰਹਿਰਾਸ ਸਾਹਿਬ)`; each part
    /// passed through `clean` (folded unless the caller escapes), as `title`.
    package func titleWithVariant(
        _ bani: NitnemSnapshot.Bani, _ clean: (String) -> String = Printable.folded
    ) -> String {
        let variant = bani.isDefault || bani.variant.isEmpty ? "" : " (\(clean(bani.variant)))"
        switch (self, bani.titleGurmukhi) {
        case (.english, _), (_, nil): return clean(bani.titleEn) + variant
        case (.gurmukhi, let g?): return clean(g) + variant
        case (.both, let g?): return "\(clean(bani.titleEn))\(variant) (\(clean(g)))"
        }
    }
}

extension TitleForm? {
    /// The form config `titles` chose, else a surface's own default: `english` for the bars,
    /// reminders, `sets` and `reminders list`; `both` for the text of `status`, the bar's tooltip and
    /// `mark --list`, which showed both before the key existed.
    package func or(_ surfaceDefault: TitleForm) -> TitleForm { self ?? surfaceDefault }
}
