// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The per-bani wake (`ReminderMachine.baniWake`) last worked out, with what it was worked out
/// from: the core asks at every wake, and each time it walked the day's slots and looked each
/// passed one up in the ledger (for a "Later").
///
/// The wake is the earliest of the day's slots after `from`, the "Later"s of the band that end after
/// it, or else tomorrow's slots after it. At any later instant before that wake, in the same band of
/// the same day, none of them has passed and no slot has newly passed: the answer is the same while
/// the ledger (`ReminderMachine.ledgerRevision`) and the plan's generation (the files, config and
/// zone) stay what they were.
struct BaniWakeMemo: Sendable {
    let generation: Int
    let day: CivilDate
    let band: Band
    let ledgerRevision: Int
    /// When it was worked out.
    let from: Date
    /// The wake worked out (nil: none, and none comes while the rest stays the same).
    let wake: Date?

    /// Whether `wake` is the answer at `now`, in `band` of `day`, under `generation` and `ledger`.
    func holds(at now: Date, day: CivilDate, band: Band, generation: Int, ledger: Int) -> Bool {
        generation == self.generation && ledger == ledgerRevision && band == self.band && from <= now
            && (wake.map { now < $0 } ?? true) && day == self.day
    }
}
