import NitnemClockKit
import Snapshot

/// A button of a reminder: `read` "Read now", `mark` "Mark read", `later` "Later".
public enum ReminderAction: String, CaseIterable, Hashable, Sendable {
    case read, mark, later

    /// The button's label.
    public var label: String {
        switch self {
        case .read: "Read now"
        case .mark: "Mark read"
        case .later: "Later"
        }
    }
}

/// The agent's decisions, as a pure state machine: `(state, event, now) → (actions, next wake)`.
///
/// The shell (`Agent`) reads files, arms timers and performs the actions; `simulate` drives the same
/// core on a virtual clock. Nothing here reads a clock or touches a file.
public struct AgentCore: Sendable {
    /// What wakes the core, named by the shell. What the shell read (files, zone, config) arrives
    /// already read, as a result.
    public enum Event: Sendable {
        /// The agent starts, with the files as read.
        case start(Result<GroupFiles, SnapshotError>)
        /// A timer armed for the last `nextWake` fired.
        case timer
        /// The snapshot or progress file changed on disk (inotify); `whole` when the file is complete
        /// (renamed into place, closed after writing, deleted), not when more events may follow (a
        /// create, a move away). The core decides when to read (`Action.readFiles`).
        case filesTouched(whole: Bool)
        /// Events were lost (the inotify queue overflowed): the files may have changed.
        case eventsLost
        /// The group folder at `path` was removed or moved away; the shell made and watches it again.
        case groupRecreated(path: String)
        /// The widget timeline at `path` (or its folder) was removed by someone else.
        case timelineRemoved(path: String)
        /// Nothing happened for as long as the last step's `wait` asked: the folder has settled.
        case settled
        /// The snapshot or progress file was read again (after `Action.readFiles`).
        case filesChanged(Result<GroupFiles, SnapshotError>)
        /// The real clock jumped (set by hand, NTP) or the machine resumed.
        case clockChanged
        /// The system time zone may have changed (the zone link changed), as read again.
        case zoneChanged(Result<NitnemCalendar, ClockError>)
        /// The configuration was read again (SIGHUP, or after `Action.readConfig`); a failure keeps
        /// the old one.
        case configChanged(Result<AgentConfig, ConfigError>)
        /// The config file changed on disk (inotify on its folder); `whole` when it was written or
        /// renamed into place, not when it was removed or moved away (an editor's save may put a new
        /// one there at once). The core decides when to read it (`Action.readConfig`).
        case configTouched(whole: Bool)
        /// The config file was read as empty (0 bytes).
        case configEmptied
        /// SIGTERM or SIGINT (the number).
        case stopSignal(Int32)
        /// An opener the shell started for `url` exited with `status` (128 + n: killed by signal n).
        case openerExited(program: String, url: String, status: Int32)
        /// Writing the timeline failed (the message says why); it is written again later.
        case timelineWriteFailed(String)
        /// The reminder ledger was saved (after `Action.saveLedger`).
        case ledgerSaved
        /// Saving the reminder ledger failed (the message says why).
        case ledgerSaveFailed(String)
        /// The timeline was written (after `Action.writeTimeline`).
        case timelineWritten
        /// A button of the reminder on screen was pressed.
        case reminderAction(ReminderAction)
        /// The reminder on screen was closed by the user or the server (not by an action).
        case reminderDismissed
        /// Reminders are paused until the instant (nil: not paused; a past instant is an expired
        /// pause, so not paused either), as read from the pause file.
        case pauseChanged(Date?)
        /// The pause file cannot be read or is not a pause: said once, and reminders are not paused.
        case pauseUnreadable(SnapshotError)
        /// `Action.markRead` was done (`error` nil) or failed.
        case marked(id: String, error: String?)

