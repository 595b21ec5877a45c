// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// `nitnem status --follow`: one line now and one more each time what it shows changes — when the
/// group's files or the pause change (inotify) or the next band starts or a pause ends (a realtime
/// timerfd). Never polls.
package final class StatusFollower {
    let group: AppGroup
    let clock: NitnemClock
    let environment: [String: String]
    let format: StatusFormat
    let localtimePath: String
    /// The decisions: what a read means, what to say, when to wake, what a click does.
    var core: FollowCore
    /// Where click events arrive (i3blocks `interval=persist` writes them to the block's stdin).
    var clicks: Int32?
    /// Runs the click's reader and reaps it.
    let launcher = ReaderLauncher()
    /// The pause file (`nitnem reminders pause`), shown while it holds reminders back.
    let pausePath: String?
    /// Warnings shown in every line's JSON beside the files' own (the config's, as plain `status` shows them).
    let extraWarnings: [String]
    var clickBuffer: [UInt8] = []
    /// The words of the lines (gettext's, for the user's language).
    let localizer: Localizer

    /// A follower of `group` printing `format`.
    package init(
        group: AppGroup, clock: NitnemClock, calendar: NitnemCalendar, environment: [String: String],
        format: StatusFormat, localtimePath: String = "/etc/localtime", clicks: Int32? = nil,
        config: AgentConfig = AgentConfig(), pausePath: String? = nil, extraWarnings: [String] = [],
        localizer: Localizer = .english
    ) {
        self.localizer = localizer
        self.pausePath = pausePath
        self.extraWarnings = extraWarnings
        self.clicks = clicks
        self.core = FollowCore(calendar: calendar, config: config)
        self.group = group
        self.clock = clock
        self.environment = environment
        self.format = format
        self.localtimePath = localtimePath
    }

    /// The line to show now; a file that cannot be read shows the last good files, or the error.
    func render(now: Date) -> String {
        let read = Result { () throws(GroupFileError) in try GroupFiles.load(group) }
        let (view, logs) = core.read(read, pause: pausePath.map { PauseStore.active(path: $0, now: now) }, now: now)
        perform(logs)
        guard let files = view.files, let state = view.state else {
            return StatusView.unavailable(error: view.problem ?? "", format: format)
        }
        let statusView = StatusView(
            state: state, source: files.source,
            warnings: files.warnings + extraWarnings + (view.problem.map { [$0] } ?? []),
            pausedUntil: view.pausedUntil.map { RFC3339.format($0, in: core.calendar) },
            pausedUntilShown: view.pausedUntil.map { WallStamp.format($0, day: state.dayKey, in: core.calendar) },
            listen: core.config.listen != nil, titles: core.config.titles,
            journey: Journey(monthOf: state.dayKey, snapshot: files.snapshot, progress: files.progress.banis),
            localizer: localizer)
        // One line per change: a multi-line format is joined so the reader sees one update, and a
        // control character in a title is folded to a space (JSON escapes its own).
        switch format {
        case .i3blocks: return statusView.label
        case .text: return Printable.replacing("\n", with: " · ", in: statusView.wording.text(Printable.folded))
        default: return Printable.replacing("\n", with: " · ", in: statusView.render(format))
        }
    }

    /// Prints through `emit` until it returns false (the reader went away: EPIPE) or a signal ends it.
    ///
    /// `output` (the descriptor `emit` writes to) is polled too: when it is a pipe whose reader
    /// closed, poll reports an error on it at once, so the follower exits then rather than at its
    /// next line, which may be hours away.
    ///
    /// With `change` (`status --changed-from TOKEN`) it prints one line, the first whose token
    /// differs from the caller's (at once when the output already differs), and returns.
    package func run(
        watching output: Int32? = nil, until change: ChangeWait? = nil, emit: (String) -> Bool
    ) throws(SystemError) {
        let loop = try EventLoop(group: group, localtimePath: localtimePath, signals: [SIGTERM, SIGINT, SIGCHLD])
        defer { loop.close() }
        if let pausePath { loop.watchPause(pausePath) }
        var last: String?
        while true {
            let now = clock.now()
            let line = render(now: now)
            if let change {
                if case .print(let stamped) = change.decide(line) {
                    _ = emit(stamped)
                    return
                }
            } else if line != last {
                guard emit(line) else { return }
                last = line
            }
            let events = try loop.wait(
                until: clock.realInstant(for: core.nextWake(after: now)), clicks: clicks, output: output)
            for event in events {
                switch event {
                case .outputClosed: return
                case .clicksReady: readClicks()
                // SIGCHLD only says a reader finished (reaped below); any other signal ends the follower.
                case .signal(let number) where number != SIGCHLD: return
                case .zoneLinkChanged:
                    if let zone = try? SystemZone.current(environment: environment, localtime: localtimePath) {
                        core.use(NitnemCalendar(zone: zone))
                    }
                // Any other event re-renders (above): a file, the timer, a recreated folder.
                default: break
                }
            }
            launcher.reap()
        }
    }

    /// Performs what the core decided: its log lines, the reader a click opens, the bani a click marks.
    func perform(_ actions: [AgentCore.Action]) {
        for action in actions {
            switch action {
            case .log(let event):
                Journal().log(event)
            case .open(let launch):
                do throws(ReaderLauncher.Failure) {
                    try launcher.start(launch)
                } catch {
                    Journal().log(.error, error.description)
                }
            case .markRead(let mark):
                do throws(GroupFileError) {
                    _ = try ProgressStore.record(mark, clock: clock, in: group)
                } catch {
                    Journal().log(.error, "mark: \(error.description)")
                }
            default:
                continue
            }
        }
    }
}

extension StatusFollower {
    /// Reads click events (one JSON object a line, as i3blocks writes them) and hands each button
    /// to the core. End of input stops reading, not following.
    func readClicks() {
        guard let fd = clicks else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n: Int
        switch try? FileDescriptor.read(fd, into: &chunk) {
        case .done(let count) where count > 0: n = count
        case .wouldBlock?: return
        default:
            clicks = nil  // end of input, or it cannot be read: stop reading, keep following
            return
        }
        clickBuffer += chunk[0..<n]
        while let newline = clickBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(clickBuffer[..<newline])
            clickBuffer.removeSubrange(...newline)
            guard let event = try? JSONParser.parse(line), case .number(let text)? = event["button"],
                let button = Int(text)
            else { continue }
            perform(core.clicked(button: button, now: clock.now()))
        }
        if clickBuffer.count > 1 << 16 { clickBuffer.removeAll() }
    }
}

extension StatusView {
    /// What a bar shows when the files cannot be read and nothing good was read before: for
    /// waybar and JSON an object with the error (JSON's `display` shows it, as `WidgetDisplay(error:)`),
    /// for the line formats `Nitnem ⚠ <error>` (folded).
    package static func unavailable(error: String, format: StatusFormat) -> String {
        switch format {
        case .json:
            JSONValue.object([("error", .string(error)), ("display", WidgetDisplay(error: error).json)]).compact
        case .waybar:
            JSONValue.object([
                ("text", .string("Nitnem ⚠")), ("tooltip", .string(Markup.escape(Printable.folded(error)))),
                ("class", .array([.string("error")])),
            ]).compact
        default: "Nitnem ⚠ \(Printable.folded(error))"
        }
    }
}
