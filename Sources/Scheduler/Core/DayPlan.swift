// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The core's view of time: the calendar of the current zone, the Nitnem days around now with
/// their reminder slots, and today's states worked out for the files read.
///
/// A `TodayState` depends only on the files and its Nitnem day and band, so each band's is worked
/// out once, not at every wake; forgotten whenever the files, the config or the zone change.
struct DayPlan: Sendable {
    /// How many slots' states are remembered before the past ones are forgotten: today's four
    /// bands and the ones looked ahead to, a bounded memory rather than a record of every day.
    static let rememberedStates = 16

    /// The calendar of the current time zone.
    private(set) var calendar: NitnemCalendar
    /// The days around now, resolved in `calendar` with the config's slots.
    var days: PlannedDays
    /// Today's states by slot, for the files last configured.
    private var states: [SlotKey: TodayState] = [:]

    init(calendar: NitnemCalendar, slots: ReminderSlots) {
        self.calendar = calendar
        days = PlannedDays(calendar: calendar, slots: slots)
    }

    /// The zone changed: every day is resolved again.
    mutating func use(_ calendar: NitnemCalendar) {
        self.calendar = calendar
        states.removeAll()
        days = PlannedDays(calendar: calendar, slots: days.slots)
    }

    /// The config's slots, if they changed.
    mutating func use(_ slots: ReminderSlots) {
        if slots != days.slots { days = PlannedDays(calendar: calendar, slots: slots) }
    }

    /// The files (or how the config sees them) changed: every state is worked out again.
    mutating func forgetStates() { states.removeAll() }

    /// The state of `slot` for `files`, worked out once per slot.
    mutating func state(_ slot: SlotKey, files: GroupFiles) -> TodayState {
        if let known = states[slot] { return known }
        let state = TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, day: calendar.nitnemDay(slot.day),
            band: slot.band, calendar: calendar)
        // Only slots from now on are asked for again.
        if states.count >= Self.rememberedStates {
            states = states.filter { $0.key.day >= slot.day }
            if states.count >= Self.rememberedStates { states.removeAll() }
        }
        states[slot] = state
        return state
    }
}
