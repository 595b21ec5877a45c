// SPDX-License-Identifier: GPL-3.0-or-later
/// The wall times at which reminders are due, one per band at most.
package struct ReminderSlots: Hashable, Sendable {
    /// Wall time per band; a band absent here has its reminder off.
    package private(set) var times: [Band: WallTime]

    /// Amrit Vela 06:00, Evening 18:00, Night 21:30.
    package static let defaults = ReminderSlots(
        unchecked: [
            .amritVela: WallTime(hour: 6, minute: 0)!,
            .evening: WallTime(hour: 18, minute: 0)!,
            .night: WallTime(hour: 21, minute: 30)!,
        ])

    /// Slots from wall times per band.
    /// - Throws: `SlotError` when a time lies outside its band.
    package init(_ times: [Band: WallTime]) throws(SlotError) {
        for (band, time) in times where !band.contains(time) {
            throw SlotError(band: band, time: time)
        }
        self.times = times
    }

    private init(unchecked times: [Band: WallTime]) { self.times = times }

    /// Sets (or, with `nil`, turns off) the slot of `band`.
    /// - Throws: `SlotError` when the time lies outside the band.
    package mutating func set(_ band: Band, _ time: WallTime?) throws(SlotError) {
        if let time, !band.contains(time) { throw SlotError(band: band, time: time) }
        times[band] = time
    }

    /// The enabled slots in band order.
    package var enabled: [(band: Band, time: WallTime)] {
        Band.allCases.compactMap { band in times[band].map { (band, $0) } }
    }
}

/// A reminder time that does not lie inside its band.
package struct SlotError: Error, Equatable, CustomStringConvertible {
    /// The band of the slot.
    package let band: Band
    /// The rejected time.
    package let time: WallTime

    package var description: String { "\(time) is outside the \(band.title) band (\(band.wallTimes))" }
}