        /// A short name for logs and `simulate`.
        public var name: String {
            switch self {
            case .start: "start"
            case .timer: "timer"
            case .filesTouched: "filesTouched"
            case .eventsLost: "eventsLost"
            case .groupRecreated: "groupRecreated"
            case .timelineRemoved: "timelineRemoved"
            case .settled: "settled"
            case .filesChanged: "filesChanged"
            case .clockChanged: "clockChanged"
            case .zoneChanged: "zoneChanged"
            case .configChanged: "configChanged"
            case .configTouched: "configTouched"
            case .configEmptied: "configEmptied"
            case .stopSignal: "stopSignal"
            case .openerExited: "openerExited"
            case .timelineWriteFailed: "timelineWriteFailed"
            case .ledgerSaved: "ledgerSaved"
            case .ledgerSaveFailed: "ledgerSaveFailed"
            case .timelineWritten: "timelineWritten"
            case .reminderAction: "reminderAction"
            case .reminderDismissed: "reminderDismissed"
            case .pauseChanged: "pauseChanged"
            case .pauseUnreadable: "pauseUnreadable"
            case .marked: "marked"
            }
        }
    }

    /// How long the shell waits for more file events before it reports `.settled`.
    public enum Wait: Hashable, Sendable {
        /// Only drain what is already queued (a whole file: read as soon as the queue is empty).
        case drain
        /// Wait until nothing happened for this many milliseconds (a file may be half-written).
        case quiet(milliseconds: Int32)
    }

    /// What the shell must do.
    public enum Action: Hashable, Sendable {
        /// Write the widget timeline (its content changed).
        case writeTimeline(WidgetTimeline)
        /// Log one line.
        case log(LogLevel, String)
        /// Show a reminder now (then report with `reminderShown`), or record that one was skipped.
        case reminder(ReminderDecision)
        /// Persist the reminder ledger (before a reminder is shown, and after).
        case saveLedger(ReminderLedger)
        /// Read the snapshot and progress files again, then report `.filesChanged`.
        case readFiles
        /// Read the config file again, then report `.configChanged`.
        case readConfig
        /// Show `notice` in place of the reminder on screen (same notification, new text).
        case updateReminder(ReminderNotice)
        /// Close the reminder on screen.
        case closeReminder
        /// Record bani `id` read on Nitnem day `day` as `nitnem mark` does (`nLines` for its
        /// position), under the same lock; then report `.marked` and the files read again.
        case markRead(id: String, day: CivilDate, nLines: Int)
        /// Run the reader for a deep link (resolved by config `reader` / `open`), then report
        /// `.openerExited`.
        case open(ReaderLaunch)
        /// Stop the agent.
        case stop
    }

    /// What the core decided at a reminder slot.
    public enum ReminderDecision: Hashable, Sendable {
        /// Show this reminder.
        case fire(ReminderNotice)
        /// Not shown, and why.
        case skip(dayKey: CivilDate, band: Band, reason: SkipReason)
    }

    /// A reminder to show: `Evening · Rehras Sahib`, with today's progress in the body.
    public struct ReminderNotice: Hashable, Sendable {
        public let dayKey: CivilDate
        public let band: Band
        public let bani: NitnemSnapshot.Bani
        /// Shown after its slot: the agent was asleep or off at the slot.
        public let late: Bool
        /// `<Band> · <Bani title>`.
        public let summary: String
        /// `5 of 7 today`, and where to resume when there is a saved position.
        public let body: String
        /// The deep link the "Read now" action opens.
        public let url: String
        /// The buttons it offers (when the server shows actions).
        public var actions: [ReminderAction] = ReminderAction.allCases
        /// The `sound-name` hint (config `sound`), if any.
        public var sound: String?

        /// The slot it reminds of.
        public var slot: SlotKey { SlotKey(day: dayKey, band: band) }
    }

    /// The core's answer to one event.
    public struct Step: Sendable {
        /// What to do, in order.
        public var actions: [Action]
        /// When to wake next, at the latest (a fixed point or a reminder slot).
        public var nextWake: Date
        /// Whether file events are being gathered, and for how long to wait for more.
        public var wait: Wait?

        public init(actions: [Action], nextWake: Date, wait: Wait? = nil) {
            self.actions = actions
            self.nextWake = nextWake
            self.wait = wait
        }
    }

