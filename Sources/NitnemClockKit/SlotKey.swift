// SPDX-License-Identifier: GPL-3.0-or-later
/// One reminder slot of the calendar: a Nitnem day and one of its bands.
///
/// The key of what is decided per slot (at most one reminder, one back-off). Public, not package, to
/// be inlined in other modules (`CivilDate`).
public struct SlotKey: Hashable, Sendable, CustomStringConvertible {
    /// The Nitnem day.
    package let day: CivilDate
    /// The band of that day.
    package let band: Band

    /// The slot of `band` on Nitnem day `day`.
    package init(day: CivilDate, band: Band) {
        self.day = day
        self.band = band
    }

    /// `2026-11-29 evening`, for logs.
    public var description: String { "\(day) \(band.rawValue)" }
}
