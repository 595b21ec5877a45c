import AgentShell
import CommandLineKit
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// `nitnem doctor`: checks paths, permissions, files, the agent, the time zone and the desktop, and
/// says what to do about each problem.
enum DoctorCommand {
    static let spec = CommandSpec(
        path: ["doctor"],
        abstract: "Check the App Group files, the agent, the time zone, notifications and the sggs:// handler.",
        options: [.group, .config, .lock],
        discussion: "Exit 0 when everything is fine, 1 when a check failed (warnings alone do not fail)."
    )

    enum Level: String {
        case ok = "ok  "
        case warn = "warn"
        case fail = "FAIL"
    }

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let now = context.clock.now()
        // A `--config FILE` that does not exist is bad input (exit 2), as for every command; any other
        // config problem is a failed check, reported below.
        let configFlag = args.value(.config)
        let paths = context.paths.agent(configFlag: configFlag)
        // Every good line of the file counts; each bad one is a failed check (its key has the default).
        let configRead = Result { () throws(ConfigError) in
            try AgentConfig.read(path: paths.config, required: configFlag != nil)
        }
        if case .failure(let error) = configRead, error.code == .missing { throw .badInput(error.description) }
        var failed = false
        func report(_ level: Level, _ what: String, _ detail: String) {
            if level == .fail { failed = true }
            Output.line(
                "\(level.rawValue)  \(what.padded(to: 12)) \(Printable.escaped(detail))"
            )
        }

        // Time.
        let zoneSource = context.environment["TZ"].map { "TZ=\($0)" } ?? "/etc/localtime"
        report(
            .ok, "time zone",
            "\(context.calendar.identifier) (from \(zoneSource)); now \(context.format(now))"
                + (context.clock.isPinned ? " — pinned by SGGS_CLOCK_NOW/SGGS_CLOCK_RATE" : ""))
        let day = context.calendar.day(containing: now)
        report(
            .ok, "nitnem day",
            "\(day.key), \(context.calendar.band(at: now).title); rolls at \(context.format(day.interval.end))")

        // The App Group.
        let group = context.group(args)
        let groupStatus = FileStatus.lookup(group.path)
        if groupStatus == nil {
            report(
                .warn, "group",
                "\(group.path) does not exist yet (the agent creates it; status uses the embedded registry)")
        } else if groupStatus?.kind != .folder {
            report(.fail, "group", "\(group.path) is not a folder")
        } else {
            let mode = Int(groupStatus?.permissions ?? 0)
            report(
                mode & 0o077 == 0 ? .ok : .warn, "group",
                "\(group.path) (mode \(String(mode, radix: 8)))" + (mode & 0o077 == 0 ? "" : "; run chmod 700 on it"))
        }
        var files: GroupFiles?
        do {
            let (snapshot, source, warnings) = try GroupFiles.loadSnapshot(group)
            let what =
                source == .embedded
                ? "none in the group: the embedded default registry (\(counted(snapshot.banis.count, "bani")))"
                : "\(group.snapshotPath): \(counted(snapshot.banis.count, "bani"))"
                    + (snapshot.banisAvailable ? "" : " — Nitnem not available in this database (no reminders)")
            report(warnings.isEmpty && snapshot.banisAvailable ? .ok : .warn, "snapshot", what)
            for w in warnings { report(.warn, "snapshot", w) }
            let progress = try GroupFiles.loadProgress(group)
            report(
                progress.warnings.isEmpty ? .ok : .warn, "progress",
                FileReader.exists(group.progressPath)
                    ? "\(group.progressPath): \(counted(progress.banis.count, "bani")), schema \(progress.schema)"
                        + (progress.isReadOnly ? " (newer than this nitnem: read-only)" : "")
                    : "none yet (nothing read; `nitnem mark` creates it)")
            for w in progress.warnings { report(.warn, "progress", w) }
            let loaded = GroupFiles(snapshot: snapshot, source: source, progress: progress, warnings: warnings)
                .applying(
                    Result { () throws(SnapshotError) in try GroupFiles.readMine(group) }, path: group.mynitnemPath)
            reportSets(loaded, group: group, report)
            files = loaded
        } catch {
            report(.fail, "files", error.description)
        }