    /// The reminder this agent shows on screen now, if any: updated as the band's reading moves
    /// on, closed when the band is complete or ends.
    public private(set) var onScreen: ReminderNotice?
    /// Reminders are paused until then (`nitnem reminders pause`).
    public private(set) var pausedUntil: Date?
    /// When the timeline and reminders were last evaluated in full.
    private var evaluatedAt: Date?

    /// How long a burst of file events that may leave a file half-written is gathered (a create, a
    /// move away) before the files are read: 5 ms.
    public var debounceMilliseconds: Int32 = 5
    /// File events seen and not yet read: `.drain` when the last one left the file whole.
    private var pendingRead: Wait?
    /// Config file events seen and not yet read: `.drain` when the last one left the file whole.
    private var pendingConfig: Wait?
    /// The config problem said last, so the same bad file is said once, not at every event.
    private var configProblem: ConfigError?
    /// The pause-file problem said last (said once, until the file reads well again).
    private var pauseProblem: SnapshotError?

    /// How long the shell gathers events: the longer of the group files' and the config's waits.
    private var waiting: Wait? {
        switch (pendingRead, pendingConfig) {
        case (nil, let w), (let w, nil): w
        case (.quiet(let a), .quiet(let b)): .quiet(milliseconds: max(a, b))
        case (.quiet(let a), .drain), (.drain, .quiet(let a)): .quiet(milliseconds: a)
        case (.drain, .drain): .drain
        }
    }

    /// The calendar of the current time zone.
    public private(set) var calendar: NitnemCalendar {
        didSet {
            states.removeAll()
            planned = PlannedDays(calendar: calendar, slots: config.slots)
        }
    }
    /// The days around now, resolved in `calendar` with the config's slots.
    private var planned: PlannedDays
    /// The last files that were read without error, as the config sees them (config `rehras`);
    /// `nil` until then.
    public private(set) var files: GroupFiles?
    /// The last files that were read without error, as read.
    private var readFiles: GroupFiles? {
        didSet { configureFiles() }
    }
    /// Today's states worked out for `files` in this calendar, by slot. A `TodayState` depends only
    /// on the files and its Nitnem day and band, so each band's is worked out once, not at every
    /// wake; forgotten whenever the files, the config or the zone change.
    private var states: [SlotKey: TodayState] = [:]
    /// The timeline last handed out for writing.
    public private(set) var lastTimeline: WidgetTimeline?
    /// Read errors already logged since the last good read, so each distinct one is logged once,
    /// not on every wake.
    private var reported: Set<ProblemKey> = []
    /// When each kind of problem was last said (a recurrence is said at most once a minute).
    private var lastSaid: [ProblemKey: Date] = [:]
    /// Whether a problem line was said since the last "problems cleared".
    private var saidSinceClear = false
    /// A good file vanished and the folder is settling before the files are read again.
    private var confirmingVanish = false
    /// The config file was read empty once and the folder is settling before it is read again.
    private var confirmingEmptyConfig = false
    /// Whether the last read asked was after a whole settle time of quiet.
    private var readAfterSettling = false
    /// How long the folder must stay quiet before a vanished file is believed gone: 250 ms.
    public var settleMilliseconds: Int32 = 250

    /// A kind of problem with one file: its code and what is wrong, the numbers in it aside (a file
    /// cut at another point is the same problem: "line 3, column 7" and "line 9, column 1" alike).
    struct ProblemKey: Hashable {
        let path: String
        let code: SnapshotError.Code
        let shape: String

        init(_ error: SnapshotError) {
            path = error.path
            code = error.code
            var shape = ""
            var inNumber = false
            for c in error.problem {
                if c.isASCII && c.isNumber {
                    if !inNumber { shape.append("#") }
                    inNumber = true
                } else {
                    shape.append(c)
                    inNumber = false
                }
            }
            self.shape = (error.jsonPath ?? "") + shape
        }
    }

