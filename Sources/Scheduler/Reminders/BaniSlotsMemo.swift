// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The per-bani reminders (`ReminderRules.baniSlots`) of the days last asked about, each kept with
/// what it was worked out from: the agent asks at every wake, and each time every practice is
/// counted from its bani's record. A day is worked out again once its files, day or zone differ
/// (the files' arrays and dictionaries compare by identity first, so an unchanged file costs little).
struct BaniSlotsMemo: Sendable {
    /// How many days are kept: today and tomorrow (`ReminderMachine.baniWake` asks for both).
    static let days = 2

    private struct Known: Sendable {
        let day: NitnemDay
        let zone: Zone
        let snapshot: NitnemSnapshot
        let mine: MyNitnem?
        let progress: [String: BaniProgress]
        let slots: [ReminderRules.BaniSlot]

        func holds(_ day: NitnemDay, _ files: GroupFiles, _ calendar: NitnemCalendar) -> Bool {
            self.day == day && zone == calendar.zone && mine == files.mine && progress == files.progress.banis
                && snapshot == files.snapshot
        }
    }

    private var known: [Known] = []

    /// The per-bani reminders of `day`: those kept, else worked out now (and not kept).
    func slots(on day: NitnemDay, files: GroupFiles, calendar: NitnemCalendar) -> [ReminderRules.BaniSlot] {
        known.first { $0.holds(day, files, calendar) }?.slots
            ?? ReminderRules.baniSlots(on: day, files: files, calendar: calendar)
    }

    /// The per-bani reminders of `day`, kept for the next time.
    mutating func remember(on day: NitnemDay, files: GroupFiles, calendar: NitnemCalendar) -> [ReminderRules.BaniSlot] {
        if let kept = known.first(where: { $0.holds(day, files, calendar) }) { return kept.slots }
        let slots = ReminderRules.baniSlots(on: day, files: files, calendar: calendar)
        known.removeAll { $0.day == day }
        if known.count >= Self.days { known.removeFirst(known.count - Self.days + 1) }
        known.append(
            Known(
                day: day, zone: calendar.zone, snapshot: files.snapshot, mine: files.mine,
                progress: files.progress.banis, slots: slots))
        return slots
    }
}
