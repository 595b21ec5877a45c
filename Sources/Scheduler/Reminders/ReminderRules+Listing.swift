// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The rules as a listing sees them (`ReminderPlan`): what became, or will become, of each slot of
/// a day, and which reminder is shown next.
extension ReminderRules {
    /// How many Nitnem days after today (or after a pause's end) `next` looks at.
    static let lookAhead = 7

    /// Whether `a` is shown before `b`: the earlier, and a band's before a bani's at the same
    /// instant (the agent decides a band's reminder first).
    static func comesFirst(_ a: ReminderPlan.Next, _ b: ReminderPlan.Next) -> Bool {
        a.at != b.at ? a.at < b.at : a.bani == nil && b.bani != nil
    }

    /// What became of the reminder of `subject` on `day` (its slot at `slot`, nil when the band's is
    /// off; `bandEnd` the end of the band it falls in): the ledger's decision when it has one (kept
    /// when the slot was turned off since), else what the agent will do.
    func status(
        of subject: ReminderSubject, slot: Date?, bandEnd: Date, in day: NitnemDay, now: Date,
        ledger: ReminderLedger
    ) -> ReminderPlan.Status {
        if let entry = ledger.entry(day.key, subject) {
            return status(of: entry, now: now, bandEnd: bandEnd, slotOn: slot != nil) {
                decision(subject, on: day, at: $0)
            }
        }
        guard let slot else { return .off }
        if case .band = subject {
            if !config.remindersOn { return .remindersOff }
            if !reminds { return .unavailable }
        }
        if slot > now { return .upcoming(decision(subject, on: day, at: slot)) }
        if now < bandEnd { return .due(decision(subject, on: day, at: now)) }
        return .missed
    }

    /// What a ledger entry says became of a slot whose band ends at `bandEnd`; `decide` is what the
    /// agent does at an instant (for a "Later" that comes back, at its end or now).
    func status(
        of entry: ReminderLedger.Entry, now: Date, bandEnd: Date, slotOn: Bool, decide: (Date) -> Decision
    ) -> ReminderPlan.Status {
        switch entry.state {
        case .shown(let shown, .withdrawn):
            return .withdrawn(bani: shown.bani, at: entry.at)
        case .shown(let shown, _) where shown.again, .pending(let shown, _) where shown.again:
            return .shownAgain(bani: shown.bani, at: entry.at)
        case .shown(let shown, _), .pending(let shown, _):
            return .reminded(bani: shown.bani, at: entry.at, late: shown.late)
        case .skipped(let reason):
            return .skipped(reason, at: entry.at)
        case .snoozed(let until, _):
            let when = max(until, now)
            let comesBack = reminds && slotOn && when < bandEnd
            return .snoozed(until: until, deferrals: entry.deferrals, then: comesBack ? decide(when) : nil)
        }
    }

    /// The first reminder that would be shown: today's from `slots` and `baniSlots`, else the first
    /// slot of a later day (from the pause's end on) that is not skipped; a band's before a bani's at
    /// the same instant (the agent decides a band's reminder first).
    func next(
        after now: Date, today: NitnemDay, slots: [ReminderPlan.Slot], baniSlots: [ReminderPlan.BaniSlot],
        calendar: NitnemCalendar
    ) -> ReminderPlan.Next? {
        guard reminds else { return nil }
        typealias Next = ReminderPlan.Next
        let statuses =
            slots.map { ($0.band, $0.at, $0.status, String?.none) }
            + baniSlots.map { ($0.band, Optional($0.at), $0.status, Optional($0.bani)) }
        var found: [Next] = []
        for (band, at, status, bani) in statuses {
            switch status {
            case .due(.remind):
                found.append(Next(band: band, dayKey: today.key, at: now, kind: .due, bani: bani))
            case .snoozed(let until, _, .remind?):
                found.append(
                    Next(
                        band: band, dayKey: today.key, at: max(until, now), kind: until > now ? .again : .due,
                        bani: bani))
            case .upcoming(.remind):
                if let at { found.append(Next(band: band, dayKey: today.key, at: at, kind: .slot, bani: bani)) }
            default:
                break
            }
        }
        if let first = found.min(by: Self.comesFirst) { return first }
        let hasBaniReminders = files?.mine?.reminders.isEmpty == false
        guard !config.slots.enabled.isEmpty || hasBaniReminders else { return nil }
        // Later days: from the one after today, or the one the pause ends in (a pause may be long).
        var day = calendar.nitnemDay(after: today)
        if let pausedUntil, pausedUntil >= day.interval.end { day = calendar.nitnemDay(containing: pausedUntil) }
        for _ in 0..<Self.lookAhead {
            var candidates: [Next] = []
            if let slot = calendar.reminders(on: day, slots: config.slots).first(where: {
                $0.at > now && decision(.band($0.band), on: day, at: $0.at) == .remind
            }) {
                candidates.append(Next(band: slot.band, dayKey: day.key, at: slot.at, kind: .slot))
            }
            if let files,
                let slot = Self.baniSlots(on: day, files: files, calendar: calendar).first(where: {
                    $0.at > now && decision(.bani($0.bani.id), on: day, at: $0.at) == .remind
                })
            {
                candidates.append(
                    Next(band: day.band(at: slot.at), dayKey: day.key, at: slot.at, kind: .slot, bani: slot.bani.id))
            }
            if let first = candidates.min(by: Self.comesFirst) { return first }
            day = calendar.nitnemDay(after: day)
        }
        return nil
    }
}
