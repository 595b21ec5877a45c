// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The per-bani reminders of `nitnem sets remind` (the `reminders` of `nitnem-mynitnem.json`).
///
/// At most one per bani per Nitnem day, at its wall time (`NitnemCalendar.baniReminder`: a time in
/// a DST gap at the first instant after it, a repeated time once). Skipped when reminders are paused
/// or the bani is already read that day; late after a sleep only while the band its slot falls in
/// lasts. Recorded in the ledger before it is shown, like a band's reminder, with the same buttons:
/// Read now opens that bani, Mark read marks it, Later defers it (never past its band's end).
/// Closed when the bani is read (by any writer) or its band ends. Independent of the daily sets: a
/// bani need not be in any of them to have a reminder.
extension ReminderMachine {
    /// The first per-bani reminder due now, if any (one at a time, like `dueForBand`): its slot has
    /// passed within the current band, and nothing was decided for it yet (or its "Later" is due).
    mutating func dueForBani(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        // The files are unwrapped only when a reminder is acted on: most wakes find each decided.
        // No My Nitnem, no slots: those kept are then none (`ReminderRules.baniSlots`).
        guard config.remindersOn, files?.snapshot.banisAvailable == true else { return [] }
        let day = today.day
        let band = day.band(at: now)
        if retry.holds(SlotKey(day: day.key, band: band), at: now) { return [] }
        let slots: [ReminderRules.BaniSlot]
        if let kept = baniSlots.kept(on: day, plan: plan) {
            slots = kept
        } else if let files, files.mine != nil {
            slots = baniSlots.remember(on: day, files: files, plan: plan)
        } else {
            return []
        }
        for slot in slots where slot.at <= now && day.band(at: slot.at) == band {
            // What `act` finds first, asked before the files are unwrapped for it.
            if ReminderRules.decided(ledger.entry(day.key, .bani(slot.bani.id)), now: now, screenFree: screenFree)
                == .decided
            {
                continue
            }
            guard let files else { return [] }
            let acted = act(
                on: .bani(slot.bani.id), slot: slot.at, name: .bani(title: slot.bani.titleEn), now: now, today: today,
                files: files, config: config, plan: &plan
            ) { state, late in
                Self.baniNotice(slot, day: day.key, band: band, state: state, files: files, config: config, late: late)
            }
            if let acted { return acted }
        }
        return []
    }

    /// Keeps a per-bani reminder on screen true: closed once its bani is read.
    mutating func reconcileBani(_ shown: Notice, files: GroupFiles, day: CivilDate) -> [Action] {
        guard ReminderRules.isRead(shown.bani.id, on: day, files: files) else { return [] }
        return closed(shown, saying: .reminderClosedBaniRead(shown.reminder))
    }

    /// When a per-bani reminder may next be due after `now`: the next slot (today's or tomorrow's),
    /// or the end of a "Later" in the current band.
    mutating func baniWake(
        after now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: DayPlan
    ) -> Date? {
        let band = today.day.band(at: now)
        // Until the wake passes, the band ends or the ledger, files, config or zone change, it stays.
        if let memo = baniWakeMemo,
            memo.holds(at: now, day: today.day.key, band: band, generation: plan.generation, ledger: ledgerRevision)
        {
            return memo.wake
        }
        let wake = baniWakeWorkedOut(after: now, band: band, today: today, files: files, config: config, plan: plan)
        baniWakeMemo = BaniWakeMemo(
            generation: plan.generation, day: today.day.key, band: band, ledgerRevision: ledgerRevision, from: now,
            wake: wake)
        return wake
    }

    /// `baniWake`, worked out.
    private func baniWakeWorkedOut(
        after now: Date, band: Band, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: DayPlan
    ) -> Date? {
        // Not unwrapped: a caller's optional files are copied whole to be (nine fields).
        guard config.remindersOn,
            files?.mine?.reminders.isEmpty == false || files?.snapshot.practices.isEmpty == false
        else { return nil }
        func slots(on day: NitnemDay) -> [ReminderRules.BaniSlot] {
            if let kept = baniSlots.kept(on: day, plan: plan) { return kept }
            guard let files else { return [] }
            return baniSlots.slots(on: day, files: files, plan: plan)
        }
        var wake: Date?
        func consider(_ at: Date) { if wake.map({ at < $0 }) ?? true { wake = at } }
        for slot in slots(on: today.day) {
            if slot.at > now {
                consider(slot.at)
            } else if let entry = ledger.entry(today.day.key, .bani(slot.bani.id)),
                case .snoozed(let until, _) = entry.state,
                entry.band == band, until > now
            {
                consider(until)
            }
        }
        if wake == nil {
            let tomorrow = plan.days.planned(after: today)?.day ?? plan.calendar.nitnemDay(after: today.day)
            for slot in slots(on: tomorrow) where slot.at > now { consider(slot.at) }
        }
        return wake
    }
}
