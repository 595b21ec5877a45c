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
    private var states = Memory<SlotKey, TodayState>()
    /// The practices by Nitnem day, for the files last configured.
    private var practices = Memory<CivilDate, [PracticeProgress]>()
    /// The dates the zone skipped near each practice of the files last configured
    /// (`PracticeProgress.skippedDates(of:calendar:)`): the same on every day.
    private var skipped: [Set<CivilDate>]?
    /// The month of each Nitnem day as of that day, for the files last configured.
    private var journeys = Memory<CivilDate, Journey>()
    /// The journey last made, for the files last configured: the next day's in its month is made
    /// from it (`Journey.init(movingOn:…)`) when it can be.
    private var lastJourney: Journey?
    /// The days any record of the files last configured was read in (`TodayState.readSpan`), for
    /// making a journey from the last one.
    private var readSpan: Range<CivilDate>?
    /// Each of `DailySet.allCases`' ids (`NitnemSnapshot.ids(in:)`), for the files last configured.
    private var idsBySet: [[String]]?
    /// The distinct ids of the daily sets (`NitnemSnapshot.dailyIDs`), for the files last configured.
    private var dailyIDs: [String]?
    /// Each band's order (by `Band.allCases` index), for the files last configured: a day's state
    /// is made from its band's, with only that day's reads, resume and practices worked out.
    /// With each, the progress of each id of its order (`records`): looked up once, not per day; and
    /// the days its ids were read in (`TodayState.readSpan`).
    private var orders: [(order: BandOrder, records: [BaniProgress?], span: Range<CivilDate>)?] = []
    /// The state last made of each band (by `Band.allCases` index) with its day's reads
    /// (`TodayState.reads`), for the files last configured: a day whose reads are the same takes its
    /// counts and checklist (most days' reads are those of the day before: none).
    private var latest: [(state: TodayState, read: [Bool])?] = []
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
        skipped = nil
        journeys.removeAll()
        lastJourney = nil
        readSpan = nil
        idsBySet = nil
        dailyIDs = nil
        orders = []
        latest = []
    }

    /// The state of `slot` for `files`, worked out once per slot.
    mutating func state(_ slot: SlotKey, files: GroupFiles) -> TodayState {
        if let known = states[slot] { return known }
        let (order, records, span) = order(of: slot.band, files: files)
        let practices = practices(on: slot.day, files: files)
        let calendar = calendar
        let read = TodayState.reads(
            of: order, day: slot.day, progress: files.progress.banis, records: records, span: span)
        let index = Band.allCases.firstIndex(of: slot.band)!
        if latest.isEmpty { latest = Array(repeating: nil, count: Band.allCases.count) }
        let like = latest[index].flatMap { $0.read == read ? $0.state : nil }
        let state = TodayState(
            order: order, snapshot: files.snapshot, progress: files.progress.banis, day: slot.day, records: records,
            read: read, like: like, interval: { calendar.nitnemDay(slot.day).interval }, practices: { practices })
        states.remember(state, for: slot)
        latest[index] = (state, read)
        return state
    }

    /// Each daily set's ids for `files`, worked out once.
    private mutating func ids(_ files: GroupFiles) -> [[String]] {
        if let idsBySet { return idsBySet }
        let ids = DailySet.allCases.map(files.snapshot.ids(in:))
        idsBySet = ids
        return ids
    }

    /// Each daily set's ids for the files last configured, when worked out already (`ids`).
    var knownIDsBySet: [[String]]? { idsBySet }

    /// `band`'s order for `files`, with its ids' progress records and the days they were read in,
    /// worked out once.
    private mutating func order(
        of band: Band, files: GroupFiles
    ) -> (BandOrder, [BaniProgress?], Range<CivilDate>) {
        let index = Band.allCases.firstIndex(of: band)!
        if orders.isEmpty { orders = Array(repeating: nil, count: Band.allCases.count) }
        if let known = orders[index] { return known }
        let order = BandOrder(snapshot: files.snapshot, band: band, idsBySet: ids(files))
        let records = order.order.map { files.progress.banis[$0] }
        let span = TodayState.readSpan(of: order, progress: files.progress.banis)
        orders[index] = (order, records, span)
        return (order, records, span)
    }

    /// The practices of `files` on Nitnem day `day` (`PracticeProgress.all`), worked out once per day.
    mutating func practices(on day: CivilDate, files: GroupFiles) -> [PracticeProgress] {
        if let known = practices[day] { return known }
        let skipped =
            self.skipped ?? files.snapshot.practices.map { PracticeProgress.skippedDates(of: $0, calendar: calendar) }
        self.skipped = skipped
        let all = PracticeProgress.all(
            files.snapshot.practices, progress: files.progress.banis, today: day, calendar: calendar, skipped: skipped)
        practices.remember(all, for: day)
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
        let daily: [String]
        if let dailyIDs {
            daily = dailyIDs
        } else {
            daily = NitnemSnapshot.dailyIDs(ids(files))
            dailyIDs = daily
        }
        let practices = practices(on: day, files: files)
        let span = readSpan ?? TodayState.readSpan(of: files.progress.banis.keys, progress: files.progress.banis)
        readSpan = span
        let journey =
            lastJourney.flatMap {
                Journey(
                    movingOn: $0, to: day, snapshot: files.snapshot, progress: files.progress.banis,
                    practices: practices, dailyIDs: daily, readSpan: span)
            }
            ?? Journey(
                monthOf: day, snapshot: files.snapshot, progress: files.progress.banis, practices: practices,
                dailyIDs: daily)
        journeys.remember(journey, for: day)
        lastJourney = journey
        return journey
    }
}