        // The widget timeline.
        if let bytes = try? FileReader.read(group.timelinePath, limit: AppGroup.fileSizeLimit),
            let json = try? JSONParser.parse(bytes),
            case .string(let until)? = json["validUntil"], let validUntil = RFC3339.parseAbsolute(until)
        {
            report(
                validUntil > now ? .ok : .warn, "timeline",
                "\(group.timelinePath)"
                    + (validUntil > now
                        ? ", valid until \(until)" : " is stale (since \(until)): is the agent running?"))
            // Valid is not enough: it must have been written since the files it reflects last changed.
            if let behind = timelineBehind(group) {
                report(
                    .warn, "timeline",
                    "\(group.timelinePath) is older than \(behind): it does not reflect it (is the agent watching this group?)"
                )
            }
        } else {
            report(.warn, "timeline", "\(group.timelinePath) missing or unreadable: start the agent (nitnem run)")
        }

        // The agent.
        let lockPath = args.value("lock") ?? context.paths.agentLock
        do {
            let lock = try InstanceLock(path: lockPath)
            lock.close()
            report(.warn, "agent", "not running (start it: nitnem run, or the systemd unit in contrib/)")
        } catch {
            switch error {
            case .alreadyRunning(let pid):
                reportAgent(pid: pid, lockPath: lockPath, group: group, report)
            default:
                report(.fail, "agent", error.description)
            }
        }

        // Config and reminders.
        var loaded: AgentConfig?
        switch configRead {
        case .success(let reading):
            let config = reading?.config ?? AgentConfig()
            loaded = config
            let problems = reading?.problems ?? []
            for problem in problems {
                report(.fail, "config", reading?.explained(problem) ?? problem.description)
            }
            let slots = config.slots.enabled.map { "\($0.band.title) \($0.time)" }.joined(separator: ", ")
            report(
                problems.isEmpty ? .ok : .warn, "config",
                (reading != nil ? paths.config : "defaults (no \(paths.config))")
                    + "; reminders \(config.remindersOn ? "on: \(slots)" : "off")"
                    + (problems.isEmpty ? "" : " (nitnem config shows every setting and its line)"))
        case .failure(let error):
            report(.fail, "config", "\(error.description); using the defaults")
        }
        if let variant = loaded?.rehras, let snapshot = files?.snapshot {
            reportRehras(variant, snapshot: snapshot, source: files?.source ?? .snapshot, report)
        }
        let pause = PauseStore.active(path: paths.pause, now: now)
        if let problem = pause.problem {
            report(.warn, "pause", "\(problem.description); not paused (nitnem reminders resume removes it)")
        } else if let until = pause.until {
            report(.warn, "pause", "reminders paused until \(context.format(until)) (nitnem reminders resume)")
        }
        let ledger = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        report(
            ledger.problem == nil ? .ok : .warn, "ledger",
            ledger.problem ?? "\(paths.ledger): \(counted(ledger.ledger.entries.count, "entry", "entries"))")

