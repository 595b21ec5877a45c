// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The per-bani reminders (`ReminderRules.baniSlots`) of the days last asked about, each kept with
/// the day and the plan's generation it was worked out in: the agent asks at every wake, and each
/// time every practice is counted from its bani's record. A day is worked out again once the plan
/// forgot what it worked out (the files, config or zone changed: `DayPlan.forgetStates`), so
/// `files` must be those the plan's generation was worked out for; the check costs two comparisons.
struct BaniSlotsMemo: Sendable {
    /// How many days are kept: today and tomorrow (`ReminderMachine.baniWake` asks for both).
    static let days = 2

    private struct Known: Sendable {
        let day: CivilDate
        let generation: Int
        let slots: [ReminderRules.BaniSlot]

        func holds(_ day: NitnemDay, _ plan: DayPlan) -> Bool {
            generation == plan.generation && self.day == day.key
        }
    }

    private var known: [Known] = []

    /// The per-bani reminders of `day` in `plan`'s generation when they are kept (asked without the
    /// files: a caller that holds them optional copies them whole to unwrap them).
    func kept(on day: NitnemDay, plan: DayPlan) -> [ReminderRules.BaniSlot]? {
        known.first { $0.holds(day, plan) }?.slots
    }

    /// Whether the per-bani reminders of the Nitnem day keyed `key` are kept for `plan`'s generation
    /// (asked by key alone: no day to look up).
    func keeps(_ key: CivilDate, plan: DayPlan) -> Bool {
        known.contains { $0.generation == plan.generation && $0.day == key }
    }

    /// The per-bani reminders of `day` for `files` in `plan`'s zone: those kept, else worked out
    /// now (and not kept).
    func slots(on day: NitnemDay, files: GroupFiles, plan: DayPlan) -> [ReminderRules.BaniSlot] {
        kept(on: day, plan: plan)
            ?? ReminderRules.baniSlots(
                on: day, files: files, calendar: plan.calendar,
                practices: plan.knownPractices(on: day.key, files: files), idsBySet: plan.knownIDsBySet)
    }

    /// The per-bani reminders of `day`, kept for the next time (with the day's practices as the plan
    /// counts them).
    mutating func remember(on day: NitnemDay, files: GroupFiles, plan: DayPlan) -> [ReminderRules.BaniSlot] {
        if let kept = known.first(where: { $0.holds(day, plan) }) { return kept.slots }
        let practices = plan.knownPractices(on: day.key, files: files)
        let slots = ReminderRules.baniSlots(
            on: day, files: files, calendar: plan.calendar, practices: practices, idsBySet: plan.knownIDsBySet)
        known.removeAll { $0.day == day.key || $0.generation != plan.generation }
        if known.count >= Self.days { known.removeFirst(known.count - Self.days + 1) }
        known.append(Known(day: day.key, generation: plan.generation, slots: slots))
        return slots
    }
}