    /// Whether `loaded` lacks a file that `old` had: the progress file, or the snapshot (then the
    /// embedded registry stands in).
    static func vanished(from old: GroupFiles, in loaded: GroupFiles) -> Bool {
        (old.progressFound && !loaded.progressFound) || (old.source == .snapshot && loaded.source == .embedded)
    }
    /// Notification-server problems already logged (apart from file problems: a good file read
    /// does not clear them).
    private var notifyReported: Set<String> = []
    /// The reminder settings.
    public private(set) var config: AgentConfig {
        didSet {
            configureFiles()
            if config.slots != planned.slots { planned = PlannedDays(calendar: calendar, slots: config.slots) }
        }
    }
    /// What was reminded, per Nitnem day and band.
    public private(set) var ledger: ReminderLedger
    /// After failed shows (or a ledger that could not be saved): when to try again, while the band lasts.
    public private(set) var retry: Retry = .idle
    /// A reminder recorded `pending` whose save was asked and not yet confirmed: shown once it is.
    public private(set) var awaitingSave: ReminderNotice?
    /// After failed timeline writes: when to write again.
    public private(set) var timelineRetry: WriteRetry = .idle
    /// Write and save problems already logged since the last success (each said once).
    private var writeProblems: Set<String> = []
    private var saveProblems: Set<String> = []
    /// The warnings of the last good read: logged when they first appear, not on every read.
    private var warned: Set<String> = []
    /// When each warning was last said.
    private var warnedAt: [String: Date] = [:]

    /// A core for `calendar`, with nothing read yet.
    public init(
        calendar: NitnemCalendar, config: AgentConfig = AgentConfig(), ledger: ReminderLedger = ReminderLedger()
    ) {
        self.calendar = calendar
        self.config = config
        planned = PlannedDays(calendar: calendar, slots: config.slots)
        self.ledger = ledger
    }

    /// `files` again: the files read, as the config now sees them.
    private mutating func configureFiles() {
        files = readFiles?.configured(config)
        states.removeAll()
    }

