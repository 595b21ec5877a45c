import Foundation
import Glibc
import NitnemClockKit
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

        public init(group: AppGroup, environment: [String: String], lockPath: String? = nil) {
            self.group = group
            self.environment = environment
            self.lockPath = lockPath ?? InstanceLock.defaultPath(environment: environment)
        }
    }

    let options: Options
    let clock: NitnemClock
    let journal = Journal()
    var core: AgentCore

    /// An agent on `clock`, in the zone of `calendar`.
    public init(options: Options, clock: NitnemClock, calendar: NitnemCalendar) {
        self.options = options
        self.clock = clock
        self.core = AgentCore(calendar: calendar)
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
        let signals: SignalDescriptor
        let inotify: Inotify
        let timer: RealtimeTimer
        do {
            try SignalDescriptor.ignoreSIGPIPE()
            signals = try SignalDescriptor(signals: [SIGTERM, SIGINT, SIGHUP])
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
        var groupWatch = watchGroup(inotify)
        let zoneFolder = (options.localtimePath as NSString).deletingLastPathComponent
        let zoneName = (options.localtimePath as NSString).lastPathComponent
        let zoneWatch = try? inotify.addWatch(zoneFolder, mask: [.create, .movedTo, .delete, .closeWrite, .attrib])

        journal.log(
            .info, "nitnem agent started: group \(options.group.path), zone \(core.calendar.timeZone.identifier)")
        var wake = perform(core.handle(.start(load()), now: clock.now()))
        _ = try? SystemdNotify.ready(environment: options.environment)

        var filesPending = false
        // Whether the last relevant event left the files whole (moved into place, closed, deleted).
        var filesWhole = true
        while true {
            do {
                try timer.arm(at: clock.realInstant(for: wake))
            } catch {
                journal.log(.error, "\(error)")
            }
            let items = [
                PollItem(fileDescriptor: signals.fileDescriptor), PollItem(fileDescriptor: inotify.fileDescriptor),
                PollItem(fileDescriptor: timer.fileDescriptor),
            ]
            let ready: [PollItem]
            do {
                // Block until something happens; while gathering a burst of file events, only briefly.
                let gather: Int32 = filesWhole ? 0 : options.debounceMilliseconds
                ready = try Poller.poll(items, timeoutMilliseconds: filesPending ? gather : -1)
            } catch {
                journal.log(.error, "\(error)")
                continue
            }
            if ready.allSatisfy({ !$0.isReady }), filesPending {
                filesPending = false
                wake = perform(core.handle(.filesChanged(load()), now: clock.now()))
                continue
            }
            if ready[0].isReady {
                for signal in (try? signals.read()) ?? [] {
                    switch signal {
                    case SIGHUP:
                        journal.log(.notice, "SIGHUP: reloading")
                        wake = perform(core.handle(.reload, now: clock.now()))
                    default:
                        journal.log(.info, "signal \(signal): stopping")
                        _ = try? SystemdNotify.stopping(environment: options.environment)
                        return
                    }
                }
            }
            if ready[1].isReady {
                for event in (try? inotify.readEvents()) ?? [] {
                    if event.mask.contains(.qOverflow) {
                        filesPending = true
                    } else if event.watch == groupWatch {
                        if event.mask.contains(.ignored) || event.mask.contains(.deleteSelf)
                            || event.mask.contains(.moveSelf)
                        {
                            journal.log(.warning, "\(options.group.path): the group folder is gone; recreating it")
                            groupWatch = watchGroup(inotify)
                            core.timelineLost()
                            filesPending = true
                        } else if let name = event.name,
                            name == AppGroup.snapshotName || name == AppGroup.progressName
                        {
                            filesPending = true
                            filesWhole = !event.mask.contains(.create) && !event.mask.contains(.movedFrom)
                        }
                    } else if event.watch == zoneWatch, event.name == zoneName {
                        zoneMayHaveChanged(&wake)
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

    /// Reads both files; an error is handed to the core, which keeps the last good state.
    func load() -> Result<GroupFiles, SnapshotError> {
        do {
            return .success(try GroupFiles.load(options.group))
        } catch {
            return .failure(error)
        }
    }

    func zoneMayHaveChanged(_ wake: inout Date) {
        do {
            let zone = try SystemTimeZone.current(environment: options.environment, localtime: options.localtimePath)
            guard zone.identifier != core.calendar.timeZone.identifier else { return }
            wake = perform(core.handle(.zoneChanged(NitnemCalendar(timeZone: zone)), now: clock.now()))
        } catch {
            journal.log(.error, error.description)
        }
    }

    /// Creates the group folder when missing (0700) and watches it.
    func watchGroup(_ inotify: Inotify) -> WatchDescriptor? {
        do {
            try AtomicFile.createFolder(options.group.path)
            return try inotify.addWatch(
                options.group.path, mask: [.closeWrite, .movedTo, .movedFrom, .create, .delete, .deleteSelf, .moveSelf])
        } catch {
            journal.log(.error, "\(options.group.path): cannot watch the group folder: \(error)")
            return nil
        }
    }

    /// Performs the core's actions; returns the next wake.
    func perform(_ step: AgentCore.Step) -> Date {
        for action in step.actions {
            switch action {
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
                    core.timelineWriteFailed()
                }
            }
        }
        return step.nextWake
    }
}