/// What `DayPlan` worked out, by slot or day: a handful of entries (a few days' worth), found by
/// comparing keys, not by hashing them.
private struct Memory<Key: DayKeyed, Value: Sendable>: Sendable {
    // Apart: a search through the keys copies no value.
    private var keys: [Key] = []
    private var values: [Value] = []

    subscript(key: Key) -> Value? {
        // By the fields: `SlotKey`'s synthesized `==` is a call into another module per key.
        guard let i = keys.firstIndex(where: { $0.same(as: key) }) else { return nil }
        return values[i]
    }

    /// Keeps `value` under `key`; only keys of days from `key`'s on are asked for again, so a full
    /// memory forgets the days before it.
    mutating func remember(_ value: Value, for key: Key) {
        if keys.count >= DayPlan.rememberedStates {
            let from = key.nitnemDay
            // Counted, not listed: this runs at each new slot once the memory is full.
            var kept = 0
            var keptAreLast = true
            for k in keys {
                if k.nitnemDay >= from { kept += 1 } else if kept > 0 { keptAreLast = false }
            }
            if kept >= DayPlan.rememberedStates {
                keys = []
                values = []
            } else if keptAreLast {
                // Those kept are the last (the days come in order): the rest dropped in place, not
                // each kept one copied into new arrays.
                keys.removeFirst(keys.count - kept)
                values.removeFirst(values.count - kept)
            } else {
                let indices = keys.indices.filter { keys[$0].nitnemDay >= from }
                keys = indices.map { keys[$0] }
                values = indices.map { values[$0] }
            }
        }
        keys.append(key)
        values.append(value)
    }

    mutating func removeAll() {
        keys.removeAll()
        values.removeAll()
    }
}

/// A key of `DayPlan`'s memory: a slot or a day, of a Nitnem day.
private protocol DayKeyed: Equatable, Sendable {
    var nitnemDay: CivilDate { get }
    /// `==`, by the fields.
    func same(as other: Self) -> Bool
}

extension SlotKey: DayKeyed {
    fileprivate var nitnemDay: CivilDate { day }
    // The day first: inline, where the band's `==` is a call, and most keys are of other days.
    fileprivate func same(as other: SlotKey) -> Bool { day == other.day && band == other.band }
}

extension CivilDate: DayKeyed {
    fileprivate var nitnemDay: CivilDate { self }
    fileprivate func same(as other: CivilDate) -> Bool { self == other }
}
