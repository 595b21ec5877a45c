// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A reminder slot on a day a zone changes its clock (and a few ordinary days to compare): a band's
/// wall time on a Nitnem day, and the instant it falls at. One list (`fixtures/cases/dst-slots.tsv`),
/// held where the calendar computes the slot (`SlotTests`), where the agent's core fires it
/// (`ReminderCoreTests`) and where the binary says it (`ClockCommandTests`).
package struct DSTSlot: Sendable, CustomStringConvertible {
    package let zone: String
    /// The Nitnem day (`2026-11-29`).
    package let day: String
    package let band: Band
    /// The wall time set for the band (`reminder.<band> = HH:MM`).
    package let time: String
    /// The instant it falls at (UTC).
    package let expected: String

    package var description: String { "\(zone) \(day) \(band) \(time)" }

    /// `fixtures/cases/dst-slots.tsv`, every row.
    package static func all() throws -> [DSTSlot] {
        try CaseTable.rows("dst-slots", columns: ["zone", "day", "band", "time", "instant"]).map { row in
            guard let band = Band(rawValue: row["band"]) else {
                throw FixtureError("\(row.place): no band \(row["band"])")
            }
            return DSTSlot(zone: row["zone"], day: row["day"], band: band, time: row["time"], expected: row["instant"])
        }
    }
}
