import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// `nitnem status --follow`: one line now and one more each time what it shows changes — when the
/// group's files or the pause change (inotify) or the next band starts or a pause ends (a realtime
/// timerfd). Never polls.
public final class StatusFollower {
    let group: AppGroup
    let clock: NitnemClock
    let environment: [String: String]
    let format: StatusFormat
    let localtimePath: String
    var calendar: NitnemCalendar
    /// The read error last reported, so each is said once.
    var lastError: String?
    /// Where click events arrive (i3blocks `interval=persist` writes them to the block's stdin).
    var clicks: Int32?
    /// The deep link of what is shown now.
    var currentURL = "sggs://nitnem"
    /// Runs the click's reader and reaps it.
    let launcher = ReaderLauncher()
    /// The reader and opener a click uses (config `reader`, `open`), and the Rehras counted (`rehras`).
    let config: AgentConfig
    /// The pause file (`nitnem reminders pause`), shown while it holds reminders back.
    let pausePath: String?
    /// When the pause shown now ends, so the line changes then.
    var pausedUntil: Date?
    /// The pause-file problem last said, so each is said once.
    var lastPauseError: String?
    /// The next bani shown now (a right click marks it), if any.
    var currentNext: (id: String, nLines: Int, day: CivilDate)?
    var clickBuffer: [UInt8] = []

    /// A follower of `group` printing `format`.
    public init(
        group: AppGroup, clock: NitnemClock, calendar: NitnemCalendar, environment: [String: String],
        format: StatusFormat, localtimePath: String = "/etc/localtime", clicks: Int32? = nil,
        config: AgentConfig = AgentConfig(), pausePath: String? = nil
    ) {
        self.pausePath = pausePath
        self.clicks = clicks
        self.config = config
        self.group = group
        self.clock = clock
        self.calendar = calendar
        self.environment = environment
        self.format = format
        self.localtimePath = localtimePath
    }

    /// The line to show now; a file that cannot be read shows the last good files, or the error.
    func render(_ files: inout GroupFiles?, now: Date) -> String {
        var warnings: [String] = []
        do {
            files = try GroupFiles.load(group)
            lastError = nil
        } catch {
            warnings.append(error.description)
            // Said once on stderr (bars log it); the bar keeps the last good state and marks it, or
            // shows the error when nothing good was read yet.
            if lastError != error.description {
                lastError = error.description
                let shown = files == nil ? "nothing to show until it is fixed" : "showing the last good state"
                Journal().log(.warning, "\(error.description) (\(shown))")
            }
        }
        guard let loaded = files?.configured(config) else {
            return StatusView.unavailable(error: warnings.first ?? "", format: format)
        }
        let state = TodayState(snapshot: loaded.snapshot, progress: loaded.progress.banis, at: now, calendar: calendar)
        currentURL = state.url
        currentNext = state.next.map { ($0.bani.id, $0.bani.nLines, state.dayKey) }
        pausedUntil = nil
        if let pausePath {
            let pause = PauseStore.active(path: pausePath, now: now)
            pausedUntil = pause.until
            let problem = pause.problem?.description
            if let problem, problem != lastPauseError {
                Journal().log(.warning, "\(problem) (reminders are not paused)")
            }
            lastPauseError = problem
        }
        let view = StatusView(
            state: state, source: loaded.source, warnings: loaded.warnings + warnings,
            pausedUntil: pausedUntil.map { RFC3339.format($0, in: calendar) })
        // One line per change: a multi-line format is joined so the reader sees one update, and a
        // control character in a title is folded to a space (JSON escapes its own).
        switch format {
        case .i3blocks: return view.label
        case .text: return Printable.replacing("\n", with: " · ", in: view.text(Printable.folded))
        default: return Printable.replacing("\n", with: " · ", in: view.render(format))
        }
    }

    /// Prints through `emit` until it returns false (the reader went away: EPIPE) or a signal ends it.
    ///
    /// `output` (the descriptor `emit` writes to) is polled too: when it is a pipe whose reader
    /// closed, poll reports an error on it at once, so the follower exits then rather than at its
    /// next line, which may be hours away.
    public func run(watching output: Int32? = nil, emit: (String) -> Bool) throws(SystemError) {
        let loop = try EventLoop(group: group, localtimePath: localtimePath, signals: [SIGTERM, SIGINT, SIGCHLD])
        defer { loop.close() }
        if let pausePath { loop.watchPause(pausePath) }
        var files: GroupFiles?
        var last: String?
        while true {
            let now = clock.now()
            let line = render(&files, now: now)
            if line != last {
                guard emit(line) else { return }
                last = line
            }
            var wake = calendar.nextFixedPoints(after: now, count: 1)[0].at
            if let until = pausedUntil { wake = min(wake, until) }
            let events = try loop.wait(until: clock.realInstant(for: wake), clicks: clicks, output: output)
            for event in events {
                switch event {
                case .outputClosed: return
                case .clicksReady: readClicks()
                // SIGCHLD only says an opener finished (reaped below); any other signal ends the follower.
                case .signal(let number) where number != SIGCHLD: return
                case .zoneLinkChanged:
                    if let zone = try? SystemZone.current(environment: environment, localtime: localtimePath) {
                        calendar = NitnemCalendar(zone: zone)
                    }
                // Any other event re-renders (above): a file, the timer, a recreated folder.
                default: break
                }
            }
            launcher.reap()
        }
    }
}

extension StatusFollower {
    /// Reads click events (one JSON object a line, as i3blocks writes them); a left click
    /// (`"button": 1`) opens the current deep link. End of input stops reading, not following.
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
            guard let event = try? JSONParser.parse(line) else { continue }
            switch event["button"] {
            case .number("1")?: openShown()
            case .number("3")?: markShown()
            default: continue
            }
        }
        if clickBuffer.count > 1 << 16 { clickBuffer.removeAll() }
    }

    /// A left click: the shown bani in the reader (the home when today is complete).
    func openShown() {
        let link: DeepLink
        do throws(DeepLinkError) {
            link = try DeepLink(parsing: currentURL)
        } catch {
            Journal().log(.error, error.description)
            return
        }
        let launch = config.reader.resolve(link, opener: config.opener)
        if let note = launch.note { Journal().log(.notice, note) }
        do throws(ReaderLauncher.Failure) {
            try launcher.start(launch)
        } catch {
            Journal().log(.error, error.description)
        }
    }

    /// A right click: the shown next bani marked read, as `nitnem mark --next` does.
    func markShown() {
        guard let next = currentNext else { return }
        do throws(SnapshotError) {
            _ = try ProgressStore.update(
                next.id, day: next.day, at: clock.now(), nLines: next.nLines, undo: false, in: group)
        } catch {
            Journal().log(.error, "mark: \(error.description)")
        }
    }
}

extension StatusView {
    /// What a bar shows when the files cannot be read and nothing good was read before: for
    /// waybar and JSON an object with the error, for the line formats `Nitnem ⚠ <error>` (folded).
    public static func unavailable(error: String, format: StatusFormat) -> String {
        switch format {
        case .json: JSONValue.object([("error", .string(error))]).compact
        case .waybar:
            JSONValue.object([
                ("text", .string("Nitnem ⚠")), ("tooltip", .string(Markup.escape(error))),
                ("class", .array([.string("error")])),
            ]).compact
        default: "Nitnem ⚠ \(Printable.folded(error))"
        }
    }
}
