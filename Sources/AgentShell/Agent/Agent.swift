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
        /// A folder the agent writes in (the group, its widgets folder, the state folder) could be
        /// changed by another user (`Folder.checkTrusted`): bad input, as for the group.
        case untrustedFolder(FileError)

        package var description: String {
            switch self {
            case .lock(let error): error.description
            case .system(let error): error.description
            case .untrustedFolder(let error): error.description
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
        // Nothing is written in a folder another user could change (a planted link, a swapped file).
        do throws(FileError) {
            for folder in [
                options.group.path, Path.folder(of: options.group.timelinePath), Path.folder(of: options.paths.ledger),
            ] {
                try Folder.checkTrusted(folder)
            }
        } catch {
            throw .untrustedFolder(error)
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
        var step = handle([CoreEvents.readPause(options.paths.pause), loadConfig(), .start(mergeCopiesAndLoad())])
        _ = try? SystemdNotify.ready(environment: options.environment)

        // While the core gathers file events, the instant the folder counts as settled: measured on the
        // monotonic clock from the last file event, so other wakes (a clock kept in step ten times a
        // second, a notification, a child) neither restart nor starve it.
        var settle = Settle()
        settle.follow(step.wait, touched: true)
        while !stopped {
            let timeout = settle.timeout(for: step.wait)
            let happened: [EventLoop.Event]
            do {
                // The notification server's events come through GLib's main context: the pump joins the
                // poll, and what the server reported is one of the loop's events.
                happened = try loop.wait(
                    until: clock.realInstant(for: step.nextWake), timeoutMilliseconds: timeout, pump: pump,
                    notifier: notifier)
            } catch {
                journal.log(.error, "\(error)")
                continue
            }
            step = settle.step(after: happened, happened.flatMap(coreEvents) + reapOpeners(), step) { handle($0) }
        }
        _ = try? SystemdNotify.stopping(environment: options.environment)
    }

    /// Set by the `.stop` action.
    var stopped = false
    /// The loop, while running.
    var loop: EventLoop?

    /// The loop's events as the core hears them (the pause and zone read when they change).
    var names: CoreEvents {
        CoreEvents(
            group: options.group, environment: options.environment, localtimePath: options.localtimePath,
            pausePath: options.paths.pause)
    }

    /// The core events for one loop event (reading what it needs: the zone, the config, the pause).
    func coreEvents(_ event: EventLoop.Event) -> [AgentCore.Event] {
        switch event {
        case .signal(SIGCHLD): []  // openers are reaped after every wake
        case .signal(SIGHUP): [loadConfig()]
        case .signal(let number): [.stopSignal(number)]
        case .configTouched(let whole): [.configTouched(whole: whole)]
        case .notification(let event): Self.coreEvents(event)
        default: names.named(event).map { [$0] } ?? []
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
}

/// The quiet time the core asks for (`AgentCore.Wait`), kept on the monotonic clock: it starts
/// again only at a gathered event (or a new wait), so other wakes neither restart nor starve it.
struct Settle {
    private var wait: AgentCore.Wait?
    private var deadline: ContinuousClock.Instant?

    /// The poll timeout for `wait` at `now`: none without a wait, else what is left of the quiet time.
    func timeout(for wait: AgentCore.Wait?, now: ContinuousClock.Instant = .now) -> Int32 {
        guard wait != nil else { return -1 }
        guard let deadline else { return Self.milliseconds(wait) }
        let left = deadline - now
        return left > .zero ? left.pollMilliseconds : 0
    }

    /// Whether the folder has settled at `now`: the core waits, nothing gathered came in this wake,
    /// and the quiet time has passed.
    func isDue(for wait: AgentCore.Wait?, touched: Bool, now: ContinuousClock.Instant = .now) -> Bool {
        guard wait != nil, !touched, let deadline else { return false }
        return now >= deadline
    }

    /// The core's step after one wake: `events` (what `happened` means to the core), with
    /// `.settled` when the quiet time has passed, handed to the core through `handle` (`last`
    /// stays when there is nothing to hand); the quiet time follows the new step's wait.
    mutating func step(
        after happened: [EventLoop.Event], _ events: [AgentCore.Event], _ last: AgentCore.Step,
        handle: ([AgentCore.Event]) -> AgentCore.Step
    ) -> AgentCore.Step {
        let touched = happened.contains(where: \.isGathered)
        var events = events
        if isDue(for: last.wait, touched: touched) { events.append(.settled) }
        let step = events.isEmpty ? last : handle(events)
        follow(step.wait, touched: touched)
        return step
    }

    /// Starts the quiet time again when a gathered event came or the core asks for another wait;
    /// forgets it when the core no longer waits.
    mutating func follow(_ next: AgentCore.Wait?, touched: Bool, now: ContinuousClock.Instant = .now) {
        defer { wait = next }
        guard let next else {
            deadline = nil
            return
        }
        if touched || deadline == nil || next != wait {
            deadline = now + .milliseconds(Self.milliseconds(next))
        }
    }

    private static func milliseconds(_ wait: AgentCore.Wait?) -> Int32 {
        switch wait {
        case nil, .drain?: 0
        case .quiet(let milliseconds)?: milliseconds
        }
    }
}

extension EventLoop.Event {
    /// Whether the core gathers this event until the folder settles (a group file, the config).
    var isGathered: Bool {
        switch self {
        case .filesTouched, .copyArrived, .eventsLost, .groupRecreated, .timelineRemoved, .configTouched: true
        default: false
        }
    }
}
