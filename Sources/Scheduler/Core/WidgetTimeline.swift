// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The `NitnemNow` widget timeline (`<group>/widgets/NitnemNow.json`), like WidgetKit's: one entry
/// now and one at each of the next four fixed points (the next 24 hours; 23 or 25 around a DST change). An applet shows the last entry whose
/// `date` ≤ now, so it stays right at a band start even while the agent sleeps, and shows "stale"
/// past `validUntil`.
package struct WidgetTimeline: Hashable, Sendable {
    /// One entry: what the widget shows from `date` on.
    package struct Entry: Hashable, Sendable {
        /// From when the entry applies.
        package let date: Date
        /// What it shows.
        package let state: TodayState
    }

    /// The entries, in time order: the first for when it was made, then one per fixed point.
    ///
    /// - Important: Never empty (`init` makes the first); `generatedAt` and `reloadAfter` read it.
    package let entries: [Entry]
    /// The fixed point after the last entry: past it the timeline is stale.
    package let validUntil: Date
    /// How the entries' `display` words titles and whether it offers Listen.
    package let options: DisplayOptions
    /// The month of each entry's Nitnem day, as of that day (its `display.journey`), in the order of
    /// the entries' days: two or three, a list rather than a dictionary hashing each date (made at
    /// every band start).
    private let dayJourneys: [DayJourney]

    /// A day's journey.
    private struct DayJourney: Hashable, Sendable {
        let day: CivilDate
        let journey: Journey
    }

    /// The journey of the entries' day `day`, if there is one.
    package func journey(on day: CivilDate) -> Journey? {
        dayJourneys.first { $0.day == day }?.journey
    }

    /// The config a widget's display follows: config `titles` and whether config `listen` is set.
    package struct DisplayOptions: Hashable, Sendable {
        /// Config `titles` (nil: each surface's default).
        package var titles: TitleForm?
        /// Whether config `listen` is set.
        package var listen: Bool
        /// The options.
        package init(titles: TitleForm? = nil, listen: Bool = false) {
            self.titles = titles
            self.listen = listen
        }
    }

    /// When it was made: the first entry's date.
    package var generatedAt: Date { entries[0].date }
    /// When the agent will write the next timeline: the next fixed point, the second entry's date.
    package var reloadAfter: Date { entries.dropFirst().first?.date ?? validUntil }

    /// How many fixed points ahead a timeline reaches: a whole Nitnem day of band starts.
    ///
    /// - Important: A count, not 24 hours of clock time: on a 25-hour DST day a time horizon would let
    ///   a band start slide into the timeline in the middle of a band, so the content would depend on
    ///   when the agent happened to wake, and a wake with nothing new would still rewrite the file.
    package static let fixedPointsAhead = 4

    /// The timeline at `now` for these files.
    package init(
        snapshot: NitnemSnapshot, progress: [String: BaniProgress], now: Date, calendar: NitnemCalendar,
        options: DisplayOptions = DisplayOptions()
    ) {
        let today = calendar.nitnemDay(containing: now)
        let points = calendar.nextFixedPoints(after: now, count: Self.fixedPointsAhead + 1, from: today)
        func state(_ slot: SlotKey) -> TodayState {
            let day = slot.day == today.key ? today : calendar.nitnemDay(slot.day)
            return TodayState(snapshot: snapshot, progress: progress, day: day, band: slot.band, calendar: calendar)
        }
        self.init(
            now: now, today: today, points: points, options: options,
            journey: { Journey(monthOf: $0, snapshot: snapshot, progress: progress, calendar: calendar) },
            state: state)
    }

    /// The timeline at `now`, in the Nitnem day `today`, with the next `fixedPointsAhead + 1`
    /// fixed `points`, each entry showing `state` of its slot (the day and band it falls in) and
    /// the `journey` of its day's month.
    init(
        now: Date, today: NitnemDay, points: [FixedPoint], options: DisplayOptions = DisplayOptions(),
        journey: (CivilDate) -> Journey? = { _ in nil }, state: (SlotKey) -> TodayState
    ) {
        var entries = [Entry(date: now, state: state(SlotKey(day: today.key, band: today.band(at: now))))]
        // A fixed point starts a band that lasts, so it falls in that band of its day.
        for point in points.prefix(Self.fixedPointsAhead) {
            entries.append(Entry(date: point.at, state: state(SlotKey(day: point.dayKey, band: point.band))))
        }
        self.entries = entries
        validUntil = points[Self.fixedPointsAhead].at
        self.options = options
        var journeys: [DayJourney] = []
        for entry in entries where !journeys.contains(where: { $0.day == entry.state.dayKey }) {
            if let month = journey(entry.state.dayKey) {
                journeys.append(DayJourney(day: entry.state.dayKey, journey: month))
            }
        }
        dayJourneys = journeys
    }

    /// This timeline one fixed point on: at `now`, in `slot`, past its first fixed point and before
    /// its second, the next fixed point `point` added and `validUntil` the one after it. The entries
    /// it shares with this one (their slots' states the same: the files did not change) are this
    /// one's; only `slot`'s state, when it is not the first fixed point's, and `point`'s are asked of
    /// `state`, and `journey` only for a day this one has none of.
    ///
    /// - Important: The caller checks that the fixed points moved by one and that `state` and
    ///   `journey` answer as they did when this one was made.
    func advanced(
        now: Date, slot: SlotKey, passed: FixedPoint, point: FixedPoint, validUntil: Date,
        journey: (CivilDate) -> Journey?, state: (SlotKey) -> TodayState
    ) -> WidgetTimeline {
        var moved: [Entry] = []
        moved.reserveCapacity(entries.count)
        let passedSlot = SlotKey(day: passed.dayKey, band: passed.band)
        moved.append(Entry(date: now, state: passedSlot == slot ? entries[1].state : state(slot)))
        moved.append(contentsOf: entries[2...])
        moved.append(Entry(date: point.at, state: state(SlotKey(day: point.dayKey, band: point.band))))
        var journeys: [DayJourney] = []
        journeys.reserveCapacity(dayJourneys.count + 1)
        for entry in moved where !journeys.contains(where: { $0.day == entry.state.dayKey }) {
            let day = entry.state.dayKey
            if let known = dayJourneys.first(where: { $0.day == day }) {
                journeys.append(known)
            } else if let month = journey(day) {
                journeys.append(DayJourney(day: day, journey: month))
            }
        }
        return WidgetTimeline(entries: moved, validUntil: validUntil, options: options, dayJourneys: journeys)
    }

    private init(entries: [Entry], validUntil: Date, options: DisplayOptions, dayJourneys: [DayJourney]) {
        self.entries = entries
        self.validUntil = validUntil
        self.options = options
        self.dayJourneys = dayJourneys
    }

    /// Whether the file would say what `other`'s says, apart from when it was made: then nothing
    /// changed for a reader, and the file is not rewritten.
    package func saysSame(as other: WidgetTimeline?) -> Bool {
        guard let other else { return false }
        // The "now" entry's date moves with every wake; what it shows does not.
        return validUntil == other.validUntil && options == other.options && dayJourneys == other.dayJourneys
            && entries[0].state == other.entries[0].state
            && entries.dropFirst() == other.entries.dropFirst()
    }

    /// The file's JSON: `{"schema":1,"kind":"NitnemNow","generatedAt","validUntil","reloadAfter",
    /// "display":{"stale"},"entries":[…]}`, each entry with the `display` a widget shows from its
    /// `date` on (`WidgetDisplay`), worded by `localizer`; `display.stale` is the line a widget adds
    /// past `validUntil`. Schema 1 still: `display` was added, nothing changed.
    package func json(calendar: NitnemCalendar, localizer: Localizer) -> JSONValue {
        func instant(_ d: Date) -> JSONValue { .string(RFC3339.format(d, in: calendar)) }
        // The date too: past validUntil the widget is read on a later day than the file was made.
        let made = entries[0].state.dayKey
        let stale = localizer(.timelineStale, ["time": WallStamp.format(validUntil, day: made, in: calendar)])
        return .object([
            ("schema", .int(1)),
            ("kind", .string("NitnemNow")),
            ("generatedAt", instant(generatedAt)),
            ("validUntil", instant(validUntil)),
            ("reloadAfter", instant(reloadAfter)),
            ("display", .object([("stale", .string(stale))])),
            (
                "entries",
                .array(
                    entries.map { e in
                        .object([
                            ("date", instant(e.date)),
                            ("dayKey", .string(e.state.dayKey.description)),
                            ("band", e.state.bandJSON),
                            ("next", e.state.nextJSON),
                            ("today", e.state.todayJSON),
                            ("bandComplete", .bool(e.state.bandComplete)),
                            ("dayComplete", .bool(e.state.dayComplete)),
                            ("url", .string(e.state.url)),
                            (
                                "display",
                                WidgetDisplay(
                                    state: e.state, titles: options.titles, listen: options.listen,
                                    journey: journey(on: e.state.dayKey), localizer: localizer
                                ).json
                            ),
                        ])
                    })
            ),
        ])
    }
}
