import Foundation
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// The agent's thin shell: one thread, `poll(2)` over a realtime timerfd, inotify and a signalfd,
/// driving `AgentCore` and performing its actions. It wakes only when something can change.
public final class Agent {
    /// Where the agent looks and what it is told.
    public struct Options: Sendable {
        /// The App Group folder.
        public var group: AppGroup
        /// The process environment (for `TZ`, `NOTIFY_SOCKET`, `XDG_RUNTIME_DIR`).
        public var environment: [String: String]
        /// The system zone link watched for zone changes.
        public var localtimePath = "/etc/localtime"
        /// The one-agent-per-user lock.
        public var lockPath: String
        /// How long a burst of file events is gathered before the files are read again, when the last
        /// event may leave a file half-written (a create, a move away). A rename into place or a closed
        /// write is a whole file: it is read as soon as the events already queued are drained.
        public var debounceMilliseconds: Int32 = 5
        /// The config file and the reminder ledger.
        public var paths: AgentPaths

        public init(group: AppGroup, environment: [String: String], lockPath: String? = nil, paths: AgentPaths) {
            self.group = group
            self.environment = environment
            self.lockPath = lockPath ?? UserPaths(environment: environment).agentLock
            self.paths = paths
        }
    }

    let options: Options
    let clock: NitnemClock
    let journal = Journal()
    var core: AgentCore
    /// Shows reminders: libnotify on the session bus unless a test gives another.
    var notifier: (any Notifier)?

    /// An agent on `clock`, in the zone of `calendar`, with `config` (read by the caller, so a bad
    /// file stops the start with exit 2) and the reminder ledger from its file.
    public init(
        options: Options, clock: NitnemClock, calendar: NitnemCalendar, config: AgentConfig,
        notifier: (any Notifier)? = nil
    ) {
        self.options = options
        self.clock = clock
        self.notifier = notifier
        // The ledger is read in `run`, once this agent holds the lock: a second agent must not touch it.
        self.core = AgentCore(calendar: calendar, config: config)
    }

