// SPDX-License-Identifier: GPL-3.0-or-later
/// One of the four wall-clock bands of a Nitnem day. Bands only order the home; nothing is hidden.
/// Public, not package, to be inlined in other modules (`CivilDate`).
public enum Band: String, CaseIterable, Sendable, Codable {
    /// 03:00–09:00.
    case amritVela
    /// 09:00–17:00.
    case morning
    /// 17:00–21:00.
    case evening
    /// 21:00 until the next Nitnem day begins at 03:00.
    case night

    /// The title a person reads: "Amrit Vela", "Morning", "Evening", "Night".
    package var title: String {
        switch self {
        case .amritVela: "Amrit Vela"
        case .morning: "Morning"
        case .evening: "Evening"
        case .night: "Night"
        }
    }

    /// The wall time at which the band starts.
    package var start: WallTime {
        switch self {
        case .amritVela: WallTime.dayRoll
        case .morning: WallTime(uncheckedSeconds: 9 * 3600)
        case .evening: WallTime(uncheckedSeconds: 17 * 3600)
        case .night: WallTime(uncheckedSeconds: 21 * 3600)
        }
    }

    /// The wall times inside the band, first to last minute: `03:00–08:59`, `21:00–02:59`.
    package var wallTimes: String {
        switch self {
        case .amritVela: "03:00–08:59"
        case .morning: "09:00–16:59"
        case .evening: "17:00–20:59"
        case .night: "21:00–02:59"
        }
    }

    /// Whether a reminder at wall time `time` lies inside this band. Night may run past midnight
    /// (21:00–02:59).
    package func contains(_ time: WallTime) -> Bool {
        switch self {
        case .night: return time >= Band.night.start || time < WallTime.dayRoll
        default:
            let next = Band.allCases[Band.allCases.firstIndex(of: self)! + 1]
            return time >= start && time < next.start
        }
    }
}
