// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The reminders' part of the core: what was reminded (the ledger), the reminder on screen, the
/// back-off after failed shows, the reminder waiting for its ledger save, and the pause.
///
/// A reminder is recorded `pending` and saved before it is shown, so it is shown at most once per
/// band and day, even across a crash: save → `.ledgerSaved` → show → `.reminderShown`.
struct ReminderMachine: Sendable {
    typealias Action = AgentCore.Action
    typealias Notice = AgentCore.ReminderNotice

    // Set in the `ReminderMachine+….swift` files only.

    /// What was reminded, per Nitnem day and band (and per day and bani).
    var ledger: ReminderLedger {
        // In place (no `oldValue`): counted, so what was worked out from it knows it changed.
        didSet { ledgerRevision &+= 1 }
    }
    /// Counts the changes of `ledger` (`BaniWakeMemo`, `noServerIDsAt`).
    private(set) var ledgerRevision = 0
    /// The `ledgerRevision` at which the ledger was found to name no notification id (`takeOver`
    /// walked every entry at every wake to find none).
    var noServerIDsAt: Int?
    /// The reminder shown now, if any: updated as the band's reading moves on, closed when the band
    /// is complete or ends (a per-bani reminder: when its bani is read or its band ends).
    var onScreen: Notice?
    /// After failed shows (or a ledger that could not be saved): when to try again, while the band lasts.
    var retry: Retry = .idle
    /// A reminder recorded `pending` whose save was asked and not yet confirmed: shown once it is.
    var awaitingSave: Notice?
    /// Reminders are paused until then (`nitnem reminders pause`).
    var pausedUntil: Date?
    /// The per-bani reminders of today and tomorrow, as last worked out.
    var baniSlots = BaniSlotsMemo()
    /// The per-bani wake last worked out (`baniWake`), with what it was worked out from.
    var baniWakeMemo: BaniWakeMemo?

    init(ledger: ReminderLedger) { self.ledger = ledger }

    /// No reminder on screen (`onScreen == nil`, which copied the notice whole to compare it).
    var screenFree: Bool {
        if case .none = onScreen { return true }
        return false
    }

    /// No reminder waiting for its save (`awaitingSave == nil`, without a copy of it).
    var nothingAwaitingSave: Bool {
        if case .none = awaitingSave { return true }
        return false
    }

    // MARK: Slots

    /// The reminder due now, if any: the band's first (`dueForBand`), else a per-bani reminder's
    /// (`dueForBani`). One at a time: the next one due is decided once this one was shown (the core
    /// evaluates again after `.reminderShown`), and replaces it on screen.
    mutating func due(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        var actions = takeOver(now: now, today: today, files: files, config: config, plan: &plan)
        let band = dueForBand(now: now, today: today, files: files, config: config, plan: &plan)
        actions.add(band)
        // Tomorrow's per-bani reminders are kept for `wake`, which asks once today's have passed (the
        // files unwrapped, so copied whole, only when they are not kept yet). Most evaluations find
        // them kept by tomorrow's key (today's `nextKey`), before tomorrow is looked up in the plan.
        if config.remindersOn,
            files?.mine?.reminders.isEmpty == false || files?.snapshot.practices.isEmpty == false,
            !baniSlots.keeps(today.day.nextKey, plan: plan)
        {
            let tomorrow = plan.days.day(after: today).day
            if baniSlots.kept(on: tomorrow, plan: plan) == nil, let files {
                _ = baniSlots.remember(on: tomorrow, files: files, plan: plan)
            }
        }
        guard nothingAwaitingSave else { return actions }
        let bani = dueForBani(now: now, today: today, files: files, config: config, plan: &plan)
        actions.add(bani)
        return actions
    }

    /// The rules for `config` and `files`, with this machine's pause.
    func rules(_ config: AgentConfig, _ files: GroupFiles?) -> ReminderRules {
        ReminderRules(config: config, pausedUntil: pausedUntil, files: files)
    }

