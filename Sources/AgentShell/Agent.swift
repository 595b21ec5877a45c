// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// The agent's thin shell: waits on the `EventLoop`, names what happened, hands it to `AgentCore`
/// and performs the core's actions. It wakes only when something can change; it decides nothing.
package final class Agent {
    /// Where the agent looks and what it is told.
    package struct Options: Sendable {
        /// The App Group folder.
        package var group: AppGroup
        /// The process environment (for `TZ`, `NOTIFY_SOCKET`, `XDG_RUNTIME_DIR`).
        package var environment: [String: String]
        /// The system zone link watched for zone changes.
        package var localtimePath = "/etc/localtime"
        /// The one-agent-per-user lock.
        package var lockPath: String
        /// The config file and the reminder ledger.
        package var paths: AgentPaths
        /// The words of reminders: summary, body and buttons (gettext's, for the user's language).
        package var localizer = Localizer.english

        package init(group: AppGroup, environment: [String: String], lockPath: String? = nil, paths: AgentPaths) {
            self.group = group
            self.environment = environment
            self.lockPath = lockPath ?? UserPaths(environment: environment).agentLock
            self.paths = paths
        }
    }

    /// Why the agent could not start.
    package enum StartError: Error, CustomStringConvertible {
        /// Another agent holds the one-per-user lock (or the lock cannot be taken).
        case lock(InstanceLockError)
        /// A descriptor the loop needs could not be made.
        case system(SystemError)
        /// The group folder (`path`) cannot be made: a part of its path is not a folder, or this user
        /// may not create it. Bad input: nothing the agent does later can fix it.
        case group(path: String, FileError)

        package var description: String {
            switch self {
            case .lock(let error): error.description
            case .system(let error): error.description
            case .group(let path, let error):
                "cannot create the group folder \(path): "
                    + (error.code == .notAFolder ? error.description : error.cause?.description ?? error.description)
                    + "; choose another --group or SGGS_APP_GROUP"
            }
        }
    }

    let options: Options
    let clock: NitnemClock
    lazy var journal = Journal(environment: options.environment, clock: clock, localtime: options.localtimePath)
    var core: AgentCore
    /// Shows reminders: libnotify on the session bus unless a test gives another.
    var notifier: (any Notifier)?
    /// GLib's main context, once the desktop is in use.
    var pump: GLibPump?
    /// Runs "Read now" readers and reaps them.
    let launcher = ReaderLauncher()
    /// What the notification server reported during the last GLib dispatch (a button pressed, the
    /// reminder clicked or dismissed), as the core's events, in order.
    var serverEvents: [AgentCore.Event] = []

    /// An agent on `clock`, in the zone of `calendar`, with `config` (the good lines of the file, as
    /// the caller read it; the agent reads it again as it starts, to say what is wrong in it); the
    /// reminder ledger is read once the lock is held.
    package init(
        options: Options, clock: NitnemClock, calendar: NitnemCalendar, config: AgentConfig,
        notifier: (any Notifier)? = nil
    ) {
        self.options = options
        self.clock = clock
        self.notifier = notifier
        self.core = AgentCore(calendar: calendar, config: config)
    }

    /// Runs until SIGTERM or SIGINT (then returns normally).
    /// - Throws: `StartError` when another agent holds the lock, the group folder cannot be made
    ///   (before anything is logged or recorded) or a descriptor cannot be made.
    package func run() throws(StartError) {
        let lock: InstanceLock
        do {
            lock = try InstanceLock(path: options.lockPath)
        } catch {
            throw .lock(error)
        }
        defer { lock.close() }
        // A group that cannot be made would leave the agent watching and writing nothing: it stops
        // here, and this is the first thing it says (a restart cannot fix it).
        do throws(FileError) {
            try AtomicFile.createFolder(options.group.path)
        } catch {
            throw .group(path: options.group.path, error)
        }
        AgentRecord.write(beside: options.lockPath, group: options.group, journal: journal)
        for path in [options.group.timelinePath, options.paths.ledger] {
            AtomicFile.removeAbandonedTempFiles(for: path, now: clock.realNow())
        }
        // The ledger is read only now, holding the lock: a second agent must not touch it.
        let (ledger, problem) = ReminderLedgerStore.load(path: options.paths.ledger)
        if let problem { journal.log(.warning, problem) }
        core = AgentCore(calendar: core.calendar, config: core.config, ledger: ledger)
        let loop: EventLoop
        do {
            // SIGCHLD: an opener finished; it is reaped at once, never left a zombie.
            loop = try EventLoop(
                group: options.group, localtimePath: options.localtimePath,
                signals: [SIGTERM, SIGINT, SIGHUP, SIGCHLD])
        } catch {
            throw .system(error)
        }
        self.loop = loop
        defer { loop.close() }
        // The desktop (libnotify, GLib) is set up at the first reminder, not before.
        defer {
            (notifier as? LibnotifyNotifier)?.shutdown()
            pump?.close()
        }
        if !loop.watchesGroup {
            journal.log(.error, "\(options.group.path): cannot create or watch the group folder")
        }
        // `nitnem reminders pause` and edits of the config are noticed through their folders.
        if !loop.watchPause(options.paths.pause) {
            journal.log(
                .warning,
                "\(Path.folder(of: options.paths.pause)): cannot create or watch it; a pause is noticed only at start")
        }
        if !loop.watchConfig(options.paths.config) {
            journal.log(
                .warning,
                "\(Path.folder(of: options.paths.config)): cannot create or watch it; config changes need SIGHUP")
        }
        journal.log(
            .info, "nitnem agent started: group \(options.group.path), zone \(core.calendar.identifier)")
        // The pause first: a slot that passed while the agent was off is not fired late when paused.
        // The config as read now: a bad line is said (and keeps its default) rather than stop the agent.
        var step = handle([readPause(), loadConfig(), .start(mergeCopiesAndLoad())])
        _ = try? SystemdNotify.ready(environment: options.environment)

        while !stopped {
            let timeout: Int32 =
                switch step.wait {
                case nil: -1
                case .drain: 0
                case .quiet(let milliseconds): milliseconds
                }
            let happened: [EventLoop.Event]
            do {
                // libnotify delivers "Read now" presses through GLib's main context: the pump joins the poll.
                happened = try loop.wait(
                    until: clock.realInstant(for: step.nextWake), timeoutMilliseconds: timeout, pump: pump)
            } catch {
                journal.log(.error, "\(error)")
                continue
            }
            var events = happened.flatMap(coreEvents)
            events += serverEvents
            serverEvents = []
            events += reapOpeners()
            if happened == [.timedOut], step.wait != nil { events.append(.settled) }
            if !events.isEmpty { step = handle(events) }
        }
        _ = try? SystemdNotify.stopping(environment: options.environment)
    }

    /// Set by the `.stop` action.
    var stopped = false
    /// The loop, while running.
    var loop: EventLoop?

    /// The core events for one loop event (reading what it needs: the zone, the config).
    func coreEvents(_ event: EventLoop.Event) -> [AgentCore.Event] {
        switch event {
        case .signal(SIGCHLD): []  // openers are reaped after every wake
        case .signal(SIGHUP): [loadConfig()]
        case .configTouched(let whole): [.configTouched(whole: whole)]
        case .pauseTouched: [readPause()]
        case .signal(let number): [.stopSignal(number)]
        case .filesTouched(let whole): [.filesTouched(whole: whole)]
        case .eventsLost: [.eventsLost]
        case .groupRecreated: [.groupRecreated(path: options.group.path)]
        case .timelineRemoved: [.timelineRemoved(path: options.group.timelinePath)]
        case .zoneLinkChanged:
            [
                .zoneRead(
                    Result { () throws(ClockError) in
                        NitnemCalendar(
                            zone: try SystemZone.current(
                                environment: options.environment, localtime: options.localtimePath))
                    })
            ]
        case .timer: [.timer]
        case .clockJumped: [.clockChanged]
        case .glibDispatched, .clicksReady, .outputClosed, .timedOut: []
        }
    }

    /// Openers that finished since the last wake, as events.
    func reapOpeners() -> [AgentCore.Event] {
        launcher.reap().map { .openerExited(program: $0.program, url: $0.target, status: $0.status) }
    }

    /// Hands `events` to the core in order, performing each step's actions (which may report
    /// further events: files read, a reminder shown, a write that failed); returns the core's last
    /// word (its latest wake and wait).
    @discardableResult
    func handle(_ events: [AgentCore.Event]) -> AgentCore.Step {
        CoreDriver.run(
            &core, events, now: { clock.now() }, perform: { action, core in perform(action, calendar: core.calendar) })
    }

    /// Performs one action (`calendar`: the core's, for the timeline's local times; the core
    /// itself is being driven); returns what it reports back to the core.
    func perform(_ action: AgentCore.Action, calendar: NitnemCalendar) -> [AgentCore.Event] {
        switch action {
        case .saveLedger(let ledger):
            do throws(FileError) {
                try ReminderLedgerStore.save(ledger, to: options.paths.ledger)
                // The save made the state folder again if it was removed: watch the pause there again.
                loop?.rewatchFiles()
                return [.ledgerSaved]
            } catch {
                return [.ledgerSaveFailed(ReportedFailure(error))]
            }
        case .reminder(.fire(let notice)):
            let failure = show(notice)
            return [.reminderShown(notice, error: failure, id: failure == nil ? notifier?.currentServerID : nil)]
        case .reminder(.skip), .reminder(.skipBani):
            break  // recorded in the ledger by the core
        case .log(let event):
            journal.log(event)
        case .writeTimeline(let timeline):
            let text = timeline.json(calendar: calendar, localizer: options.localizer).pretty
            do throws(FileError) {
                try AtomicFile.write(Array(text.utf8), to: options.group.timelinePath)
                let state = timeline.entries[0].state
                journal.log(
                    .info,
                    "timeline written: \(state.dayKey) \(state.band.rawValue), next \(state.next?.bani.id ?? "none"), \(state.done)/\(state.total)"
                )
                // Watched from its first write on; a removal before the watch existed is caught here.
                if loop?.watchWidgets() == true, FileStatus.lookup(options.group.timelinePath) == nil {
                    return [.timelineWritten, .timelineRemoved(path: options.group.timelinePath)]
                }
                return [.timelineWritten]
            } catch {
                return [.timelineWriteFailed(ReportedFailure(error))]
            }
        case .readFiles:
            return [.filesRead(mergeCopiesAndLoad())]
        case .readConfig:
            return [loadConfig()]
        case .open(let launch):
            do throws(ReaderLauncher.Failure) {
                try launcher.start(launch)
            } catch {
                journal.log(.error, "Read now: \(error.description)")
            }
        case .listen(let template, let link):
            // Its output goes to the journal with ours, never to anyone's stdout.
            do throws(ReaderLauncher.Failure) {
                try launcher.start(template.resolve(link, home: UserPaths(environment: options.environment).home))
            } catch {
                journal.log(.error, "Listen: \(error.description)")
            }
        case .stop:
            stopped = true
        case .updateReminder(let notice):
            if let problem = show(notice) { journal.log(.warning, "cannot update the reminder: \(problem.message)") }
        case .closeReminder:
            do throws(NotifyError) {
                try notifier?.close()
            } catch {
                journal.log(.warning, "cannot close the reminder: \(error)")
            }
        case .closeNotification(let id):
            if let problem = setUpDesktop() {
                journal.log(.warning, "cannot close notification \(id): \(problem.message)")
                break
            }
            do throws(NotifyError) {
                try notifier?.close(serverID: id)
            } catch {
                journal.log(.warning, "cannot close notification \(id): \(error)")
            }
        case .markRead(let id, let day, let nLines):
            do throws(GroupFileError) {
                _ = try ProgressStore.update(
                    id, day: day, at: clock.now(), nLines: nLines, undo: false, in: options.group)
                return [.marked(id: id, error: nil), .filesRead(load())]
            } catch {
                return [.marked(id: id, error: ReportedFailure(error))]
            }
        }
        return []
    }

    /// Shows `notice`, setting up the desktop at the first reminder; the failure, or nil when shown.
    func show(_ notice: AgentCore.ReminderNotice) -> ReportedFailure? {
        if let problem = setUpDesktop() { return problem }
        do throws(NotifyError) {
            try notifier?.show(
                Notification(
                    summary: notice.summary(options.localizer), body: notice.body(options.localizer),
                    actions: notice.actions.map { $0.notificationAction(options.localizer) },
                    defaultAction: notice.click.notificationAction(options.localizer),
                    tag: notice.slot.description, soundName: notice.sound, replacesID: notice.replacing))
            return nil
        } catch {
            return ReportedFailure(error)
        }
    }

    /// Sets up the desktop (libnotify, GLib's pump) at the first reminder; why it cannot, or nil.
    func setUpDesktop() -> ReportedFailure? {
        guard notifier == nil else { return nil }
        if let missing = Self.noSessionBus(options.environment) {
            return ReportedFailure(subject: "notification server", code: "\(NotifyError.Code.noBus)", message: missing)
        }
        pump = GLibPump()
        notifier = LibnotifyNotifier(onEvent: { [weak self] event in self?.notified(event) })
        return nil
    }

    /// A button pressed, the reminder clicked or closed (delivered during `GLibPump.dispatch`):
    /// queued for the core as its event.
    func notified(_ event: NotificationEvent) {
        switch event {
        case .action(NotificationAction.defaultID, _, let token):
            serverEvents.append(.reminderClicked(activationToken: token))
        case .action(let id, _, let token):
            if let action = ReminderAction(rawValue: id) {
                serverEvents.append(.reminderAction(action, activationToken: token))
            }
        case .closed(.dismissed, _), .closed(.expired, _):
            serverEvents.append(.reminderDismissed)
        case .closed:
            break  // closed by us (`.closeReminder`), or for a reason the server does not say
        }
    }

    /// Why there is no session bus to reach a notification server, or `nil` when there may be one.
    static func noSessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileStatus.lookup(runtime + "/bus") != nil {
            return nil
        }
        return
            "no session bus to show reminders on (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)"
    }

    /// Merges the conflict copies a sync engine left in the group (`SyncMerger`; each merge said in
    /// the journal), then reads the files; a copy that cannot be merged is a warning of the read, so
    /// the core says it once while it is there.
    func mergeCopiesAndLoad() -> Result<GroupFiles, GroupFileError> {
        let report = SyncMerger.mergeAll(
            in: options.group, mergedFolder: options.paths.merged, at: clock.now(), now: clock.realNow())
        for line in report.merged { journal.log(.info, line) }
        return load().map { files in
            var files = files
            files.warnings += report.problems
            return files
        }
    }

    /// Reads both files; an error is handed to the core, which keeps the last good state.
    func load() -> Result<GroupFiles, GroupFileError> {
        Result { () throws(GroupFileError) in try GroupFiles.load(options.group) }
    }

    /// Reads the config file (a missing one is the defaults); an error is handed to the core, which
    /// keeps the old configuration.
    func loadConfig() -> AgentCore.Event {
        // An empty file may be an editor's save caught between its truncate and its write.
        if FileStatus.lookup(options.paths.config)?.size == 0 { return .configEmptied }
        return .configRead(
            Result { () throws(ConfigError) in
                try AgentConfig.read(path: options.paths.config) ?? ConfigReading(settings: AgentConfig())
            })
    }

    /// Reads the pause file: the instant it pauses until (nil when there is none), or why it
    /// cannot be read.
    func readPause() -> AgentCore.Event {
        do throws(GroupFileError) {
            return .pauseChanged(try PauseStore.load(path: options.paths.pause)?.until)
        } catch {
            return .pauseUnreadable(error)
        }
    }
}
