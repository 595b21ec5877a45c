// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Posix
import Snapshot

/// The loop skeleton the agent and `status --follow` share: one thread, `poll(2)` over a signalfd,
/// an inotify instance (the group folder, the widgets folder, the zone link's folder, and the folders
/// of the pause and config files when asked) and a realtime timerfd, plus the sources the caller
/// names (GLib's main context, a click stream, the output's descriptor) in one `PollSet`. Each wait
/// returns what happened as named events, never as positions in a poll array.
final class EventLoop {
    /// What woke the loop.
    enum Event: Equatable {
        /// A signal arrived (its number).
        case signal(Int32)
        /// The snapshot or progress file changed; `whole` unless it may still be being written.
        case filesTouched(whole: Bool)
        /// A sync engine's conflict copy came or changed.
        case copyArrived
        /// The inotify queue overflowed: events were lost.
        case eventsLost
        /// The group folder was removed or moved away; it has been made and watched again.
        case groupRecreated
        /// The widget timeline (or its folder) was removed.
        case timelineRemoved
        /// The zone link (`/etc/localtime`) changed.
        case zoneLinkChanged
        /// The pause file (`<state>/pause.json`) was written, renamed into place, removed or moved
        /// away (`watchPause`).
        case pauseTouched
        /// The config file was written or renamed into place (`whole`), or removed or moved away
        /// (`watchConfig`).
        case configTouched(whole: Bool)
        /// The timer armed with `wait(until:)` fired.
        case timer
        /// The realtime clock was set or the machine resumed (the armed instant lost its meaning).
        case clockJumped
        /// The notification server reported something (an action pressed, the notification clicked or
        /// closed), delivered by GLib's dispatch: the notifier's events, in order.
        case notification(NotificationEvent)
        /// Click events can be read from the `clicks` descriptor (or it reached its end).
        case clicksReady
        /// The `output` descriptor reported an error or hang-up: its reader went away.
        case outputClosed
        /// Nothing happened within the timeout.
        case timedOut
    }

    let group: AppGroup
    let signals: SignalDescriptor
    let inotify: Inotify
    let timer: RealtimeTimer
    let watch: GroupWatch
    /// The widgets folder, to notice the timeline removed by hand; watched once it exists.
    private var widgetsWatch: WatchDescriptor?
    private let timelineName: String

    /// A file watched through its folder (a watch on the folder, events filtered by the file's name).
    struct FileWatch {
        let folder: String
        let name: String
        var watch: WatchDescriptor?
    }
    /// The pause file and the config file, once asked for.
    private var pauseWatch: FileWatch?
    private var configWatch: FileWatch?
    /// One mask for every folder watch of this loop: a folder watched twice (the config beside the
    /// pause, or in the group) is one watch descriptor, whose mask the last `addWatch` sets.
    static let folderMask: InotifyMask = [
        .closeWrite, .movedTo, .movedFrom, .create, .delete, .deleteSelf, .moveSelf, .attrib,
    ]

    /// Blocks `signals` and opens the descriptors; watches `group` (creating it) and the folder of
    /// `localtimePath`.
    init(group: AppGroup, localtimePath: String, signals signalNumbers: [Int32]) throws(SystemError) {
        self.group = group
        try SignalDescriptor.ignoreSIGPIPE()
        signals = try SignalDescriptor(signals: signalNumbers)
        inotify = try Inotify()
        timer = try RealtimeTimer()
        watch = GroupWatch(inotify, group: group, localtimePath: localtimePath)
        timelineName = Path.name(of: group.timelinePath)
    }

    /// Watches the widgets folder (once it exists), to notice the timeline removed by hand.
    /// - Returns: true when the watch was added just now (an earlier removal was not seen: the
    ///   caller checks the timeline is there).
    @discardableResult
    func watchWidgets() -> Bool {
        guard widgetsWatch == nil else { return false }
        widgetsWatch = try? inotify.addWatch(
            group.widgetsPath, mask: [.delete, .movedFrom, .deleteSelf, .movedTo, .create])
        return widgetsWatch != nil
    }

