// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// What a reminder is about: a band's daily set, or one bani (`nitnem sets remind`).
package enum ReminderSubject: Hashable, Sendable {
    /// The band's reminder.
    case band(Band)
    /// The per-bani reminder of this bani id.
    case bani(String)

    /// The bani id of a per-bani reminder; nil for a band's.
    package var baniID: String? {
        if case .bani(let id) = self { id } else { nil }
    }
}
