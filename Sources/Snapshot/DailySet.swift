// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// One of the three sets a Nitnem day is made of, in band order: what today's progress counts.
///
/// The snapshot's other sets (`popular`, `ceremony`) belong to no band and are not part of a day,
/// so they are not cases here; `NitnemSnapshot.setNames` lists every set of the file.
package enum DailySet: String, CaseIterable, Hashable, Sendable {
    /// Read in Amrit Vela and the Morning band.
    case morning
    /// Read in the Evening band.
    case evening
    /// Read in the Night band.
    case night

    /// This set, then the following daily sets, wrapping: the order of the home in its band.
    package var rotation: [DailySet] {
        switch self {
        case .morning: [.morning, .evening, .night]
        case .evening: [.evening, .night, .morning]
        case .night: [.night, .morning, .evening]
        }
    }
}

extension Band {
    /// The daily set read in this band: Amrit Vela and Morning read `morning`.
    package var dailySet: DailySet {
        switch self {
        case .amritVela, .morning: .morning
        case .evening: .evening
        case .night: .night
        }
    }
}
