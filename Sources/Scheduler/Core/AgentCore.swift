// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The agent's decisions, as a pure state machine: `(state, event, now) → (actions, next wake)`.
///
/// A router: each event goes to the machine that owns it — `Gathering` (file events until a read),
/// `ReminderMachine` (ledger, on screen, retry, pause), `TimelineWriter` (the widget timeline),
/// `ProblemLog` (what was said) — and a step collects their actions. The shell (`Agent`) reads
/// files, arms timers and performs the actions; `simulate` drives the same core on a virtual
/// clock, through the same `CoreDriver`; `status --follow` drives it too, as a follower (`Role`).
/// Nothing here reads a clock or touches a file.
package struct AgentCore: Sendable {
    /// What a core does beside following the group's files, the pause and the zone: the agent
    /// reminds and writes the widget timeline; `status --follow` only follows (no reminder, no
    /// timeline) and says only what its line cannot show (`followed(_:)`).
    package enum Role: Sendable {
        case agent, follower
    }

    // Set here and in `AgentCore+Files.swift` only.

    /// The agent's or a follower's.
    package let role: Role

    /// The calendar of the zone and the days planned in it.
    var plan: DayPlan
    /// The reminder settings.
    package internal(set) var config: AgentConfig
    /// The last files that were read without error, as read (`files` is how the config sees them).
    var loaded: GroupFiles?
    /// The last files that were read without error, as the config sees them (config `rehras`);
    /// `nil` until then.
    package internal(set) var files: GroupFiles?
    /// Why the last read of the files failed (the last good ones are kept); nil after a good read.
    package internal(set) var readProblem: GroupFileError?
    /// File events gathered until a read.
    var gathering = Gathering()
    /// The reminders.
    private var reminders: ReminderMachine
    /// The widget timeline.
    private var timeline = TimelineWriter()
    /// What was said, so each problem is said once.
    var problems = ProblemLog()

    /// A core for `calendar`, with nothing read yet.
    package init(
        calendar: NitnemCalendar, config: AgentConfig = AgentConfig(), ledger: ReminderLedger = ReminderLedger(),
        role: Role = .agent
    ) {
        self.role = role
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
        var step = decide(event, now: now)
        if role == .follower { step.actions = step.actions.compactMap(Self.followed) }
        return step
    }

    /// What a follower does of `action`: its line shows the files, their warnings and the pause,
    /// so it says only a read that failed (as a follower words it), a pause file that cannot be
    /// read, and what a click on the reader says.
    static func followed(_ action: Action) -> Action? {
        switch action {
        case .log(.filesUnreadable(let cause, let kept)): .log(.followFilesUnreadable(cause: cause, kept: kept))
        case .log(.pauseUnreadable), .log(.readerNote), .log(.readNowFailed): action
        case .log: nil
        default: action
        }
    }

    /// `handle(_:now:)` for either role.
    private mutating func decide(_ event: Event, now: Date) -> Step {
        var actions: [Action] = []
        switch event {
        case .filesTouched(let whole):
            gathering.filesTouched(whole: whole)
            return gathered(now: now)
        case .copyArrived:
            gathering.copyArrived()
            return gathered(now: now)
        case .eventsLost:
            gathering.eventsLost()
            return gathered(now: now)
        case .groupRecreated(let path):
            timeline.forget()
            gathering.folderChanged()
            return gathered([.log(.groupFolderGone(path: path))], now: now)
        case .timelineRemoved(let path):
            timeline.forget()
            gathering.folderChanged()
            return gathered([.log(.timelineRemoved(path: path))], now: now)
        case .settled:
            return gathered(gathering.settled(), now: now)
        case .configTouched(let whole):
            gathering.configTouched(whole: whole)
            return gathered(now: now)
        case .configEmptied:
            guard gathering.believeEmptyConfig() else { return gathered(now: now) }
            return decide(.configRead(.success(ConfigReading(settings: AgentConfig()))), now: now)
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
        case .barClicked(let button):
            return gathered(clicked(button: button, now: now), now: now)
        case .marked(let id, let failure):
            return gathered([.log(failure.map { .markFailed(cause: $0.message) } ?? .marked(id: id))], now: now)
        case .openerExited(let program, let url, let status):
            let event: LogEvent =
                status == 0
                ? .opened(url: url, program: program) : .openerFailed(program: program, status: status, url: url)
            return gathered([.log(event)], now: now)
        case .stopSignal(let signal):
            let withdrawal = reminders.withdraw()
            return Step(
                actions: [.log(.stopping(signal: signal))] + withdrawal + [.stop],
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
            actions.append(.log(.zoneChanged(from: calendar.identifier, to: newCalendar.identifier)))
            plan.use(newCalendar)
        case .zoneRead(.failure(let error)):
            return gathered([.log(.zoneUnreadable(cause: error.description))], now: now)
        case .clockChanged:
            actions.append(.log(.clockChanged(at: RFC3339.format(now, in: calendar))))
        case .configRead(.success(let reading)):
            gathering.endEmptyConfig()
            // Each bad line said once (again only once it was fixed and broken anew), with what stays in use.
            let said = Set(problems.replace(.config, with: reading.problems.map(ProblemLog.Key.config), now: now))
            for problem in reading.problems where said.contains(.config(problem)) {
                actions.append(
                    .log(.configProblem(problem: "\(problem)", kept: reading.kept(problem, running: config))))
            }
            let newConfig = reading.config(keeping: config)
            if newConfig != config { actions.append(.log(.configReloaded)) }
            use(newConfig)
        case .configRead(.failure(let error)):
            // The same bad file read again (another event of one save, a SIGHUP) is not news.
            guard !problems.replace(.config, with: [.config(error)], now: now).isEmpty else {
                return gathered(now: now)
            }
            actions.append(.log(.configUnreadable(cause: "\(error)")))
        case .timer:
            break
        }
        return evaluate(actions, now: now)
    }

    /// Opening `url` in the configured reader (the same resolver as `nitnem open`): what Read now
    /// does for the reminder on screen.
    package func readerActions(for url: String) -> [Action] { ReminderMachine.readerActions(for: url, config: config) }

    /// What a click on a bar does at `now`: button 1 opens what is shown in the reader (the home
    /// when today is complete), as Read now does; button 3 marks the next bani shown read, as
    /// `nitnem mark --next` and Mark read do; any other button nothing.
    func clicked(button: Int, now: Date) -> [Action] {
        let shown = files.map {
            TodayState(snapshot: $0.snapshot, progress: $0.progress.banis, at: now, calendar: calendar)
        }
        switch button {
        case 1:
            return readerActions(for: shown?.url ?? "sggs://nitnem")
        case 3:
            guard let shown, let next = shown.next else { return [] }
            return [.markRead(Mark(next.bani, day: shown.dayKey, today: calendar.dayKey(at: now)))]
        default:
            return []
        }
    }

    /// A full evaluation at `now`, after `actions`: the pause's end, and for the agent the
    /// timeline, the reminder due and the one on screen.
    private mutating func evaluate(_ actions: [Action], now: Date) -> Step {
        var actions = actions
        actions.add(reminders.pauseEnded(now: now, plan: plan))
        let today = plan.days.day(containing: now)
        if role == .agent {
            // One copy of the files for all three: handed down from `self`, while another part of it
            // changes, each was copied (nine fields) at each call; unwrapped once (a copy each time).
            let read = files
            // Each added only when it says something (most wakes: nothing), taken whole when first.
            if let files = read {
                actions.add(timeline.evaluate(now: now, today: today, files: files, config: config, plan: &plan))
                actions.add(reminders.due(now: now, today: today, files: read, config: config, plan: &plan))
                actions.add(reminders.reconcile(now: now, today: today, files: files, config: config, plan: &plan))
            } else {
                // No files read yet: nothing to reconcile the reminder on screen with.
                actions.add(reminders.due(now: now, today: today, files: nil, config: config, plan: &plan))
            }
        }
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

    /// When to wake next: the next fixed point, reminder slot or retry, whichever is first (a
    /// follower's: the next fixed point or the pause's end).
    mutating func nextWake(after now: Date) -> Date { nextWake(after: now, today: plan.days.day(containing: now)) }

    /// `nextWake(after:)`, `today` being the Nitnem day containing `now`.
    mutating func nextWake(after now: Date, today: PlannedDays.Day) -> Date {
        var wake = plan.days.nextFixedPoint(after: now, from: today).at
        guard role == .agent else {
            return pausedUntil.map { $0 > now ? min(wake, $0) : wake } ?? wake
        }
        if config.remindersOn, let slot = plan.days.nextReminder(after: now, from: today) { wake = min(wake, slot.at) }
        if let due = reminders.wake(after: now, today: today, files: files, config: config, plan: plan) {
            wake = min(wake, due)
        }
        if let writeAt = timeline.wake(after: now) { wake = min(wake, writeAt) }
        return wake
    }
}