    /// The state of `slot` for `files` (which are `self.files`), worked out once per slot.
    private mutating func todayState(_ slot: SlotKey, files: GroupFiles) -> TodayState {
        if let known = states[slot] { return known }
        let state = TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, day: calendar.nitnemDay(slot.day),
            band: slot.band)
        // Only slots from now on are asked for again: a bounded memory, not a record of every day.
        if states.count >= 16 {
            states = states.filter { $0.key.day >= slot.day }
            if states.count >= 16 { states.removeAll() }
        }
        states[slot] = state
        return state
    }

    /// Handles `event` at `now`.
    public mutating func handle(_ event: Event, now: Date) -> Step {
        var actions: [Action] = []
        switch event {
        case .filesTouched(let whole):
            // The last event decides: a rename into place after a create is whole.
            pendingRead = whole ? .drain : .quiet(milliseconds: debounceMilliseconds)
            return gathering(now: now)
        case .eventsLost:
            if pendingRead == nil { pendingRead = .quiet(milliseconds: debounceMilliseconds) }
            return gathering(now: now)
        case .groupRecreated(let path):
            actions.append(.log(.warning, "\(path): the group folder is gone; recreating it"))
            lastTimeline = nil
            // Gathered like a file change, so whatever else is being removed is seen first.
            pendingRead = .quiet(milliseconds: debounceMilliseconds)
            return gathering(actions, now: now)
        case .timelineRemoved(let path):
            actions.append(.log(.warning, "\(path) was removed; writing it again"))
            lastTimeline = nil
            pendingRead = .quiet(milliseconds: debounceMilliseconds)
            return gathering(actions, now: now)
        case .reminderAction(let action):
            // Decided first: `gathering` reads the state the press changed.
            let pressed = reminderPressed(action, now: now)
            return gathering(pressed, now: now)
        case .reminderDismissed:
            onScreen = nil
            return gathering(now: now)
        case .marked(let id, let error):
            let line =
                error.map { Action.log(.error, "Mark read: \($0)") }
                ?? .log(.info, "marked \(id) read (from the reminder)")
            return gathering([line], now: now)
        case .pauseChanged(let asked):
            pauseProblem = nil
            let until = asked.flatMap { $0 > now ? $0 : nil }
            guard until != pausedUntil else { return gathering(now: now) }
            pausedUntil = until
            actions.append(
                .log(
                    .notice,
                    until.map { "reminders paused until \(RFC3339.format($0, in: calendar))" } ?? "reminders resumed"))
        case .configEmptied:
            // Empty may be a save caught between its truncate and its write: believed (the
            // defaults) only when still empty after the folder settled.
            if !confirmingEmptyConfig {
                confirmingEmptyConfig = true
                pendingConfig = .quiet(milliseconds: settleMilliseconds)
                return gathering(now: now)
            }
            confirmingEmptyConfig = false
            return handle(.configChanged(.success(AgentConfig())), now: now)
        case .configTouched(let whole):
            // A removal may be an editor's save (move away, write anew): read once it has settled.
            pendingConfig = whole ? .drain : .quiet(milliseconds: settleMilliseconds)
            return gathering(now: now)
        case .pauseUnreadable(let error):
            // Not paused: a file that says nothing readable cannot hold reminders back.
            if pausedUntil != nil {
                pausedUntil = nil
                actions.append(.log(.notice, "reminders resumed"))
            }
            if error != pauseProblem {
                pauseProblem = error
                actions.append(.log(.warning, "\(error.description) (reminders are not paused)"))
            }
        case .settled:
            var reads: [Action] = []
            if pendingConfig != nil { reads.append(.readConfig) }
            if pendingRead != nil { reads.append(.readFiles) }
            readAfterSettling = pendingRead == .quiet(milliseconds: settleMilliseconds)
            pendingConfig = nil
            pendingRead = nil
            return gathering(reads, now: now)
        case .stopSignal(let signal):
            return Step(actions: [.log(.info, "signal \(signal): stopping"), .stop], nextWake: nextWake(after: now))
        case .openerExited(let program, let url, let status):
            let line =
                status == 0
                ? Action.log(.info, "opened \(url) with \(program)")
                : Action.log(.warning, "\(program) exited \(status) for \(url)")
            return gathering([line], now: now)
        case .timelineWritten:
            timelineRetry = .idle
            writeProblems.removeAll()
            return gathering(now: now)
        case .timelineWriteFailed(let message):
            // Freeing space is no event: try again with a back-off (1 s doubling to 5 min) until it lands.
            lastTimeline = nil
            timelineRetry = timelineRetry.failedWrite(at: now)
            let said = writeProblems.insert(message).inserted
            return gathering(said ? [.log(.error, "\(message) (writing it again later)")] : [], now: now)
        case .ledgerSaved:
            saveProblems.removeAll()
            guard let notice = awaitingSave else { return gathering(now: now) }
            // Recorded: now it may be shown (and at most once, even after a crash).
            awaitingSave = nil
            return gathering([.reminder(.fire(notice))], now: now)
        case .ledgerSaveFailed(let message):
            let said = saveProblems.insert(message).inserted
            guard let notice = awaitingSave else {
                return gathering(said ? [.log(.error, message)] : [], now: now)
            }
            // Not recorded, so not shown: a crash now must not let a restart show it again.
            awaitingSave = nil
            ledger.remove(notice.dayKey, notice.band)
            retry = retry.failed(notice.slot, at: now)
            let line =
                "\(message); the \(notice.band.title) reminder is not shown until it can be recorded "
                + "(retrying while the band lasts)"
            return gathering(said ? [.log(.error, line)] : [], now: now)
        case .start(let result), .filesChanged(let result):
            switch result {
            case .success(let loaded):
                // A file that vanished after a good read may be a writer's unlink and recreate: the
                // folder settles and the files are read again before "nothing read" is believed.
                // Believed only when read after the folder stayed quiet for the whole settle time
                // (a burst in between — a writer still churning — means wait again).
                if case .filesChanged = event, let old = files, Self.vanished(from: old, in: loaded),
                    !(confirmingVanish && readAfterSettling)
                {
                    confirmingVanish = true
                    pendingRead = .quiet(milliseconds: settleMilliseconds)
                    return gathering(now: now)
                }
                confirmingVanish = false
                if !reported.isEmpty {
                    if saidSinceClear {
                        actions.append(.log(.notice, "files read again without error; problems cleared"))
                    }
                    reported.removeAll()
                    saidSinceClear = false
                }
                // A warning that persists across reads is not news; one that went away and came back is.
                // …and said again at most once a minute, so a file that flips between two states is
                // not a line per flip.
                var current: Set<String> = []
                for warning in loaded.warnings where current.insert(warning).inserted && !warned.contains(warning) {
                    guard now.timeIntervalSince(warnedAt[warning] ?? .distantPast) >= 60 else { continue }
                    warnedAt[warning] = now
                    actions.append(.log(.warning, warning))
                }
                warned = current
                readFiles = loaded
            case .failure(let error):
                confirmingVanish = false
                // Said once per file and kind of problem (not per line and column); a problem that
                // comes back after a recovery is said again at most once a minute.
                let key = ProblemKey(error)
                if reported.insert(key).inserted, now.timeIntervalSince(lastSaid[key] ?? .distantPast) >= 60 {
                    lastSaid[key] = now
                    saidSinceClear = true
                    let keeping = files == nil ? "nothing to show until it is fixed" : "keeping the last good state"
                    actions.append(.log(.error, "\(error.description) (\(keeping))"))
                }
            }
        case .zoneChanged(.success(let newCalendar)):
            guard newCalendar.identifier != calendar.identifier else { return gathering(now: now) }
            actions.append(
                .log(
                    .notice, "time zone changed: \(calendar.identifier) → \(newCalendar.identifier)"))
            calendar = newCalendar
        case .zoneChanged(.failure(let error)):
            return gathering([.log(.error, error.description)], now: now)
        case .clockChanged:
            actions.append(
                .log(.notice, "clock changed or resumed; recomputing at \(RFC3339.format(now, in: calendar))"))
        case .configChanged(.success(let newConfig)):
            confirmingEmptyConfig = false
            configProblem = nil
            if newConfig != config { actions.append(.log(.notice, "configuration reloaded")) }
            config = newConfig
        case .configChanged(.failure(let error)):
            // The same bad file read again (another event of one save, a SIGHUP) is not news.
            guard error != configProblem else { return gathering(now: now) }
            configProblem = error
            actions.append(.log(.error, "\(error) (keeping the previous configuration)"))
        case .timer:
            break
        }
        if let until = pausedUntil, until <= now {
            pausedUntil = nil
            actions.append(
                .log(.notice, "reminders resumed: the pause until \(RFC3339.format(until, in: calendar)) ended"))
        }
        let today = planned.day(containing: now)
        if let files {
            let points = planned.nextFixedPoints(after: now, count: WidgetTimeline.fixedPointsAhead + 1, from: today)
            let timeline = WidgetTimeline(now: now, today: today.day, points: points) { todayState($0, files: files) }
            if !timeline.saysSame(as: lastTimeline) {
                actions.append(.writeTimeline(timeline))
                lastTimeline = timeline
            }
        }
        actions += reminderActions(now: now, today: today)
        actions += reconcileOnScreen(now: now, today: today)
        evaluatedAt = now
        return Step(actions: actions, nextWake: nextWake(after: now, today: today), wait: waiting)
    }

    /// A step that decides nothing new (`actions` only), still gathering file events if it was.
    ///
    /// Its wake counts from the last full evaluation, not from `now`: a fixed point or slot that
    /// passed since (while the shell reported a write, a save, a press) must still be acted on, so
    /// the shell wakes at once for it.
    private mutating func gathering(_ actions: [Action] = [], now: Date) -> Step {
        Step(actions: actions, nextWake: nextWake(after: min(now, evaluatedAt ?? now)), wait: waiting)
    }

    /// When to wake next: the next fixed point, reminder slot or retry, whichever is first.
    mutating func nextWake(after now: Date) -> Date { nextWake(after: now, today: planned.day(containing: now)) }

    /// `nextWake(after:)`, `today` being the Nitnem day containing `now`.
    mutating func nextWake(after now: Date, today: PlannedDays.Day) -> Date {
        var wake = planned.nextFixedPoints(after: now, count: 1, from: today)[0].at
        if config.remindersOn, let slot = planned.nextReminder(after: now, from: today) {
            wake = min(wake, slot.at)
        }
        if let retryAt = retry.wake(after: now) { wake = min(wake, retryAt) }
        if let writeAt = timelineRetry.wake(after: now) { wake = min(wake, writeAt) }
        // A "Later" that comes due in the current band.
        if config.remindersOn, let entry = ledger.entry(today.day.key, today.day.band(at: now)),
            entry.outcome == .snoozed,
            let until = entry.snoozedUntil, until > now
        {
            wake = min(wake, until)
        }
        if let until = pausedUntil, until > now { wake = min(wake, until) }
        return wake
    }

    /// The reminder due now, if any: the current band's slot has passed, nothing was decided for it
    /// yet, and the band still lasts (so a long suspend gives at most one late reminder, never a burst).
    mutating func reminderActions(now: Date, today: PlannedDays.Day) -> [Action] {
        guard config.remindersOn, let files, files.snapshot.banisAvailable else { return [] }
        let day = today.day.key
        let band = today.day.band(at: now)
        // A back-off holds back only the band that failed; the next band starts afresh.
        let current = SlotKey(day: day, band: band)
        retry = retry.entering(current)
        if retry.holds(current, at: now) { return [] }
        guard let slot = today.reminders.first(where: { $0.band == band }),
            slot.at <= now
        else { return [] }
        // Nothing decided yet, or a "Later" that is due.
        let earlier = ledger.entry(day, band)
        if let earlier, !(earlier.outcome == .snoozed && (earlier.snoozedUntil ?? .distantFuture) <= now) {
            return []
        }
        let deferrals = earlier?.deferrals ?? 0
        let state = todayState(current, files: files)
        let set = files.snapshot.ids(in: band.dailySet)
        let paused = pausedUntil.map { now < $0 } ?? false
        if state.bandComplete && !config.remindWhenDone || set.isEmpty || paused {
            // A slot that passes while paused is recorded, so it never fires late after resume.
            let reason: SkipReason = paused ? .paused : set.isEmpty ? .emptySet : .bandComplete
            var entry = ReminderLedger.Entry(dayKey: day, band: band, at: now, outcome: .skipped, reason: reason)
            entry.deferrals = deferrals
            ledger.record(entry)
            return [
                .reminder(.skip(dayKey: day, band: band, reason: reason)), .saveLedger(ledger),
                .log(.info, "\(band.title) reminder for \(day) skipped: \(reason)"),
            ]
        }
        let late = earlier == nil && now.timeIntervalSince(slot.at) > 60
        guard let notice = makeNotice(day: day, band: band, state: state, files: files, late: late) else { return [] }
        var entry = ReminderLedger.Entry(
            dayKey: day, band: band, at: now, outcome: .pending, bani: notice.bani.id, late: late)
        entry.deferrals = deferrals
        ledger.record(entry)
        // Shown only once the pending entry is on disk (`.ledgerSaved`); a failed save shows nothing.
        awaitingSave = notice
        return [.saveLedger(ledger)]
    }

    /// The reminder for `band` of `day`: `Evening · Rehras Sahib`, `1 of 7 today · resume at line
    /// 120 of 444`; nil when the band's set has no bani.
    func makeNotice(day: CivilDate, band: Band, state: TodayState, files: GroupFiles, late: Bool) -> ReminderNotice? {
        let next = state.bandComplete ? nil : state.next
        let set = files.snapshot.ids(in: band.dailySet)
        guard let bani = next?.bani ?? set.first.flatMap(files.snapshot.bani(id:)) else { return nil }
        var body = "\(state.done) of \(state.total) today"
        if let resume = next?.resume { body += " · resume at line \(resume.seq) of \(resume.nLines)" }
        var notice = ReminderNotice(
            dayKey: day, band: band, bani: bani, late: late, summary: "\(band.title) · \(bani.titleEn)", body: body,
            url: bani.url)
        notice.sound = config.sound
        return notice
    }

    /// Keeps the reminder on screen true: closed when its band is complete or over, updated in
    /// place when the band's next unread bani (or today's count) moved on.
    mutating func reconcileOnScreen(now: Date, today: PlannedDays.Day) -> [Action] {
        guard let shown = onScreen, let files else { return [] }
        let day = today.day.key
        let band = today.day.band(at: now)
        guard shown.dayKey == day, shown.band == band else {
            onScreen = nil
            return [.closeReminder, .log(.info, "\(shown.band.title) reminder closed: the band is over")]
        }
        let state = todayState(SlotKey(day: day, band: band), files: files)
        if state.bandComplete {
            onScreen = nil
            return [.closeReminder, .log(.info, "\(band.title) reminder closed: the band's banis are read")]
        }
        guard let updated = makeNotice(day: day, band: band, state: state, files: files, late: shown.late),
            updated.summary != shown.summary || updated.body != shown.body
        else { return [] }
        onScreen = updated
        return [.updateReminder(updated)]
    }

    /// Opening `url` in the configured reader (the same resolver as `nitnem open`): what Read now
    /// does for the reminder on screen.
    public func readerActions(for url: String) -> [Action] {
        do throws(DeepLinkError) {
            let launch = config.reader.resolve(try DeepLink(parsing: url), opener: config.opener)
            return [.open(launch)] + (launch.note.map { [.log(.notice, $0)] } ?? [])
        } catch {
            return [.log(.error, "Read now: \(error.description)")]
        }
    }

    /// What a button of the reminder on screen does.
    mutating func reminderPressed(_ action: ReminderAction, now: Date) -> [Action] {
        guard let shown = onScreen else { return [] }
        switch action {
        case .read:
            return readerActions(for: shown.url)
        case .mark:
            let nLines = files?.snapshot.bani(id: shown.bani.id)?.nLines ?? shown.bani.nLines
            return [.markRead(id: shown.bani.id, day: calendar.dayKey(at: now), nLines: nLines)]
        case .later:
            onScreen = nil
            let bandEnd = calendar.band(containing: now).interval.end
            let until = now.addingTimeInterval(config.snooze)
            guard until < bandEnd, shown.band == calendar.band(at: now) else {
                return [
                    .closeReminder,
                    .log(
                        .info,
                        "Later: the \(shown.band.title) band ends before \(RFC3339.format(until, in: calendar)); not shown again"
                    ),
                ]
            }
            var entry =
                ledger.entry(shown.dayKey, shown.band)
                ?? ReminderLedger.Entry(
                    dayKey: shown.dayKey, band: shown.band, at: now, outcome: .fired, bani: shown.bani.id)
            entry.outcome = .snoozed
            entry.snoozedUntil = until
            entry.deferrals += 1
            ledger.record(entry)
            return [
                .closeReminder, .saveLedger(ledger),
                .log(.info, "\(shown.band.title) reminder snoozed until \(RFC3339.format(until, in: calendar))"),
            ]
        }
    }

    /// The shell showed `notice` (`error == nil`) or could not (no notification server): record it,
    /// or forget it and try again later while the band lasts.
    public mutating func reminderShown(_ notice: ReminderNotice, error: String?, now: Date) -> Step {
        var actions: [Action] = []
        if let error {
            ledger.remove(notice.dayKey, notice.band)
            // A retry timer, bounded by the band's end (`reminderActions` lets the back-off go).
            retry = retry.failed(notice.slot, at: now)
            if notifyReported.insert(error).inserted {
                actions.append(.log(.warning, "\(error); will retry while the \(notice.band.title) band lasts"))
            }
        } else {
            notifyReported.removeAll()
            retry = .idle
            var entry = ReminderLedger.Entry(
                dayKey: notice.dayKey, band: notice.band, at: now, outcome: .fired, bani: notice.bani.id,
                late: notice.late)
            entry.deferrals = ledger.entry(notice.dayKey, notice.band)?.deferrals ?? 0
            ledger.record(entry)
            onScreen = notice
            actions.append(.log(.info, "reminder shown: \(notice.summary)\(notice.late ? " (late)" : "")"))
        }
        actions.append(.saveLedger(ledger))
        return Step(actions: actions, nextWake: nextWake(after: now), wait: waiting)
    }
}
