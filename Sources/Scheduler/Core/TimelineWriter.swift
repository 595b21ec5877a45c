// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The widget timeline's part of the core: the timeline last handed out for writing, so an
/// unchanged one is not written again, and the back-off after failed writes.
struct TimelineWriter: Sendable {
    /// The timeline last handed out for writing (nil: write the next one whatever it says).
    private(set) var last: WidgetTimeline?
    /// After failed writes: when to write again.
    private(set) var retry: WriteRetry = .idle
    /// What the last timeline evaluated was made from, apart from when: one made from the same
    /// says the same, so it is not made again (most wakes are for a reminder, not a band's start).
    private var madeFrom: Inputs?
    /// When the last timeline evaluated was made: until its first fixed point passes, the day and
    /// band of now and the points ahead stay what they were.
    private var madeAt: Date?
    /// The last timeline made (from `madeFrom`), written or not: at the next band start, with the
    /// same files, config and zone, the next timeline is this one moved on by a fixed point.
    private var made: WidgetTimeline?

    /// What a timeline shows depends on: the Nitnem day and band it is made in, the fixed points
    /// ahead, the display options, and the files, config and zone the plan worked out its states
    /// and journeys from (its generation).
    private struct Inputs: Equatable, Sendable {
        let now: SlotKey
        let points: [FixedPoint]
        let options: WidgetTimeline.DisplayOptions
        let generation: Int
    }

    /// The timeline on disk is gone or no longer known: the next evaluation writes it.
    mutating func forget() {
        last = nil
        madeFrom = nil
        madeAt = nil
        made = nil
    }

    /// The timeline for `files` at `now`, when it says something other than the last one; its
    /// entries' display follows `config` (`titles`, `listen`).
    mutating func evaluate(
        now: Date, today: PlannedDays.Day, files: GroupFiles, config: AgentConfig, plan: inout DayPlan
    ) -> [AgentCore.Action] {
        let options = WidgetTimeline.DisplayOptions(titles: config.titles, listen: config.listen != nil)
        // Nothing it is made from moved since it was made (the zone's days move the generation).
        // `case .some`, not `!= nil`: that compared two optional timelines, copying both.
        if case .some = last, let madeFrom, let madeAt, madeAt <= now, now < madeFrom.points[0].at,
            madeFrom.generation == plan.generation, madeFrom.options == options
        {
            return []
        }
        let points = plan.days.nextFixedPoints(after: now, count: WidgetTimeline.fixedPointsAhead + 1, from: today)
        let inputs = Inputs(
            now: SlotKey(day: today.day.key, band: today.day.band(at: now)), points: points, options: options,
            generation: plan.generation)
        if case .some = last, let madeFrom, inputs == madeFrom { return [] }
        let previous = madeFrom
        madeFrom = inputs
        madeAt = now
        let ahead = WidgetTimeline.fixedPointsAhead
        // One fixed point on, from the same files, config and zone: the entries past the band
        // boundary are the last timeline's.
        if let made, let previous, previous.generation == inputs.generation, previous.options == options,
            points.count == ahead + 1, previous.points.count == ahead + 1,
            points[..<ahead] == previous.points[1...]
        {
            let timeline = made.advanced(
                now: now, slot: inputs.now, passed: previous.points[0], point: points[ahead - 1],
                validUntil: points[ahead].at, journey: { plan.journey(of: $0, files: files) },
                state: { plan.state($0, files: files) })
            self.made = timeline
            guard !timeline.saysSame(as: last) else { return [] }
            last = timeline
            return [.writeTimeline(timeline)]
        }
        // The entries' days: today's and the fixed points' (two or three days: a list, not a dictionary
        // hashing each date; the days apart, so a search copies no journey).
        var days: [CivilDate] = []
        var months: [Journey] = []
        func journey(_ day: CivilDate) -> Journey? {
            days.firstIndex { $0 == day }.map { months[$0] }
        }
        for day in [today.day.key] + points.prefix(WidgetTimeline.fixedPointsAhead).map(\.dayKey)
        where !days.contains(where: { $0 == day }) {
            days.append(day)
            months.append(plan.journey(of: day, files: files))
        }
        let timeline = WidgetTimeline(
            now: now, today: today.day, points: points, options: options, journey: journey,
            state: { plan.state($0, files: files) })
        made = timeline
        guard !timeline.saysSame(as: last) else { return [] }
        last = timeline
        return [.writeTimeline(timeline)]
    }

    /// The shell wrote it.
    mutating func written(problems: inout ProblemLog) {
        retry = .idle
        problems.clear(.timelineWrite)
    }

    /// The shell could not write it. Freeing space is no event: it is written again with a back-off
    /// (1 s doubling to 5 min) until it lands.
    mutating func failed(_ failure: ReportedFailure, now: Date, problems: inout ProblemLog) -> [AgentCore.Action] {
        forget()
        retry = retry.failedWrite(at: now)
        guard problems.say(.failure(.timelineWrite, failure), now: now) else { return [] }
        return [.log(.timelineWriteFailed(cause: failure.message))]
    }

    /// When to write again after a failure, if one is due after `now`.
    func wake(after now: Date) -> Date? { retry.wake(after: now) }
}
