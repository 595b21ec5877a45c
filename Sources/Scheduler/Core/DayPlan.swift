// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The core's view of time: the calendar of the current zone, the Nitnem days around now with
/// their reminder slots, and today's states worked out for the files read.
///
/// A `TodayState` depends only on the files and its Nitnem day and band, so each band's is worked
/// out once, not at every wake; so do a day's practices and its month's journey (the widget
/// timeline's). All are forgotten whenever the files, the config or the zone change.
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
    /// The practices by Nitnem day, for the files last configured.
    private var practices: [CivilDate: [PracticeProgress]] = [:]
    /// The month of each Nitnem day as of that day, for the files last configured.
    private var journeys: [CivilDate: Journey] = [:]
    /// Each of `DailySet.allCases`' ids (`NitnemSnapshot.ids(in:)`), for the files last configured.
    private var idsBySet: [[String]]?
    /// Counts the times everything worked out was forgotten (`forgetStates`): what was worked out
    /// from the files, config and zone under one generation holds while it stays the same.
    private(set) var generation = 0

    init(calendar: NitnemCalendar, slots: ReminderSlots) {
        self.calendar = calendar
        days = PlannedDays(calendar: calendar, slots: slots)
    }

    /// The zone changed: every day is resolved again.
    mutating func use(_ calendar: NitnemCalendar) {
        self.calendar = calendar
        forgetStates()
        days = PlannedDays(calendar: calendar, slots: days.slots)
    }

    /// The config's slots, if they changed.
    mutating func use(_ slots: ReminderSlots) {
        if slots != days.slots { days = PlannedDays(calendar: calendar, slots: slots) }
    }

    /// The files (or how the config sees them) changed: every state is worked out again.
    mutating func forgetStates() {
        generation &+= 1
        states.removeAll()
        practices.removeAll()
        journeys.removeAll()
        idsBySet = nil
    }

    /// The state of `slot` for `files`, worked out once per slot.
    mutating func state(_ slot: SlotKey, files: GroupFiles) -> TodayState {
        if let known = states[slot] { return known }
        let ids = idsBySet ?? DailySet.allCases.map(files.snapshot.ids(in:))
        idsBySet = ids
        let state = TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, day: calendar.nitnemDay(slot.day),
            band: slot.band, calendar: calendar, practices: practices(on: slot.day, files: files), idsBySet: ids)
        Self.remember(state, for: slot, in: &states, day: \.day)
        return state
    }

    /// The practices of `files` on Nitnem day `day` (`PracticeProgress.all`), worked out once per day.
    mutating func practices(on day: CivilDate, files: GroupFiles) -> [PracticeProgress] {
        if let known = practices[day] { return known }
        let all = PracticeProgress.all(
            files.snapshot.practices, progress: files.progress.banis, today: day, calendar: calendar)
        Self.remember(all, for: day, in: &practices, day: { $0 })
        return all
    }

    /// The practices of `files` on Nitnem day `day` as `practices(on:files:)` worked them out, or
    /// counted now (and not kept) when it did not.
    func knownPractices(on day: CivilDate, files: GroupFiles) -> [PracticeProgress] {
        if files.snapshot.practices.isEmpty { return [] }
        return practices[day]
            ?? PracticeProgress.all(
                files.snapshot.practices, progress: files.progress.banis, today: day, calendar: calendar)
    }

    /// The journey of `day`'s month as of `day` (the widget timeline's), worked out once per day, with
    /// the day's practices as its states count them.
    mutating func journey(of day: CivilDate, files: GroupFiles) -> Journey {
        if let known = journeys[day] { return known }
        let journey = Journey(
            monthOf: day, snapshot: files.snapshot, progress: files.progress.banis,
            practices: practices(on: day, files: files))
        Self.remember(journey, for: day, in: &journeys, day: { $0 })
        return journey
    }

    /// Keeps `value` under `key`; only keys of days from `key`'s on are asked for again, so a full
    /// memory forgets the days before it.
    private static func remember<Key: Hashable, Value>(
        _ value: Value, for key: Key, in memory: inout [Key: Value], day: (Key) -> CivilDate
    ) {
        if memory.count >= rememberedStates {
            memory = memory.filter { day($0.key) >= day(key) }
            if memory.count >= rememberedStates { memory.removeAll() }
        }
        memory[key] = value
    }
}
