// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The agent's decisions, as a pure state machine: `(state, event, now) → (actions, next wake)`.
///
/// A router: each event goes to the machine that owns it — `Gathering` (file events until a read),
/// `ReminderMachine` (ledger, on screen, retry, pause), `TimelineWriter` (the widget timeline),
/// `ProblemLog` (what was said) — and a step collects their actions. The shell (`Agent`) reads
/// files, arms timers and performs the actions; `simulate` drives the same core on a virtual
/// clock, through the same `CoreDriver`. Nothing here reads a clock or touches a file.
package struct AgentCore: Sendable {
    /// The calendar of the zone and the days planned in it.
    private var plan: DayPlan
    /// The reminder settings.
    package private(set) var config: AgentConfig
    /// The last files that were read without error, as read (`files` is how the config sees them).
    private var loaded: GroupFiles?
    /// The last files that were read without error, as the config sees them (config `rehras`);
    /// `nil` until then.
    package private(set) var files: GroupFiles?
    /// File events gathered until a read.
    private var gathering = Gathering()
    /// The reminders.
    private var reminders: ReminderMachine
    /// The widget timeline.
    private var timeline = TimelineWriter()
    /// What was said, so each problem is said once.
    private var problems = ProblemLog()

    /// A core for `calendar`, with nothing read yet.
    package init(
        calendar: NitnemCalendar, config: AgentConfig = AgentConfig(), ledger: ReminderLedger = ReminderLedger()
    ) {
        plan = DayPlan(calendar: calendar, slots: config.slots)
        self.config = config
        reminders = ReminderMachine(ledger: ledger)
    }

    /// The calendar of the current time zone.
    package var calendar: NitnemCalendar { plan.calendar }
    /// The reminder this agent shows on screen now, if any.
    package var onScreen: ReminderNotice? { reminders.onScreen }
    /// Reminders are paused until then (`nitnem reminders pause`).
    package var pausedUntil: Date? { reminders.pausedUntil }
    /// What was reminded, per Nitnem day and band.
    package var ledger: ReminderLedger { reminders.ledger }
    /// After failed shows (or a ledger that could not be saved): when to try again.
    package var retry: Retry { reminders.retry }
    /// A reminder recorded `pending` whose save was asked and not yet confirmed.
    package var awaitingSave: ReminderNotice? { reminders.awaitingSave }
    /// The timeline last handed out for writing.
    package var lastTimeline: WidgetTimeline? { timeline.last }
    /// After failed timeline writes: when to write again.
    package var timelineRetry: WriteRetry { timeline.retry }
    /// How long a burst of file events that may leave a file half-written is gathered: 5 ms.
    package var debounceMilliseconds: Int32 {
        get { gathering.debounceMilliseconds }
        set { gathering.debounceMilliseconds = newValue }
    }
    /// How long the folder must stay quiet before a vanished file is believed gone: 250 ms.
    package var settleMilliseconds: Int32 {
        get { gathering.settleMilliseconds }
        set { gathering.settleMilliseconds = newValue }
    }

    /// Handles `event` at `now`.
    package mutating func handle(_ event: Event, now: Date) -> Step {
        var actions: [Action] = []
        switch event {
        case .filesTouched(let whole):
            gathering.filesTouched(whole: whole)
            return gathered(now: now)
        case .eventsLost:
            gathering.eventsLost()
            return gathered(now: now)
        case .groupRecreated(let path):
            timeline.forget()
            gathering.folderChanged()
            return gathered([.log(.warning, "\(path): the group folder is gone; recreating it")], now: now)
        case .timelineRemoved(let path):
            timeline.forget()
            gathering.folderChanged()
            return gathered([.log(.warning, "\(path) was removed; writing it again")], now: now)
        case .settled:
            return gathered(gathering.settled(), now: now)
        case .configTouched(let whole):
            gathering.configTouched(whole: whole)
            return gathered(now: now)
        case .configEmptied:
            guard gathering.believeEmptyConfig() else { return gathered(now: now) }
            return handle(.configRead(.success(ConfigReading(settings: AgentConfig()))), now: now)
        case .reminderAction(let action, let token):
            // Decided first: `gathered` reads the state the press changed.
            let pressed = reminders.pressed(
                action, now: now, files: files, config: config, calendar: calendar, activationToken: token)
            return gathered(pressed, now: now)
        case .reminderClicked(let token):
            let pressed = reminders.pressed(
                ReminderAction.clicked(config), now: now, files: files, config: config, calendar: calendar,
                activationToken: token)
            return gathered(pressed, now: now)
        case .reminderDismissed:
            return gathered(reminders.dismissed(), now: now)
        case .marked(let id, let failure):
            let line =
                failure.map { Action.log(.error, "Mark read: \($0.message)") }
                ?? .log(.info, "marked \(id) read (from the reminder)")
            return gathered([line], now: now)
        case .openerExited(let program, let url, let status):
            let line =
                status == 0
                ? Action.log(.info, "opened \(url) with \(program)")
                : Action.log(.warning, "\(program) exited \(status) for \(url)")
            return gathered([line], now: now)
        case .stopSignal(let signal):
            let withdrawal = reminders.withdraw()
            return Step(
                actions: [.log(.info, "signal \(signal): stopping")] + withdrawal + [.stop],
                nextWake: nextWake(after: now))
        case .timelineWritten:
            timeline.written(problems: &problems)
            return gathered(now: now)
        case .timelineWriteFailed(let failure):
            return gathered(timeline.failed(failure, now: now, problems: &problems), now: now)
        case .ledgerSaved:
            return gathered(reminders.saved(problems: &problems), now: now)
        case .ledgerSaveFailed(let failure):
            return gathered(reminders.saveFailed(failure, now: now, problems: &problems), now: now)
        case .reminderShown(let notice, let failure, let id):
            // Evaluated again: another reminder (a per-bani one) may be due at the same time.
            return evaluate(
                reminders.shown(notice, failure: failure, id: id, now: now, problems: &problems), now: now)
        case .pauseChanged(let asked):
            guard let said = reminders.pause(until: asked, now: now, calendar: calendar, problems: &problems)
            else { return gathered(now: now) }
            actions += said
        case .pauseUnreadable(let error):
            actions += reminders.pauseUnreadable(error, now: now, problems: &problems)
        case .start(let result), .filesRead(let result):
            let isStart: Bool
            if case .start = event { isStart = true } else { isStart = false }
            guard let read = filesRead(result, isStart: isStart, now: now) else { return gathered(now: now) }
            actions += read
        case .zoneRead(.success(let newCalendar)):
            guard newCalendar.identifier != calendar.identifier else { return gathered(now: now) }
            actions.append(.log(.notice, "time zone changed: \(calendar.identifier) → \(newCalendar.identifier)"))
            plan.use(newCalendar)
        case .zoneRead(.failure(let error)):
            return gathered([.log(.error, error.description)], now: now)
        case .clockChanged:
            actions.append(
                .log(.notice, "clock changed or resumed; recomputing at \(RFC3339.format(now, in: calendar))"))
        case .configRead(.success(let reading)):
            gathering.endEmptyConfig()
            // Each bad line said once (again only once it was fixed and broken anew), with what stays in use.
            let said = Set(problems.replace(.config, with: reading.problems.map(ProblemLog.Key.config), now: now))
            for problem in reading.problems where said.contains(.config(problem)) {
                actions.append(.log(.error, "\(problem) (\(reading.kept(problem, running: config)))"))
            }
            let newConfig = reading.config(keeping: config)
            if newConfig != config { actions.append(.log(.notice, "configuration reloaded")) }
            use(newConfig)
        case .configRead(.failure(let error)):
            // The same bad file read again (another event of one save, a SIGHUP) is not news.
            guard !problems.replace(.config, with: [.config(error)], now: now).isEmpty else {
                return gathered(now: now)
            }
            actions.append(.log(.error, "\(error) (keeping the configuration in use)"))
        case .timer:
            break
        }
        return evaluate(actions, now: now)
    }

    /// Opening `url` in the configured reader (the same resolver as `nitnem open`): what Read now
    /// does for the reminder on screen.
    package func readerActions(for url: String) -> [Action] { ReminderMachine.readerActions(for: url, config: config) }

    /// The snapshot and progress files as read: their lines to say, or nil when the read is held
    /// back (a file vanished: believed only once the folder has settled).
    private mutating func filesRead(_ result: Result<GroupFiles, GroupFileError>, isStart: Bool, now: Date)
        -> [Action]?
    {
        switch result {
        case .success(var read):
            // A My Nitnem file that cannot be read keeps the sets last read from it.
            if read.mineProblem != nil, let good = loaded?.mine { read = read.keeping(good) }
            // A file that vanished after a good read may be a writer's unlink and recreate.
            if !isStart, let old = files, Self.vanished(from: old, in: read), !gathering.believeVanish() { return nil }
            gathering.endVanish()
            var actions: [Action] = []
            if problems.hasProblems(.groupFiles), problems.clear(.groupFiles) {
                actions.append(.log(.notice, "files read again without error; problems cleared"))
            }
            // A warning that persists across reads is not news; one that went away and came back
            // is (at most once a minute).
            for key in problems.replace(.fileWarnings, with: read.warnings.map(ProblemLog.Key.warning), now: now) {
                actions.append(.log(.warning, key.detail))
            }
            loaded = read
            configureFiles()
            return actions
        case .failure(let error):
            gathering.endVanish()
            // Said once per file and kind of problem; a problem that comes back after a recovery is
            // said again at most once a minute.
            guard problems.say(.groupFile(error), now: now) else { return [] }
            let keeping = files == nil ? "nothing to show until it is fixed" : "keeping the last good state"
            return [.log(.error, "\(error.description) (\(keeping))")]
        }
    }

    /// Whether `loaded` lacks a file that `old` had: the progress file, or the snapshot (then the
    /// embedded registry stands in).
    static func vanished(from old: GroupFiles, in loaded: GroupFiles) -> Bool {
        (old.progressFound && !loaded.progressFound) || (old.source == .snapshot && loaded.source == .embedded)
    }

    /// `newConfig` from now on: the files as it sees them, the days with its slots.
    private mutating func use(_ newConfig: AgentConfig) {
        config = newConfig
        configureFiles()
        plan.use(newConfig.slots)
    }

    /// `files` again: the files read, as the config now sees them.
    private mutating func configureFiles() {
        files = loaded?.configured(config)
        plan.forgetStates()
    }

    /// A full evaluation at `now`, after `actions`: the pause's end, the timeline, the reminder due
    /// and the one on screen.
    private mutating func evaluate(_ actions: [Action], now: Date) -> Step {
        var actions = actions + reminders.pauseEnded(now: now, calendar: calendar)
        let today = plan.days.day(containing: now)
        if let files { actions += timeline.evaluate(now: now, today: today, files: files, config: config, plan: &plan) }
        actions += reminders.due(now: now, today: today, files: files, config: config, plan: &plan)
        actions += reminders.reconcile(now: now, today: today, files: files, config: config, plan: &plan)
        gathering.evaluatedAt = now
        return Step(actions: actions, nextWake: nextWake(after: now, today: today), wait: gathering.waiting)
    }

    /// A step that decides nothing new (`actions` only), still gathering file events if it was.
    ///
    /// Its wake counts from the last full evaluation, not from `now`: a fixed point or slot that
    /// passed since (while the shell reported a write, a save, a press) must still be acted on, so
    /// the shell wakes at once for it.
    private mutating func gathered(_ actions: [Action] = [], now: Date) -> Step {
        Step(
            actions: actions, nextWake: nextWake(after: min(now, gathering.evaluatedAt ?? now)),
            wait: gathering.waiting)
    }

    /// When to wake next: the next fixed point, reminder slot or retry, whichever is first.
    mutating func nextWake(after now: Date) -> Date { nextWake(after: now, today: plan.days.day(containing: now)) }

    /// `nextWake(after:)`, `today` being the Nitnem day containing `now`.
    mutating func nextWake(after now: Date, today: PlannedDays.Day) -> Date {
        var wake = plan.days.nextFixedPoints(after: now, count: 1, from: today)[0].at
        if config.remindersOn, let slot = plan.days.nextReminder(after: now, from: today) { wake = min(wake, slot.at) }
        if let due = reminders.wake(after: now, today: today, files: files, config: config, calendar: calendar) {
            wake = min(wake, due)
        }
        if let writeAt = timeline.wake(after: now) { wake = min(wake, writeAt) }
        return wake
    }
}
