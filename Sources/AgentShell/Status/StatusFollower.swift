// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// `nitnem status --follow`: one line now and one more each time what it shows changes — when the
/// group's files or the pause change (inotify) or the next band starts or a pause ends (a realtime
/// timerfd). Never polls. Its decisions are the agent's core as a follower (`AgentCore.Role`): the
/// same events, file gathering and problems said once, without reminders or the timeline.
package final class StatusFollower {
    let group: AppGroup
    let clock: NitnemClock
    let format: StatusFormat
    /// The decisions: what the files read mean, when to wake, what a click does.
    var core: AgentCore
    /// The loop's events as the core hears them.
    let names: CoreEvents
    /// Where click events arrive (i3blocks `interval=persist` writes them to the block's stdin).
    var clicks: Int32?
    /// Runs the click's reader and reaps it.
    let launcher = ReaderLauncher()
    /// Warnings shown in every line's JSON beside the files' own (the config's, as plain `status` shows them).
    let extraWarnings: [String]
    var clickBuffer: [UInt8] = []
    /// The words of the lines (gettext's, for the user's language).
    let localizer: Localizer
    /// The loop, while running.
    var loop: EventLoop?

    /// A follower of `group` printing `format`; `pausePath`: the pause file (`nitnem reminders
    /// pause`), shown while it holds reminders back.
    package init(
        group: AppGroup, clock: NitnemClock, calendar: NitnemCalendar, environment: [String: String],
        format: StatusFormat, localtimePath: String = "/etc/localtime", clicks: Int32? = nil,
        config: AgentConfig = AgentConfig(), pausePath: String? = nil, extraWarnings: [String] = [],
        localizer: Localizer = .english
    ) {
        self.localizer = localizer
        self.extraWarnings = extraWarnings
        self.clicks = clicks
        self.core = AgentCore(calendar: calendar, config: config, role: .follower)
        self.names = CoreEvents(
            group: group, environment: environment, localtimePath: localtimePath, pausePath: pausePath)
        self.group = group
        self.clock = clock
        self.format = format
    }

    /// The line to show at `now`: the last good files (beside the last read's problem), or the error.
    func render(now: Date) -> String {
        let problem = core.readProblem?.description
        guard let files = core.files else { return StatusView.unavailable(error: problem ?? "", format: format) }
        let state = TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, at: now, calendar: core.calendar)
        let pausedUntil = core.pausedUntil.flatMap { $0 > now ? $0 : nil }
        let statusView = StatusView(
            state: state, source: files.source,
            warnings: files.warnings + extraWarnings + (problem.map { [$0] } ?? []),
            pausedUntil: pausedUntil.map { RFC3339.format($0, in: core.calendar) },
            pausedUntilShown: pausedUntil.map { WallStamp.format($0, day: state.dayKey, in: core.calendar) },
            listen: core.config.listen != nil, titles: core.config.titles,
            journey: Journey(
                monthOf: state.dayKey, snapshot: files.snapshot, progress: files.progress.banis,
                calendar: core.calendar),
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
        let loop = try EventLoop(
            group: group, localtimePath: names.localtimePath, signals: [SIGTERM, SIGINT, SIGCHLD])
        self.loop = loop
        defer {
            self.loop = nil
            loop.close()
        }
        if let pausePath = names.pausePath { loop.watchPause(pausePath) }
        var step = handle((names.pausePath.map { [CoreEvents.readPause($0)] } ?? []) + [.start(load())])
        var settle = Settle()
        settle.follow(step.wait, touched: true)
        var last: String?
        while true {
            let line = render(now: clock.now())
            if let change {
                if case .print(let stamped) = change.decide(line) {
                    _ = emit(stamped)
                    return
                }
            } else if line != last {
                guard emit(line) else { return }
                last = line
            }
            let happened = try loop.wait(
                until: clock.realInstant(for: step.nextWake), timeoutMilliseconds: settle.timeout(for: step.wait),
                clicks: clicks, output: output)
            var events: [AgentCore.Event] = []
            for event in happened {
                switch event {
                case .outputClosed: return
                // SIGCHLD only says a reader finished (reaped below); any other signal ends the follower.
                case .signal(let number) where number != SIGCHLD: return
                case .clicksReady: events += readClicks()
                default: events += names.named(event).map { [$0] } ?? []
                }
            }
            launcher.reap()
            step = settle.step(after: happened, events, step) { handle($0) }
        }
    }

    /// Both group files as read now; an error is handed to the core, which keeps the last good ones.
    func load() -> Result<GroupFiles, GroupFileError> {
        Result { () throws(GroupFileError) in try GroupFiles.load(group) }
    }

    /// Hands `events` to the core, performing what it decides; returns its last word.
    func handle(_ events: [AgentCore.Event]) -> AgentCore.Step {
        CoreDriver.run(&core, events, now: { clock.now() }, perform: { action, _ in perform(action) })
    }

    /// Performs one of the core's actions (a follower's: a line to log, a read, a reader to open,
    /// a bani to mark); returns what it reports back.
    func perform(_ action: AgentCore.Action) -> [AgentCore.Event] {
        switch action {
        case .log(let event):
            Journal().log(event)
        case .readFiles:
            return [.filesRead(load())]
        case .open(let launch):
            do throws(ReaderLauncher.Failure) {
                try launcher.start(launch)
            } catch {
                Journal().log(.error, error.description)
            }
        case .markRead(let mark):
            do throws(GroupFileError) {
                _ = try ProgressStore.record(mark, clock: clock, in: group)
                return names.afterWrite(on: loop, read: load)
            } catch {
                Journal().log(.error, "mark: \(error.description)")
            }
        default:
            break
        }
        return []
    }
}

extension StatusFollower {
    /// Reads click events (one JSON object a line, as i3blocks writes them): the core's event for
    /// each button. End of input stops reading, not following.
    func readClicks() -> [AgentCore.Event] {
        guard let fd = clicks else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n: Int
        switch try? FileDescriptor.read(fd, into: &chunk) {
        case .done(let count) where count > 0: n = count
        case .wouldBlock?: return []
        default:
            clicks = nil  // end of input, or it cannot be read: stop reading, keep following
            return []
        }
        clickBuffer += chunk[0..<n]
        var events: [AgentCore.Event] = []
        while let newline = clickBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(clickBuffer[..<newline])
            clickBuffer.removeSubrange(...newline)
            guard let event = try? JSONParser.parse(line), case .number(let text)? = event["button"],
                let button = Int(text)
            else { continue }
            events.append(.barClicked(button: button))
        }
        if clickBuffer.count > 1 << 16 { clickBuffer.removeAll() }
        return events
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