        // The desktop.
        let notifier = LibnotifyNotifier(onEvent: { _ in })
        do {
            let caps = try notifier.capabilities()
            report(
                .ok, "notify",
                "server found; \(caps.contains("actions") ? "offers actions (Read now)" : "no actions: Read now is not offered")"
            )
        } catch {
            report(files?.snapshot.banisAvailable == false ? .warn : .fail, "notify", error.description)
        }
        notifier.shutdown()
        checkReader(loaded ?? AgentConfig(), environment: context.environment, report: report)
        if failed { throw .failure("some checks failed") }
    }

    /// `1 bani`, `2 banis`: `count` and the noun in its number.
    static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// The `sggs://` handler (`xdg-mime query default x-scheme-handler/sggs` is `nitnem.desktop`)
    /// and the reader's program (on `PATH`): warnings, never failures — `nitnem open URL` works
    /// without either being set up.
    static func checkReader(
        _ config: AgentConfig, environment: [String: String], report: (Level, String, String) -> Void
    ) {
        let search = environment["PATH"] ?? "/usr/bin:/bin"
        let register = "run make install, or: xdg-mime default nitnem.desktop x-scheme-handler/sggs"
        if CleanSpawn.locate("xdg-mime", searchPath: search) == nil {
            report(.warn, "handler", "xdg-mime not found (install xdg-utils): cannot tell what opens sggs:// links")
        } else {
            do {
                let query = try CleanSpawn.capture("xdg-mime", ["query", "default", "x-scheme-handler/sggs"])
                let answer = Printable.escaped(
                    String(Substring(String(decoding: query.output, as: UTF8.self)).trimmingWhitespace()))
                if answer == "nitnem.desktop" {
                    report(.ok, "handler", "sggs:// links open with nitnem.desktop (nitnem open)")
                } else if answer.isEmpty {
                    report(.warn, "handler", "nothing opens sggs:// links (Read now, bar clicks): \(register)")
                } else {
                    report(.warn, "handler", "sggs:// links open with \(answer), not nitnem.desktop: \(register)")
                }
            } catch {
                report(.warn, "handler", "cannot ask xdg-mime what opens sggs:// links: \(error)")
            }
        }
        let launch = config.reader.resolve(.bani(key: "japji", variant: nil), opener: config.opener)
        let key = launch.via == .opener ? "open" : "reader"
        let what = launch.via == .opener ? "\(config.reader) with \(launch.program)" : "\(config.reader)"
        if let path = CleanSpawn.locate(launch.program, searchPath: search) {
            report(.ok, "reader", "\(what) (\(path))")
        } else {
            report(.warn, "reader", "\(what): program '\(launch.program)' not found on PATH (config key `\(key)`)")
        }
    }

    /// The daily sets that count, each said as yours (`nitnem-mynitnem.json`) or the snapshot's, and
    /// each problem with your file (an unknown id, a file that cannot be read).
    static func reportSets(_ files: GroupFiles, group: AppGroup, _ report: (Level, String, String) -> Void) {
        for set in DailySet.allCases {
            let ids = files.snapshot.ids(in: set)
            let whose = files.mine?.sets[set] != nil ? "yours" : "the snapshot's"
            let titles = ids.map { files.snapshot.bani(id: $0)?.titleEn ?? $0 }.map { Printable.escaped($0) }
            report(
                .ok, "sets",
                "\(set.rawValue) (\(whose)): " + (titles.isEmpty ? "nothing to read" : titles.joined(separator: ", ")))
        }
        if let problem = files.mineProblem {
            report(.warn, "sets", problem.description + "; using the snapshot's sets")
        }
        for set in DailySet.allCases {
            for id in files.mine?.sets[set] ?? [] where files.snapshot.bani(id: id) == nil {
                report(
                    .warn, "sets",
                    "\(group.mynitnemPath): \(set.rawValue): unknown bani id '\(Printable.escaped(id))'; skipped")
            }
        }
    }

    /// What config `rehras` does with `snapshot`: which Rehras the evening set counts, or that it
    /// changes nothing (one Rehras, as in the embedded registry).
    static func reportRehras(
        _ variant: RehrasVariant, snapshot: NitnemSnapshot, source: GroupFiles.Source,
        _ report: (Level, String, String) -> Void
    ) {
        let forms = snapshot.banis.filter { $0.key == "rehras" }
        if let chosen = snapshot.rehras(variant: variant.rawValue) {
            report(
                .ok, "rehras", "rehras = \(variant.rawValue): the evening set counts \(chosen.id) (\(chosen.titleEn))")
        } else if forms.count > 1 {
            report(
                .warn, "rehras",
                "rehras = \(variant.rawValue): the snapshot has no such Rehras (\(forms.map { $0.id }.joined(separator: ", "))); the setting has no effect"
            )
        } else {
            let which = source == .embedded ? "the embedded registry" : "the snapshot"
            report(.ok, "rehras", "rehras = \(variant.rawValue) has no effect: \(which) has one Rehras")
        }
    }

    /// The running agent (`pid`, from its lock): whether the group it recorded watching is `group`.
    static func reportAgent(
        pid: Int32?, lockPath: String, group: AppGroup, _ report: (Level, String, String) -> Void
    ) {
        let running = "running (pid \(pid.map(String.init) ?? "unknown"))"
        guard let record = AgentRecord.read(beside: lockPath), pid == nil || record.pid == pid else {
            report(.ok, "agent", "\(running); the group it watches is not recorded (an older agent?)")
            return
        }
        if samePath(record.group, group.path) {
            report(.ok, "agent", "\(running), watching \(group.path)")
        } else {
            report(
                .warn, "agent",
                "\(running) but it watches \(record.group), not \(group.path) (restart it with --group, or check SGGS_APP_GROUP)"
            )
        }
    }

    /// Whether `a` and `b` name the same folder (symlinks, `.` and `..` and trailing slashes aside).
    static func samePath(_ a: String, _ b: String) -> Bool {
        func canonical(_ p: String) -> String { FileReader.resolvedPath(p) ?? p }
        return a == b || canonical(a) == canonical(b)
    }

    /// The group file the timeline was last written before (its mtime is older), or nil when the
    /// timeline is at least as new as both the progress file and the snapshot (`FileStatus`).
    static func timelineBehind(_ group: AppGroup) -> String? {
        func modified(_ path: String) -> Int? { FileStatus.lookup(path)?.modifiedSeconds }
        guard let timeline = modified(group.timelinePath) else { return nil }
        for path in [group.progressPath, group.snapshotPath, group.mynitnemPath] {
            if let changed = modified(path), changed > timeline { return path }
        }
        return nil
    }
}