    /// The band's reminder due now, if any: the current band's slot has passed, nothing was decided
    /// for it yet, and the band still lasts (so a long suspend gives at most one late reminder, never
    /// a burst). Without taking anything over (`takeOver`).
    private mutating func dueForBand(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        guard config.remindersOn, files?.snapshot.banisAvailable == true else { return [] }
        let band = today.day.band(at: now)
        // A back-off holds back only the band that failed; the next band starts afresh.
        let current = SlotKey(day: today.day.key, band: band)
        retry = retry.entering(current)
        if retry.holds(current, at: now) { return [] }
        guard let slot = today.reminders.first(where: { $0.band == band }), slot.at <= now else { return [] }
        // What `act` finds first at most wakes, asked before the files are unwrapped (copied whole).
        if ReminderRules.decided(ledger.entry(today.day.key, .band(band)), now: now, screenFree: screenFree)
            == .decided
        {
            return []
        }
        guard let files else { return [] }
        return act(
            on: .band(band), slot: slot.at, name: .band(band), now: now, today: today, files: files,
            config: config, plan: &plan
        ) { state, late in
            Self.notice(day: today.day.key, band: band, state: state, files: files, config: config, late: late)
        } ?? []
    }

    /// Does what the rules say of the reminder of `subject` (called `name` in logs), whose slot at
    /// `slot` has passed in the current band: nil when it was decided already; else shown again, or
    /// recorded skipped, or recorded `pending` and shown once that is saved (`notice` makes it from
    /// the band's state; nil: nothing to show).
    mutating func act(
        on subject: ReminderSubject, slot: Date, name: LogEvent.Reminder, now: Date, today: PlannedDays.Day,
        files: GroupFiles, config: AgentConfig, plan: inout DayPlan, notice: (TodayState, Bool) -> Notice?
    ) -> [Action]? {
        let day = today.day.key
        let band = today.day.band(at: now)
        let current = SlotKey(day: day, band: band)
        let earlier = ledger.entry(day, subject)
        // The rules' `due` without making the rules (they copy the config and the files): the same
        // static functions they ask, with this machine's pause.
        let due = ReminderRules.due(slot: slot, earlier: earlier, now: now, screenFree: screenFree) {
            ReminderRules.skipReason(
                subject, on: today.day, at: now, pausedUntil: pausedUntil, config: config, files: files
            ) { plan.state(current, files: files).bandComplete }
        }
        switch due {
        case .decided:
            return nil
        case .again:
            guard let earlier else { return nil }
            return restore(earlier, replacing: nil, now: now, today: today, files: files, config: config, plan: &plan)
        case .skip(let reason, let deferrals):
            // A slot that passes while paused is recorded, so it never fires late after resume.
            record(
                ReminderLedger.Entry(
                    dayKey: day, band: band, subject: subject, at: now, state: .skipped(reason), deferrals: deferrals))
            let decision: AgentCore.ReminderDecision =
                switch subject {
                case .band: .skip(dayKey: day, band: band, reason: reason)
                case .bani(let id): .skipBani(dayKey: day, band: band, bani: id, reason: reason)
                }
            return [
                .reminder(decision), .saveLedger(ledger), .log(.reminderSkipped(name, day: day, reason: reason)),
            ]
        case .show(let late, let deferrals):
            guard let notice = notice(plan.state(current, files: files), late) else { return [] }
            record(
                ReminderLedger.Entry(
                    dayKey: day, band: band, subject: subject, at: now,
                    state: .pending(ReminderLedger.Shown(bani: notice.bani.id, late: late)), deferrals: deferrals))
            // Shown only once the pending entry is on disk (`.ledgerSaved`); a failed save shows nothing.
            awaitingSave = notice
            return [.saveLedger(ledger)]
        }
    }

