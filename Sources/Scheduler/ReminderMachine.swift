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

    /// A reminder shown more than this long after its slot is `late` (the agent was asleep or off).
    static let lateAfter: TimeInterval = 60

    // Set here and in `ReminderMachine+Bani.swift` (the per-bani reminders) only.

    /// What was reminded, per Nitnem day and band (and per day and bani).
    var ledger: ReminderLedger
    /// The reminder shown now, if any: updated as the band's reading moves on, closed when the band
    /// is complete or ends (a per-bani reminder: when its bani is read or its band ends).
    var onScreen: Notice?
    /// After failed shows (or a ledger that could not be saved): when to try again, while the band lasts.
    var retry: Retry = .idle
    /// A reminder recorded `pending` whose save was asked and not yet confirmed: shown once it is.
    var awaitingSave: Notice?
    /// Reminders are paused until then (`nitnem reminders pause`).
    private(set) var pausedUntil: Date?

    init(ledger: ReminderLedger) { self.ledger = ledger }

    // MARK: Slots

    /// The reminder due now, if any: the band's first (`bandDue`), else a per-bani reminder's
    /// (`baniDue`). One at a time: the next one due is decided once this one was shown (the core
    /// evaluates again after `.reminderShown`), and replaces it on screen.
    mutating func due(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        let takenOver = takeOver(now: now, today: today, files: files, config: config, plan: &plan)
        let actions = takenOver + bandDue(now: now, today: today, files: files, config: config, plan: &plan)
        guard awaitingSave == nil else { return actions }
        return actions + baniDue(now: now, today: today, files: files, config: config, plan: &plan)
    }

    /// The notifications an earlier agent left on screen when it was killed (their ledger entries
    /// still name a server id that this agent does not show): the current band's reminder, `fired`,
    /// is shown again in place of it (`replacing` its id: one on screen, now with working buttons),
    /// or closed when the band is complete, reminders are paused or off. Any other is closed: a
    /// `pending` one (a crash between record and show is never shown again), and one of a band
    /// that has ended (only of today's or the previous Nitnem day: an older id may be another
    /// program's by now, the server's ids restart with it); older ids are forgotten.
    private mutating func takeOver(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        let current = SlotKey(day: today.day.key, band: today.day.band(at: now))
        var actions: [Action] = []
        var forgot = false
        for entry in ledger.entries {
            guard let id = entry.notificationID else { continue }
            let slot = SlotKey(day: entry.dayKey, band: entry.band)
            // Ours: on screen, or being shown again.
            func ours(_ notice: Notice?) -> Bool {
                notice.map { $0.dayKey == entry.dayKey && $0.subject == entry.subject } ?? false
            }
            if ours(onScreen) || ours(awaitingSave) { continue }
            if slot == current, entry.outcome == .fired, !entry.withdrawn {
                // Decided once the files are read: whether the band is complete, what to show.
                guard let files else { continue }
                if config.remindersOn, files.snapshot.banisAvailable {
                    actions += restore(
                        entry, replacing: id, now: now, today: today, files: files, config: config, plan: &plan)
                    continue
                }
            }
            var forgotten = entry
            forgotten.notificationID = nil
            ledger.record(forgotten)
            forgot = true
            if entry.dayKey >= today.day.key.adding(days: -1) {
                actions += [
                    .closeNotification(id: id),
                    .log(
                        .info,
                        "\(entry.band.title) reminder of \(entry.dayKey) closed: an earlier agent left it on screen"),
                ]
            }
        }
        if forgot, !actions.contains(where: { if case .saveLedger = $0 { true } else { false } }) {
            actions.append(.saveLedger(ledger))
        }
        return actions
    }

    /// The band's reminder due now, if any: the current band's slot has passed, nothing was decided
    /// for it yet, and the band still lasts (so a long suspend gives at most one late reminder, never
    /// a burst). Without taking anything over (`takeOver`).
    private mutating func bandDue(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        guard config.remindersOn, let files, files.snapshot.banisAvailable else { return [] }
        let day = today.day.key
        let band = today.day.band(at: now)
        // A back-off holds back only the band that failed; the next band starts afresh.
        let current = SlotKey(day: day, band: band)
        retry = retry.entering(current)
        if retry.holds(current, at: now) { return [] }
        guard let slot = today.reminders.first(where: { $0.band == band }), slot.at <= now else { return [] }
        // Nothing decided yet, or a "Later" that is due, or one a clean stop took off the screen.
        let earlier = ledger.entry(day, band)
        if let earlier, earlier.outcome == .fired, earlier.withdrawn, onScreen == nil {
            return restore(earlier, replacing: nil, now: now, today: today, files: files, config: config, plan: &plan)
        }
        if let earlier, !(earlier.outcome == .snoozed && (earlier.snoozedUntil ?? .distantFuture) <= now) {
            return []
        }
        let deferrals = earlier?.deferrals ?? 0
        let state = plan.state(current, files: files)
        let set = files.snapshot.ids(in: band.dailySet)
        let paused = pausedUntil.map { now < $0 } ?? false
        if let reason = ReminderPlan.Rules.skipReason(
            paused: paused, setIsEmpty: set.isEmpty, remindWhenDone: config.remindWhenDone,
            bandComplete: state.bandComplete)
        {
            // A slot that passes while paused is recorded, so it never fires late after resume.
            var entry = ReminderLedger.Entry(dayKey: day, band: band, at: now, outcome: .skipped, reason: reason)
            entry.deferrals = deferrals
            ledger.record(entry)
            return [
                .reminder(.skip(dayKey: day, band: band, reason: reason)), .saveLedger(ledger),
                .log(.info, "\(band.title) reminder for \(day) skipped: \(reason)"),
            ]
        }
        let late = earlier == nil && now.timeIntervalSince(slot.at) > Self.lateAfter
        guard let notice = Self.notice(day: day, band: band, state: state, files: files, config: config, late: late)
        else { return [] }
        var entry = ReminderLedger.Entry(
            dayKey: day, band: band, at: now, outcome: .pending, bani: notice.bani.id, late: late)
        entry.deferrals = deferrals
        ledger.record(entry)
        // Shown only once the pending entry is on disk (`.ledgerSaved`); a failed save shows nothing.
        awaitingSave = notice
        return [.saveLedger(ledger)]
    }

    /// A reminder a clean stop took off the screen, or a killed agent left on screen (server id
    /// `replacing`), brought back once in its band with working buttons — in place of the one on
    /// screen, if any: the same episode (its ledger entry is marked `restored`), not a second
    /// reminder. Not when its band's banis have been read since, or reminders are paused: then it
    /// stays off (the one left on screen is closed).
    private mutating func restore(
        _ entry: ReminderLedger.Entry, replacing: Int?, now: Date, today: PlannedDays.Day, files: GroupFiles,
        config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        if let bani = entry.reminderOf {
            return restoreBani(
                bani, entry, replacing: replacing, now: now, today: today, files: files, config: config, plan: &plan)
        }
        var entry = entry
        entry.withdrawn = false
        let state = plan.state(SlotKey(day: entry.dayKey, band: entry.band), files: files)
        let paused = pausedUntil.map { now < $0 } ?? false
        guard !paused, !state.bandComplete || config.remindWhenDone,
            var notice = Self.notice(
                day: entry.dayKey, band: entry.band, state: state, files: files, config: config, late: entry.late)
        else {
            entry.notificationID = nil
            ledger.record(entry)
            let why = paused ? "paused" : "the band's banis are read"
            return (replacing.map { [.closeNotification(id: $0)] } ?? []) + [
                .saveLedger(ledger),
                .log(
                    .info,
                    "\(entry.band.title) reminder not shown again: \(why)"
                        + (replacing == nil ? "" : " (the one an earlier agent left on screen is closed)")),
            ]
        }
        notice.restored = true
        notice.replacing = replacing
        entry.restored = true
        entry.outcome = .pending
        ledger.record(entry)
        awaitingSave = notice
        return [.saveLedger(ledger)]
    }

    /// Takes the reminder on screen off before the agent stops (a clean stop: SIGTERM, SIGINT), so
    /// no reminder outlives its agent with dead buttons; its ledger entry says so, and a restart
    /// within the band brings it back once.
    mutating func withdraw() -> [Action] {
        guard let shown = onScreen, var entry = ledger.entry(shown.dayKey, shown.subject), entry.outcome == .fired
        else {
            return []
        }
        onScreen = nil
        entry.withdrawn = true
        entry.notificationID = nil
        ledger.record(entry)
        return [
            .closeReminder, .saveLedger(ledger),
            .log(
                .info,
                "\(shown.what) withdrawn: the agent is stopping (a restart in the band shows it again)"),
        ]
    }

    /// The reminder for `band` of `day`: `Evening · Rehras Sahib`, `1 of 7 today · resume at line
    /// 120 of 444`; nil when the band's set has no bani.
    static func notice(
        day: CivilDate, band: Band, state: TodayState, files: GroupFiles, config: AgentConfig, late: Bool
    ) -> Notice? {
        let next = state.bandComplete ? nil : state.next
        let set = files.snapshot.ids(in: band.dailySet)
        guard let bani = next?.bani ?? set.first.flatMap(files.snapshot.bani(id:)) else { return nil }
        var notice = Notice(
            dayKey: day, band: band, bani: bani, late: late, done: state.done, total: state.total,
            resume: next?.resume, titles: config.titles, url: bani.url)
        notice.offer(config)
        return notice
    }

    /// Keeps the reminder on screen true: closed when its band is complete or over, updated in
    /// place when the band's next unread bani (or today's count) moved on.
    mutating func reconcile(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        guard let shown = onScreen, let files else { return [] }
        let day = today.day.key
        let band = today.day.band(at: now)
        guard shown.dayKey == day, shown.band == band else {
            return [.closeReminder] + takenOff(shown)
                + [.log(.info, "\(shown.what) closed: the band is over")]
        }
        if shown.forBani { return reconcileBani(shown, files: files, day: day) }
        let state = plan.state(SlotKey(day: day, band: band), files: files)
        if state.bandComplete {
            return [.closeReminder] + takenOff(shown)
                + [.log(.info, "\(band.title) reminder closed: the band's banis are read")]
        }
        guard
            let updated = Self.notice(
                day: day, band: band, state: state, files: files, config: config, late: shown.late),
            updated.summary != shown.summary || updated.body != shown.body
        else { return [] }
        onScreen = updated
        return [.updateReminder(updated)]
    }

    /// When a reminder may next be due after `now`: a retry, a "Later" that comes due in the
    /// current band, the end of a pause (the slots themselves are the router's).
    func wake(
        after now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, calendar: NitnemCalendar
    ) -> Date? {
        var wakes: [Date] = []
        if let retryAt = retry.wake(after: now) { wakes.append(retryAt) }
        if config.remindersOn, let entry = ledger.entry(today.day.key, today.day.band(at: now)),
            entry.outcome == .snoozed, let until = entry.snoozedUntil, until > now
        {
            wakes.append(until)
        }
        if let until = pausedUntil, until > now { wakes.append(until) }
        if let bani = baniWake(after: now, today: today, files: files, config: config, calendar: calendar) {
            wakes.append(bani)
        }
        return wakes.min()
    }

    // MARK: The save → show → shown handshake

    /// The ledger was saved: the reminder waiting for it may be shown now (and at most once, even
    /// after a crash).
    mutating func saved(problems: inout ProblemLog) -> [Action] {
        problems.clear(.ledgerSave)
        guard let notice = awaitingSave else { return [] }
        awaitingSave = nil
        return [.reminder(.fire(notice))]
    }

    /// The ledger could not be saved: a reminder waiting for it is not shown (a crash now must not
    /// let a restart show it again) and is tried again while the band lasts.
    mutating func saveFailed(_ failure: ReportedFailure, now: Date, problems: inout ProblemLog) -> [Action] {
        let said = problems.say(.failure(.ledgerSave, failure), now: now)
        guard let notice = awaitingSave else { return said ? [.log(.error, failure.message)] : [] }
        awaitingSave = nil
        ledger.remove(notice.dayKey, notice.subject)
        retry = retry.failed(notice.slot, at: now)
        let line =
            "\(failure.message); the \(notice.what) is not shown until it can be recorded "
            + "(retrying while the band lasts)"
        return said ? [.log(.error, line)] : []
    }

    /// The shell showed `notice` (`failure` nil) or could not: recorded as fired, or forgotten and
    /// tried again later while the band lasts.
    mutating func shown(
        _ notice: Notice, failure: ReportedFailure?, id: Int? = nil, now: Date, problems: inout ProblemLog
    ) -> [Action] {
        var actions: [Action] = []
        if let failure {
            ledger.remove(notice.dayKey, notice.subject)
            // A retry timer, bounded by the band's end (`due` lets the back-off go).
            retry = retry.failed(notice.slot, at: now)
            if problems.say(.failure(.notificationServer, failure), now: now) {
                actions.append(
                    .log(.warning, "\(failure.message); will retry while the \(notice.band.title) band lasts"))
            }
        } else {
            problems.clear(.notificationServer)
            retry = .idle
            var entry = ReminderLedger.Entry(
                dayKey: notice.dayKey, band: notice.band, at: now, outcome: .fired, bani: notice.bani.id,
                late: notice.late)
            if notice.forBani { entry.reminderOf = notice.bani.id }
            entry.deferrals = ledger.entry(notice.dayKey, notice.subject)?.deferrals ?? 0
            entry.restored = notice.restored
            // What a restart after a kill takes over (a server that gave no id: what it replaced).
            entry.notificationID = id.flatMap { $0 > 0 ? $0 : nil } ?? notice.replacing
            ledger.record(entry)
            onScreen = notice
            let how = notice.restored ? " (shown again after a restart)" : notice.late ? " (late)" : ""
            actions.append(.log(.info, "reminder shown: \(notice.summary)\(how)"))
        }
        actions.append(.saveLedger(ledger))
        return actions
    }

    // MARK: Buttons

    /// The reminder on screen was closed by the user or the server: nothing of ours is on screen
    /// any more, so a restart after a kill has nothing to take over.
    mutating func dismissed() -> [Action] {
        guard let shown = onScreen else { return [] }
        return takenOff(shown)
    }

    /// `shown` is off the screen: forgotten as on screen, its ledger entry's server id cleared
    /// (saved when it had one).
    mutating func takenOff(_ shown: Notice) -> [Action] {
        onScreen = nil
        guard var entry = ledger.entry(shown.dayKey, shown.subject), entry.notificationID != nil else { return [] }
        entry.notificationID = nil
        ledger.record(entry)
        return [.saveLedger(ledger)]
    }

    /// What a button of the reminder on screen does.
    mutating func pressed(
        _ action: ReminderAction, now: Date, files: GroupFiles?, config: AgentConfig, calendar: NitnemCalendar,
        activationToken: String? = nil
    ) -> [Action] {
        guard let shown = onScreen else { return [] }
        switch action {
        case .read:
            return Self.readerActions(for: shown.url, config: config, activationToken: activationToken)
        case .listen:
            return Self.listenActions(for: shown.url, config: config)
        case .mark:
            let nLines = files?.snapshot.bani(id: shown.bani.id)?.nLines ?? shown.bani.nLines
            return [.markRead(id: shown.bani.id, day: calendar.dayKey(at: now), nLines: nLines)]
        case .later:
            let bandEnd = calendar.band(containing: now).interval.end
            let until = now.addingTimeInterval(config.snooze)
            guard until < bandEnd, shown.band == calendar.band(at: now) else {
                return [.closeReminder] + takenOff(shown) + [
                    .log(
                        .info,
                        "Later: the \(shown.band.title) band ends before \(RFC3339.format(until, in: calendar)); not shown again"
                    )
                ]
            }
            onScreen = nil
            var entry =
                ledger.entry(shown.dayKey, shown.subject)
                ?? ReminderLedger.Entry(
                    dayKey: shown.dayKey, band: shown.band, at: now, outcome: .fired, bani: shown.bani.id)
            if shown.forBani { entry.reminderOf = shown.bani.id }
            entry.outcome = .snoozed
            entry.snoozedUntil = until
            entry.deferrals += 1
            entry.notificationID = nil
            ledger.record(entry)
            return [
                .closeReminder, .saveLedger(ledger),
                .log(.info, "\(shown.what) snoozed until \(RFC3339.format(until, in: calendar))"),
            ]
        }
    }

    /// Opening `url` in the configured reader (the same resolver as `nitnem open`): what Read now
    /// does.
    /// The server's `activationToken`, when it gave one, goes with the launch.
    static func readerActions(for url: String, config: AgentConfig, activationToken: String? = nil) -> [Action] {
        do throws(DeepLinkError) {
            var launch = config.reader.resolve(try DeepLink(parsing: url), opener: config.opener)
            launch.activationToken = activationToken
            return [.open(launch)] + (launch.note.map { [.log(.notice, $0)] } ?? [])
        } catch {
            return [.log(.error, "Read now: \(error.description)")]
        }
    }

    /// Playing `url`'s recorded paath with config `listen` (the same resolver as `nitnem listen`):
    /// what Listen does. `~` is expanded by the shell, which knows the home folder.
    static func listenActions(for url: String, config: AgentConfig) -> [Action] {
        guard let listen = config.listen else {
            return [.log(.warning, "Listen: no listen command is set (config key `listen`)")]
        }
        do throws(DeepLinkError) {
            return [.listen(listen, try DeepLink(parsing: url))]
        } catch {
            return [.log(.error, "Listen: \(error.description)")]
        }
    }

    // MARK: Pause

    /// The pause file says reminders are paused until `asked` (nil or past: not paused).
    mutating func pause(until asked: Date?, now: Date, calendar: NitnemCalendar, problems: inout ProblemLog)
        -> [Action]?
    {
        problems.clear(.pause)
        let until = asked.flatMap { $0 > now ? $0 : nil }
        guard until != pausedUntil else { return nil }
        pausedUntil = until
        return [
            .log(
                .notice,
                until.map { "reminders paused until \(RFC3339.format($0, in: calendar))" } ?? "reminders resumed")
        ]
    }

    /// The pause file cannot be read or is not a pause: not paused (a file that says nothing
    /// readable cannot hold reminders back), said once.
    mutating func pauseUnreadable(_ error: GroupFileError, now: Date, problems: inout ProblemLog) -> [Action] {
        var actions: [Action] = []
        if pausedUntil != nil {
            pausedUntil = nil
            actions.append(.log(.notice, "reminders resumed"))
        }
        if !problems.replace(.pause, with: [.pause(error)], now: now).isEmpty {
            actions.append(.log(.warning, "\(error.description) (reminders are not paused)"))
        }
        return actions
    }

    /// A pause that ended by `now` is lifted.
    mutating func pauseEnded(now: Date, calendar: NitnemCalendar) -> [Action] {
        guard let until = pausedUntil, until <= now else { return [] }
        pausedUntil = nil
        return [.log(.notice, "reminders resumed: the pause until \(RFC3339.format(until, in: calendar)) ended")]
    }
}