    /// Watches the folder of the pause file at `path` (creating it, 0700) for `.pauseTouched`.
    /// - Returns: whether it is watched.
    @discardableResult
    func watchPause(_ path: String) -> Bool {
        pauseWatch = watchFile(path)
        return pauseWatch?.watch != nil
    }

    /// Watches the folder of the config file at `path` (creating it, 0700) for `.configTouched`.
    /// - Returns: whether it is watched.
    @discardableResult
    func watchConfig(_ path: String) -> Bool {
        configWatch = watchFile(path)
        return configWatch?.watch != nil
    }

    /// Watches again a pause or config folder whose watch went away (the folder was removed and is
    /// back: the agent's next ledger save makes the state folder again).
    func rewatchFiles() {
        if let file = pauseWatch, file.watch == nil { pauseWatch = watchFile(file.folder + "/" + file.name) }
        if let file = configWatch, file.watch == nil { configWatch = watchFile(file.folder + "/" + file.name) }
    }

    private func watchFile(_ path: String) -> FileWatch {
        let folder = Path.folder(of: path)
        try? AtomicFile.createFolder(folder)
        return FileWatch(
            folder: folder, name: Path.name(of: path), watch: try? inotify.addWatch(folder, mask: Self.folderMask))
    }

    /// Whether the group folder is watched (it could be made).
    var watchesGroup: Bool { watch.groupWatch != nil }

    /// Closes every descriptor.
    func close() {
        signals.close()
        inotify.close()
        timer.close()
    }

    /// Waits until something happens: the timer fires at `instant` (real time, `nil`: not armed),
    /// a signal, a file event, GLib (through `pump`, which is dispatched) and what `notifier`'s server
    /// reported in it, `clicks` readable, `output` closed by its reader, or `timeoutMilliseconds` pass
    /// (-1: no timeout).
    /// - Throws: `SystemError` when arming the timer or `poll` fails.
    func wait(
        until instant: Date?, timeoutMilliseconds: Int32 = -1, pump: GLibPump? = nil,
        notifier: (any Notifier)? = nil, clicks: Int32? = nil, output: Int32? = nil
    ) throws(SystemError) -> [Event] {
        // Events delivered outside our dispatch (GLib run while a call waited on the bus) are not
        // waited on: they are news now.
        let early = notifier?.takeEvents() ?? []
        do {
            return try wait(
                until: instant, timeoutMilliseconds: early.isEmpty ? timeoutMilliseconds : 0, pump: pump,
                notifier: notifier, early: early, clicks: clicks, output: output)
        } catch {
            if early.isEmpty { throw error }
            return early.map(Event.notification)
        }
    }

