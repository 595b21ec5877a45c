// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a reminder slot was not shown: the `reason` of a skipped ledger entry.
///
/// - Important: The text (`rawValue`) is what the ledger file holds; keep it. `init(rawValue:)`
///   maps known text to its case and keeps any other text as `other`, so a ledger written by
///   another version still reads, and is written back unchanged.
package enum SkipReason: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// Every bani of the band's set was read before the slot (and `remind-when-done` is off):
    /// `band-complete`.
    case bandComplete
    /// The band's daily set has no banis: `empty-set`.
    case emptySet
    /// Reminders were paused (`nitnem reminders pause`) when the slot passed: `paused`.
    case paused
    /// A per-bani reminder's bani was read that Nitnem day before its slot: `bani-read`.
    case baniRead
    /// A reason this version does not know, as read.
    case other(String)

    /// The reason that `text` names.
    package init(rawValue text: String) {
        switch text {
        case "band-complete": self = .bandComplete
        case "empty-set": self = .emptySet
        case "paused": self = .paused
        case "bani-read": self = .baniRead
        default: self = .other(text)
        }
    }

    /// The text in the ledger file and in logs.
    package var rawValue: String {
        switch self {
        case .bandComplete: "band-complete"
        case .emptySet: "empty-set"
        case .paused: "paused"
        case .baniRead: "bani-read"
        case .other(let text): text
        }
    }

    package var description: String { rawValue }
}