    /// A reminder a clean stop took off the screen, or a killed agent left on screen (server id
    /// `replacing`), brought back once in its band with working buttons — in place of the one on
    /// screen, if any: the same episode (its ledger entry is marked `restored`), not a second
    /// reminder. Not when the rules say no (`ReminderRules.notAgain`: paused, its banis read since)
    /// or a per-bani reminder was removed: then it stays off (the one left on screen is closed).
    mutating func restore(
        _ entry: ReminderLedger.Entry, replacing: Int?, now: Date, today: PlannedDays.Day, files: GroupFiles,
        config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        var entry = entry
        let reminded = entry.state.shown ?? ReminderLedger.Shown(bani: nil)
        let slot = SlotKey(day: entry.dayKey, band: entry.band)
        let reason = rules(config, files).notAgain(entry.subject, on: today.day, now: now) {
            plan.state(slot, files: files).bandComplete
        }
        var notice: Notice?
        if reason == nil {
            let state = plan.state(slot, files: files)
            switch entry.subject {
            case .band(let band):
                notice = Self.notice(
                    day: entry.dayKey, band: band, state: state, files: files, config: config, late: reminded.late)
            case .bani(let id):
                notice = baniSlots.remember(on: today.day, files: files, plan: plan)
                    .first { $0.bani.id == id }
                    .map {
                        Self.baniNotice(
                            $0, day: entry.dayKey, band: entry.band, state: state, files: files, config: config,
                            late: reminded.late)
                    }
            }
        }
        guard var notice else {
            entry.state = .shown(reminded, .off)
            record(entry)
            let close: [Action] = replacing.map { [.closeNotification(id: $0)] } ?? []
            let why: LogEvent.NotAgain = reason == .paused ? .paused : reason == nil ? .removed : .read
            return close + [
                .saveLedger(ledger),
                .log(.reminderNotShownAgain(entry.subject, why, closedLeftOver: replacing != nil)),
            ]
        }
        notice.showAgain(replacing: replacing)
        var again = reminded
        again.again = true
        entry.state = .pending(again, replacing: replacing)
        record(entry)
        awaitingSave = notice
        return [.saveLedger(ledger)]
    }

    /// Keeps the reminder on screen true: closed when its band is complete or over, updated in
    /// place when the band's next unread bani (or today's count) moved on. Asked only with files
    /// (without them, nothing was ever read to say it is read or moved on).
    mutating func reconcile(
        now: Date, today: PlannedDays.Day, files: GroupFiles, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        guard !screenFree else { return [] }
        let day = today.day.key
        let band = today.day.band(at: now)
        // Most wakes while a band's reminder is on screen find it saying what it says: asked of it in
        // place (`onScreenSaysSame`), before the notice is copied out, and not made again (`notice`
        // works its link out anew).
        if onScreenIsBand(band, of: day) {
            let state = plan.state(SlotKey(day: day, band: band), files: files)
            if !state.bandComplete, onScreenSaysSame(as: state, titles: config.titles) { return [] }
        }
        guard let shown = onScreen else { return [] }
        guard shown.dayKey == day, shown.band == band else {
            return closed(shown, saying: .reminderClosedBandOver(shown.reminder))
        }
        if shown.isForBani { return reconcileBani(shown, files: files, day: day) }
        let state = plan.state(SlotKey(day: day, band: band), files: files)
        if state.bandComplete {
            return closed(shown, saying: .reminderClosedBandRead(band))
        }
        guard
            let updated = Self.notice(
                day: day, band: band, state: state, files: files, config: config, late: shown.late),
            !updated.saysSame(as: shown)
        else { return [] }
        onScreen = updated
        return [.updateReminder(updated)]
    }

    /// Whether the reminder on screen is `band`'s of `day` (not a per-bani one).
    private func onScreenIsBand(_ band: Band, of day: CivilDate) -> Bool {
        guard case .some(let shown) = onScreen else { return false }
        return shown.dayKey == day && shown.band == band && !shown.isForBani
    }

    /// Whether the band reminder on screen is made of what `state` (its band's, not complete) would
    /// make it of, with `titles`: then it says the same (`reconcile`).
    private func onScreenSaysSame(as state: TodayState, titles: TitleForm?) -> Bool {
        guard case .some(let shown) = onScreen, let next = state.next else { return false }
        return next.bani == shown.bani && next.resume == shown.resume && state.done == shown.done
            && state.total == shown.total && titles == shown.titles && shown.practice == nil && shown.time == nil
    }

    /// When a reminder may next be due after `now`: a retry, a "Later" that comes due in the
    /// current band, the end of a pause (the slots themselves are the router's).
    mutating func wake(
        after now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: DayPlan
    ) -> Date? {
        // The earliest of them, without an array (the core asks at every wake).
        var wake = retry.wake(after: now)
        func consider(_ at: Date) { if wake.map({ at < $0 }) ?? true { wake = at } }
        if config.remindersOn, let entry = ledger.entry(today.day.key, today.day.band(at: now)),
            case .snoozed(let until, _) = entry.state, until > now
        {
            consider(until)
        }
        if let until = pausedUntil, until > now { consider(until) }
        if let bani = baniWake(after: now, today: today, files: files, config: config, plan: plan) { consider(bani) }
        return wake
    }
}