    private func wait(
        until instant: Date?, timeoutMilliseconds: Int32, pump: GLibPump?, notifier: (any Notifier)?,
        early: [NotificationEvent], clicks: Int32?, output: Int32?
    ) throws(SystemError) -> [Event] {
        // A wake that was only a clock set too small to report (`RealtimeTimer.stepTolerance`) is no
        // wake: the wait goes on for what is left of its timeout.
        let deadline = timeoutMilliseconds < 0 ? nil : ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        var timeout = timeoutMilliseconds
        while true {
            let events = try waitOnce(
                until: instant, timeoutMilliseconds: timeout, pump: pump, notifier: notifier, early: early,
                clicks: clicks, output: output)
            guard let events else { return [.timedOut] }
            if !events.isEmpty || !early.isEmpty { return events }
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return [.timedOut] }
                timeout = left.pollMilliseconds
            }
        }
    }

    /// One poll: what happened; an empty list when the only wake was a clock set too small to report
    /// (or an inotify event about nothing watched); nil when it timed out.
    private func waitOnce(
        until instant: Date?, timeoutMilliseconds: Int32, pump: GLibPump?, notifier: (any Notifier)?,
        early: [NotificationEvent], clicks: Int32?, output: Int32?
    ) throws(SystemError) -> [Event]? {
        if let instant {
            // A clock set between the last read and now is told by the arming, not by a read: the
            // same news (and the timer is armed), with nothing waited on.
            if try timer.arm(at: instant) == .clockChanged {
                return early.map(Event.notification) + [.clockJumped]
            }
        } else {
            try timer.disarm()
        }
        var set = PollSet()
        set.add(.signals, fileDescriptor: signals.fileDescriptor)
        set.add(.inotify, fileDescriptor: inotify.fileDescriptor)
        set.add(.timer, fileDescriptor: timer.fileDescriptor)
        if let clicks { set.add(.clicks, fileDescriptor: clicks) }
        // No events asked: only an error or hang-up (a closed reader) is reported.
        if let output { set.add(.output, fileDescriptor: output, events: []) }
        let ready: PollSet.Ready
        if let pump {
            ready = try pump.wait(set, timeoutMilliseconds: timeoutMilliseconds)
        } else {
            ready = try set.wait(timeoutMilliseconds: timeoutMilliseconds)
        }
        var events: [Event] = []
        if !ready[.signals].isEmpty { events += try signals.read().map(Event.signal) }
        if !ready[.inotify].isEmpty { events += try inotify.readEvents().compactMap(name) }
        // A press comes before the timer and the clock: it was made on the reminder as it was on
        // screen, before this wake's news (a Night reminder pressed as the laptop wakes after 03:00).
        let notifications = early + (notifier?.takeEvents() ?? [])
        events += notifications.map(Event.notification)
        if !ready[.timer].isEmpty {
            switch try timer.read() {
            case .expired: events.append(.timer)
            case .clockChanged: events.append(.clockJumped)
            case .notReady: break
            }
        }
        if !ready[.clicks].isEmpty { events.append(.clicksReady) }
        if !ready[.output].isEmpty { events.append(.outputClosed) }
        return ready.isEmpty && notifications.isEmpty ? nil : events
    }

    /// The file events already queued, taken now without waiting: a writer's own echo, taken
    /// before it reads what it wrote (that read sees every change they are about).
    func takeQueuedFileEvents() -> [Event] {
        var events: [Event] = []
        while let batch = try? inotify.readEvents(), !batch.isEmpty { events += batch.compactMap(name) }
        return events
    }

    /// What one inotify event means, or nil when it is about nothing watched here.
    private func name(_ event: InotifyEvent) -> Event? {
        // The same folder may hold several watched files: each event is about one name.
        if let file = pauseWatch, event.watch == file.watch, Self.touched(event, file) != nil {
            return .pauseTouched
        }
        if let file = configWatch, event.watch == file.watch, let whole = Self.touched(event, file) {
            return .configTouched(whole: whole)
        }
        if !event.mask.isDisjoint(with: [.ignored, .deleteSelf]) {
            if event.watch == pauseWatch?.watch { pauseWatch?.watch = nil }
            if event.watch == configWatch?.watch { configWatch?.watch = nil }
        }
        if event.watch == widgetsWatch, widgetsWatch != nil {
            if event.mask.contains(.ignored) || event.mask.contains(.deleteSelf) { widgetsWatch = nil }
            if event.mask.contains(.deleteSelf) { return .timelineRemoved }
            guard event.name == timelineName else { return nil }
            // Put there by another (a sync engine delivering a symlink): what is there is not the
            // agent's own file, whose writes land as a regular file renamed in.
            if !event.mask.isDisjoint(with: [.movedTo, .create]) {
                return FileStatus.lookup(group.timelinePath, followingLinks: false)?.kind == .regular
                    ? nil : .timelineRemoved
            }
            return .timelineRemoved
        }
        switch watch.classify(event) {
        case .overflow: return .eventsLost
        case .groupRecreated: return .groupRecreated
        case .file(let whole): return .filesTouched(whole: whole)
        case .copy: return .copyArrived
        case .zone: return .zoneLinkChanged
        case .other: return nil
        }
    }

    /// Whether `event` is about `file`: true when it left the file whole (written, renamed into
    /// place), false when it removed it or moved it away; nil for anything else (another name, a
    /// create whose write is still to come, a mode change).
    static func touched(_ event: InotifyEvent, _ file: FileWatch) -> Bool? {
        guard event.name == file.name else { return nil }
        if !event.mask.isDisjoint(with: [.closeWrite, .movedTo]) { return true }
        if !event.mask.isDisjoint(with: [.delete, .movedFrom]) { return false }
        return nil
    }
}

extension Duration {
    /// This long as a `poll(2)` timeout: whole milliseconds, rounded up so a wait never ends early.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
