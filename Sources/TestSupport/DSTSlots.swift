// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A reminder slot on a day a zone changes its clock (and a few ordinary days to compare): a band's
/// wall time on a Nitnem day, and the instant it falls at. One list, held where the calendar computes
/// the slot (`SlotTests`) and where the agent's core fires it (`ReminderCoreTests`).
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

    package static let all = [
        // Ordinary days, and a half-hour zone.
        DSTSlot(zone: "UTC", day: "2026-11-29", band: .amritVela, time: "06:00", expected: "2026-11-29T06:00:00Z"),
        DSTSlot(zone: "UTC", day: "2026-11-29", band: .night, time: "21:30", expected: "2026-11-29T21:30:00Z"),
        DSTSlot(zone: "Asia/Kolkata", day: "2026-11-29", band: .night, time: "21:30", expected: "2026-11-29T16:00:00Z"),
        DSTSlot(
            zone: "Asia/Kolkata", day: "2026-11-29", band: .evening, time: "18:00", expected: "2026-11-29T12:30:00Z"),
        // A night slot after midnight belongs to the Nitnem day before.
        DSTSlot(zone: "UTC", day: "2026-11-29", band: .night, time: "00:30", expected: "2026-11-30T00:30:00Z"),
        // In a gap: the first instant after it (Santiago and Cairo have no midnight that day; Helsinki
        // no 03:00–04:00, and its Nitnem day starts at 04:00).
        DSTSlot(
            zone: "America/Santiago", day: "2026-09-05", band: .night, time: "00:30",
            expected: "2026-09-06T04:00:00Z"),
        DSTSlot(zone: "Africa/Cairo", day: "2026-04-23", band: .night, time: "00:15", expected: "2026-04-23T22:00:00Z"),
        DSTSlot(
            zone: "Australia/Lord_Howe", day: "2026-10-03", band: .night, time: "02:15",
            expected: "2026-10-03T15:30:00Z"),
        DSTSlot(
            zone: "Europe/Helsinki", day: "2026-03-29", band: .amritVela, time: "06:00",
            expected: "2026-03-29T03:00:00Z"),
        DSTSlot(
            zone: "Europe/Helsinki", day: "2026-03-29", band: .amritVela, time: "03:30",
            expected: "2026-03-29T01:00:00Z"),
        // Twice: the first occurrence (Santiago 23:00–23:59 on 04-04, New York and Dublin 01:00–01:59,
        // Cairo 23:00–23:59, Lord Howe 01:30–01:59).
        DSTSlot(
            zone: "America/Santiago", day: "2026-04-04", band: .night, time: "23:30",
            expected: "2026-04-05T02:30:00Z"),
        DSTSlot(
            zone: "America/New_York", day: "2026-10-31", band: .night, time: "01:30",
            expected: "2026-11-01T05:30:00Z"),
        DSTSlot(
            zone: "Europe/Dublin", day: "2026-10-24", band: .night, time: "01:30", expected: "2026-10-25T00:30:00Z"),
        DSTSlot(zone: "Africa/Cairo", day: "2026-10-29", band: .night, time: "23:30", expected: "2026-10-29T20:30:00Z"),
        DSTSlot(
            zone: "Australia/Lord_Howe", day: "2026-04-04", band: .night, time: "01:45",
            expected: "2026-04-04T14:45:00Z"),
        // New York: 02:30 does not exist and the gap ends the Nitnem day: the last second of the night.
        DSTSlot(
            zone: "America/New_York", day: "2026-03-07", band: .night, time: "02:30",
            expected: "2026-03-08T06:59:59Z"),
        // Apia: a night slot after midnight on the skipped date.
        DSTSlot(zone: "Pacific/Apia", day: "2011-12-29", band: .night, time: "01:00", expected: "2011-12-30T10:00:00Z"),
    ]
}