    /// Why the agent could not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        /// 1 for a failure (another agent, a system call), 2 for bad input.
        public let exitCode: Int32
    }

    /// Runs until SIGTERM or SIGINT (then returns normally).
    /// - Throws: `StartError` when another agent holds the lock or a descriptor cannot be made.
    public func run() throws(StartError) {
        func fail(_ e: any Error) -> StartError { StartError(description: "\(e)", exitCode: 1) }
        let lock: InstanceLock
        do {
            lock = try InstanceLock(path: options.lockPath)
        } catch {
            throw StartError(description: error.description, exitCode: 1)
        }
        defer { lock.close() }
        for path in [options.group.timelinePath, options.paths.ledger] {
            AtomicFile.removeAbandonedTempFiles(for: path)
        }
        let (ledger, problem) = ReminderLedgerStore.load(path: options.paths.ledger)
        if let problem { journal.log(.warning, problem) }
        core = AgentCore(calendar: core.calendar, config: core.config, ledger: ledger)
        let signals: SignalDescriptor
        let inotify: Inotify
        let timer: RealtimeTimer
        do {
            try SignalDescriptor.ignoreSIGPIPE()
            // SIGCHLD: a "Read now" opener finished; it is reaped at once (below), never left a zombie.
            signals = try SignalDescriptor(signals: [SIGTERM, SIGINT, SIGHUP, SIGCHLD])
            inotify = try Inotify()
            timer = try RealtimeTimer()
        } catch {
            throw fail(error)
        }
        defer {
            signals.close()
            inotify.close()
            timer.close()
        }
        let watch = GroupWatch(inotify, group: options.group, localtimePath: options.localtimePath)
        if watch.groupWatch == nil {
            journal.log(.error, "\(options.group.path): cannot create or watch the group folder")
        }
        // The widgets folder, to notice the timeline removed by hand; watched once it exists.
        var widgetsWatch: WatchDescriptor?
        let timelineName = Path.name(of: options.group.timelinePath)

        // The desktop (libnotify, GLib) is set up at the first reminder, not before: an agent that
        // never reminds never loads it.
        defer {
            (notifier as? LibnotifyNotifier)?.shutdown()
            pump?.close()
        }

        journal.log(
            .info, "nitnem agent started: group \(options.group.path), zone \(core.calendar.timeZone.identifier)")
        var wake = perform(core.handle(.start(load()), now: clock.now()))
        _ = try? SystemdNotify.ready(environment: options.environment)

        var filesPending = false
        // Whether the last relevant event left the files whole (moved into place, closed, deleted).
        var filesWhole = true
        while true {
            if widgetsWatch == nil {
                widgetsWatch = try? inotify.addWatch(
                    options.group.widgetsPath, mask: [.delete, .movedFrom, .deleteSelf])
            }
            do {
                try timer.arm(at: clock.realInstant(for: wake))
            } catch {
                journal.log(.error, "\(error)")
            }
            // libnotify delivers "Read now" clicks through GLib's main context: its fds join our poll.
            let glib = pump?.descriptors()
            let items =
                [
                    PollItem(fileDescriptor: signals.fileDescriptor), PollItem(fileDescriptor: inotify.fileDescriptor),
                    PollItem(fileDescriptor: timer.fileDescriptor),
                ]
                + (glib?.descriptors ?? []).map {
                    PollItem(fileDescriptor: $0.fd, events: PollEvents(rawValue: $0.events))
                }
            // While gathering a burst of file events, only briefly: not at all once a file is whole.
            var timeout: Int32 = filesPending ? (filesWhole ? 0 : options.debounceMilliseconds) : -1
            if let glibTimeout = glib?.timeoutMilliseconds, glibTimeout >= 0 {
                timeout = timeout < 0 ? glibTimeout : min(timeout, glibTimeout)
            }
            let ready: [PollItem]
            do {
                // Block until something happens; while gathering a burst of file events, only briefly.
                ready = try Poller.poll(items, timeoutMilliseconds: timeout)
            } catch {
                journal.log(.error, "\(error)")
                continue
            }
            pump?.dispatch(
                ready: ready.dropFirst(3).map {
                    GLibPump.Ready(fd: $0.fileDescriptor, revents: $0.returnedEvents.rawValue)
                })
            openers.removeAll { opener in
                opener.reap()
                return opener.running.isEmpty
            }
            if ready.prefix(3).allSatisfy({ !$0.isReady }), !filesPending { continue }
            if ready.prefix(3).allSatisfy({ !$0.isReady }), filesPending {
                filesPending = false
                wake = perform(core.handle(.filesChanged(load()), now: clock.now()))
                continue
            }
            if ready[0].isReady {
                for signal in (try? signals.read()) ?? [] {
                    switch signal {
                    case SIGCHLD:
                        break  // reaped after every wake
                    case SIGHUP:
                        do {
                            let config = try AgentConfig.load(path: options.paths.config)
                            wake = perform(core.handle(.configChanged(config), now: clock.now()))
                        } catch {
                            journal.log(.error, "\(error) (keeping the previous configuration)")
                            wake = perform(core.handle(.reload, now: clock.now()))
                        }
                    default:
                        journal.log(.info, "signal \(signal): stopping")
                        _ = try? SystemdNotify.stopping(environment: options.environment)
                        return
                    }
                }
            }
            if ready[1].isReady {
                for event in (try? inotify.readEvents()) ?? [] {
                    switch watch.classify(event) {
                    case .overflow:
                        filesPending = true
                    case .groupRecreated:
                        journal.log(.warning, "\(options.group.path): the group folder is gone; recreating it")
                        core.timelineLost()
                        filesPending = true
                    case .file(let whole):
                        filesPending = true
                        filesWhole = whole
                    case .zone:
                        zoneMayHaveChanged(&wake)
                    case .other:
                        break
                    }
                    if event.watch == widgetsWatch {
                        if event.mask.contains(.ignored) || event.mask.contains(.deleteSelf) {
                            widgetsWatch = nil
                        }
                        // Someone removed the timeline (or its folder): write it again at once.
                        // Gathered like a file change, so a whole folder being removed is seen first.
                        if event.name == timelineName || event.mask.contains(.deleteSelf) {
                            journal.log(.warning, "\(options.group.timelinePath) was removed; writing it again")
                            core.timelineLost()
                            filesPending = true
                            filesWhole = false
                        }
                    }
                }
            }
            if ready[2].isReady {
                switch (try? timer.read()) ?? .notReady {
                case .expired:
                    wake = perform(core.handle(.timer, now: clock.now()))
                case .clockChanged:
                    wake = perform(core.handle(.clockChanged, now: clock.now()))
                case .notReady:
                    break
                }
            }
        }
    }

    /// GLib's main context, once the desktop is in use.
    var pump: GLibPump?

    /// Why there is no session bus to reach a notification server, or `nil` when there may be one.
    static func noSessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return nil
        }
        return
            "no session bus to show reminders on (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)"
    }

    /// Openers of "Read now" clicks whose programs still run, kept to reap them (no zombies).
    var openers: [Opener] = []

    /// "Read now": opens the deep link with the configured program (argv, never a shell).
    func open(_ url: String) {
        let words = core.config.opener
        let opener = Opener(program: words[0], arguments: Array(words.dropFirst()))
        do {
            try opener.open(url)
            journal.log(.info, "opened \(url) with \(words[0])")
        } catch {
            journal.log(.error, error.description)
        }
        openers.append(opener)
    }

    /// Reads both files; an error is handed to the core, which keeps the last good state.
    func load() -> Result<GroupFiles, SnapshotError> {
        do {
            return .success(try GroupFiles.load(options.group))
        } catch {
            return .failure(error)
        }
    }

    func zoneMayHaveChanged(_ wake: inout Date) {
        do throws(ClockError) {
            let zone = try SystemZone.current(environment: options.environment, localtime: options.localtimePath)
            guard zone.identifier != core.calendar.timeZone.identifier else { return }
            wake = perform(core.handle(.zoneChanged(NitnemCalendar(timeZone: zone)), now: clock.now()))
        } catch {
            journal.log(.error, error.description)
        }
    }

    /// Performs the core's actions; returns the next wake.
    func perform(_ step: AgentCore.Step) -> Date {
        var wake = step.nextWake
        for action in step.actions {
            switch action {
            case .saveLedger(let ledger):
                do {
                    try ReminderLedgerStore.save(ledger, to: options.paths.ledger)
                } catch {
                    journal.log(.error, error.description)
                }
            case .reminder(.skip):
                break
            case .reminder(.fire(let notice)):
                var failure: String?
                if notifier == nil {
                    if let missing = Self.noSessionBus(options.environment) {
                        failure = missing
                    } else {
                        pump = GLibPump()
                        notifier = LibnotifyNotifier(onAction: { [weak self] url in self?.open(url) })
                    }
                }
                if let notifier {
                    do {
                        try notifier.show(
                            Notification(summary: notice.summary, body: notice.body, actionURL: notice.url))
                    } catch {
                        failure = error.description
                    }
                }
                wake = min(wake, perform(core.reminderShown(notice, error: failure, now: clock.now())))
            case .log(let level, let line):
                journal.log(level, line)
            case .writeTimeline(let timeline):
                let text = timeline.json(calendar: core.calendar).pretty
                do {
                    try AtomicFile.write(Array(text.utf8), to: options.group.timelinePath)
                    let state = timeline.entries[0].state
                    journal.log(
                        .info,
                        "timeline written: \(state.dayKey) \(state.band.rawValue), next \(state.next?.bani.id ?? "none"), \(state.done)/\(state.total)"
                    )
                } catch {
                    journal.log(.error, error.description)
                    core.timelineLost()
                }
            }
        }
        return wake
    }
}
