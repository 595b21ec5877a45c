// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// `nitnem doctor`'s checks: the time zone, the App Group folder and its files, the widget
/// timeline, the agent, the config, the pause, the ledger and the desktop, each a `Finding` that
/// says what to do about a problem.
///
/// The shell side of doctor: it reads files, takes and releases the agent's lock, asks the
/// notification server and `xdg-mime`. It prints nothing; `nitnem doctor` prints the findings.
package struct Doctor {
    /// The environment (`TZ`, `PATH` for programs, the XDG variables).
    package var environment: [String: String]
    /// The zone, for the day, the band and the times shown.
    package var calendar: NitnemCalendar
    /// Now (read once per `findings()`), and whether it is pinned.
    package var clock: NitnemClock
    /// The App Group checked.
    package var group: AppGroup
    /// The config file, the ledger and the pause.
    package var paths: AgentPaths
    /// Whether the config file was named (`--config FILE`): then it must exist.
    package var configNamed: Bool
    /// The one-agent-per-user lock (and `agent.json` beside it).
    package var lockPath: String
    /// Where the systemd user manager finds units (`UserPaths.systemdUserUnitFolders`).
    package var unitFolders: [String]
    /// This user's uid: whose write access counts and who may `chmod` (the owner, or root).
    package var user: UInt32 = UserAccount.uid
    /// The login name of a uid, for saying who owns a folder; nil when there is none.
    package var userName: (UInt32) -> String? = { UserAccount.name(of: $0) }
    /// The notification server's capabilities (libnotify on the session bus by default).
    package var notificationServer: () throws(NotifyError) -> Set<String> = Doctor.askLibnotify

    /// The checks for `group`, with `paths` and `lockPath`, in the zone of `calendar`.
    package init(
        environment: [String: String], calendar: NitnemCalendar, clock: NitnemClock, group: AppGroup,
        paths: AgentPaths, configNamed: Bool, lockPath: String, unitFolders: [String]
    ) {
        self.environment = environment
        self.calendar = calendar
        self.clock = clock
        self.group = group
        self.paths = paths
        self.configNamed = configNamed
        self.lockPath = lockPath
        self.unitFolders = unitFolders
    }

    /// Every finding, in the order `nitnem doctor` prints them.
    /// - Throws: `ConfigError` (`.missing`) only for a named config file that does not exist: bad
    ///   input, as for every command. Any other config problem is a finding.
    package func findings() throws(ConfigError) -> [Finding] {
        var all: [Finding] = []
        try check { all.append($0) }
        return all
    }

    /// Runs the checks in order, handing each finding to `report` as soon as it is made (asking the
    /// notification server may take a while: what came before is shown meanwhile).
    /// - Throws: `ConfigError` (`.missing`) for a named config file that does not exist, before any
    ///   finding is reported.
    package func check(_ report: (Finding) -> Void) throws(ConfigError) {
        // Every good line of the file counts; each bad one is a failed check (its key has the default).
        let configRead = Result { () throws(ConfigError) in
            try AgentConfig.read(path: paths.config, required: configNamed)
        }
        if case .failure(let error) = configRead, error.code == .missing { throw error }
        let now = clock.now()
        time(now: now).forEach(report)
        report(groupFolder())
        let (fileFindings, files) = groupFiles()
        fileFindings.forEach(report)
        sync(now: now).forEach(report)
        timeline(now: now).forEach(report)
        report(agent())
        let (configFindings, config) = self.config(configRead)
        configFindings.forEach(report)
        if let variant = config?.rehras, let files {
            report(Self.rehras(variant, snapshot: files.snapshot, source: files.source))
        }
        pause(now: now).forEach(report)
        report(ledger())
        report(notify(banisAvailable: files?.snapshot.banisAvailable))
        report(font())
        reader(config ?? AgentConfig()).forEach(report)
    }

    /// The zone (and where it comes from) and now; the Nitnem day and band, and when the day rolls.
    func time(now: Date) -> [Finding] {
        let zoneSource = environment["TZ"].map { "TZ=\($0)" } ?? "/etc/localtime"
        let day = calendar.day(containing: now)
        return [
            Finding(
                .ok, .timeZone,
                "\(calendar.identifier) (from \(zoneSource)); now \(format(now))"
                    + (clock.isPinned ? " — pinned by SGGS_CLOCK_NOW/SGGS_CLOCK_RATE" : "")),
            Finding(
                .ok, .nitnemDay,
                "\(day.key), \(calendar.band(at: now).title); rolls at \(wall(day.interval.end, now: now))"),
        ]
    }

    /// The snapshot (or the embedded registry) and the progress file, with their warnings; a file
    /// that cannot be read is a failure. Also the files read, for the checks that need them.
    func groupFiles() -> (findings: [Finding], files: GroupFiles?) {
        var found: [Finding] = []
        do throws(GroupFileError) {
            let (snapshot, source, warnings) = try GroupFiles.loadSnapshot(group)
            let what =
                source == .embedded
                ? "none in the group: the embedded default registry (\(Self.counted(snapshot.banis.count, "bani")))"
                : "\(group.snapshotPath): \(Self.counted(snapshot.banis.count, "bani"))"
                    + (snapshot.banisAvailable ? "" : " — Nitnem not available in this database (no reminders)")
            found.append(Finding(warnings.isEmpty && snapshot.banisAvailable ? .ok : .warn, .snapshot, what))
            found += warnings.map { Finding(.warn, .snapshot, $0) }
            let progress = try GroupFiles.loadProgress(group)
            found.append(
                Finding(
                    progress.warnings.isEmpty ? .ok : .warn, .progress,
                    FileReader.exists(group.progressPath)
                        ? "\(group.progressPath): \(Self.counted(progress.banis.count, "bani")), schema \(progress.schema)"
                            + (progress.isReadOnly ? " (newer than this nitnem: read-only)" : "")
                        : "none yet (nothing read; `nitnem mark` creates it)"))
            found += progress.warnings.map { Finding(.warn, .progress, $0) }
            let loaded = GroupFiles(snapshot: snapshot, source: source, progress: progress, warnings: warnings)
                .applying(
                    Result { () throws(GroupFileError) in try GroupFiles.readMine(group) }, path: group.mynitnemPath)
            return (found + sets(loaded), loaded)
        } catch {
            return (found + [Finding(.fail, .files, error.description)], nil)
        }
    }

    /// The daily sets that count, each said as yours (`nitnem-mynitnem.json`) or the snapshot's, and
    /// each problem with your file (an unknown id, a file that cannot be read).
    func sets(_ files: GroupFiles) -> [Finding] {
        var found: [Finding] = DailySet.allCases.map { set in
            let ids = files.snapshot.ids(in: set)
            let whose = files.mine?.sets[set] != nil ? "yours" : "the snapshot's"
            let titles = ids.map { files.snapshot.bani(id: $0)?.titleEn ?? $0 }
            return Finding(
                .ok, .sets,
                "\(set.rawValue) (\(whose)): " + (titles.isEmpty ? "nothing to read" : titles.joined(separator: ", ")))
        }
        if let problem = files.mineProblem {
            found.append(
                Finding(.warn, .sets, problem.description, remedy: .init("using the snapshot's sets", .semicolon)))
        }
        for set in DailySet.allCases {
            for id in files.mine?.sets[set] ?? [] where files.snapshot.bani(id: id) == nil {
                found.append(
                    Finding(.warn, .sets, "\(group.mynitnemPath): \(set.rawValue): unknown bani id '\(id)'; skipped"))
            }
        }
        return found
    }

    /// The widget timeline: valid now, and written since the files it reflects last changed.
    func timeline(now: Date) -> [Finding] {
        guard let bytes = try? FileReader.read(group.timelinePath, limit: AppGroup.fileSizeLimit),
            let json = try? JSONParser.parse(bytes),
            case .string(let until)? = json["validUntil"], let validUntil = RFC3339.parseAbsolute(until)
        else {
            return [
                Finding(
                    .warn, .timeline, "\(group.timelinePath) missing or unreadable",
                    remedy: .init("start the agent (nitnem run)", .colon))
            ]
        }
        var found = [
            validUntil > now
                ? Finding(.ok, .timeline, "\(group.timelinePath), valid until \(until)")
                : Finding(
                    .warn, .timeline, "\(group.timelinePath) is stale (since \(until))",
                    remedy: .init("is the agent running?", .colon))
        ]
        // Valid is not enough: it must have been written since the files it reflects last changed.
        if let behind = timelineBehind() {
            found.append(
                Finding(
                    .warn, .timeline,
                    "\(group.timelinePath) is older than \(behind): it does not reflect it (is the agent watching this group?)"
                ))
        }
        return found
    }

    /// The group file the timeline was last written before (its mtime is older), or nil when the
    /// timeline is at least as new as both the progress file and the snapshot (`FileStatus`).
    func timelineBehind() -> String? {
        func modified(_ path: String) -> Int? { FileStatus.lookup(path)?.modifiedSeconds }
        guard let timeline = modified(group.timelinePath) else { return nil }
        for path in [group.progressPath, group.snapshotPath, group.mynitnemPath] {
            if let changed = modified(path), changed > timeline { return path }
        }
        return nil
    }

    /// The agent: running (and watching this group), or not running (and how to start it: the
    /// installed unit when there is one).
    func agent() -> Finding {
        do {
            let lock = try InstanceLock(path: lockPath)
            lock.close()
            return Self.notRunning(unit: installedUnit(), enabled: unitEnabled())
        } catch {
            switch error {
            case .alreadyRunning(let pid):
                return Self.running(pid: pid, record: AgentRecord.read(beside: lockPath), group: group)
            default:
                return Finding(.fail, .agent, error.description)
            }
        }
    }

    /// The config file's settings and bad lines (each a failure); the settings, unless the file
    /// could not be read at all.
    func config(_ read: Result<ConfigReading?, ConfigError>) -> (findings: [Finding], config: AgentConfig?) {
        switch read {
        case .success(let reading):
            let config = reading?.config ?? AgentConfig()
            let problems = reading?.problems ?? []
            var found = problems.map { Finding(.fail, .config, reading?.explained($0) ?? $0.description) }
            let slots = config.slots.enabled.map { "\($0.band.title) \($0.time)" }.joined(separator: ", ")
            found.append(
                Finding(
                    problems.isEmpty ? .ok : .warn, .config,
                    (reading != nil ? paths.config : "defaults (no \(paths.config))")
                        + "; reminders \(config.remindersOn ? "on: \(slots)" : "off")",
                    remedy: problems.isEmpty
                        ? nil : .init("nitnem config shows every setting and its line", .parentheses)
                ))
            return (found, config)
        case .failure(let error):
            return ([Finding(.fail, .config, "\(error.description); using the defaults")], nil)
        }
    }

    /// A pause of reminders in force, or a pause file that cannot be read.
    func pause(now: Date) -> [Finding] {
        let pause = PauseStore.active(path: paths.pause, now: now)
        if let problem = pause.problem {
            return [
                Finding(
                    .warn, .pause, "\(problem.description); not paused",
                    remedy: .init("nitnem reminders resume removes it", .parentheses))
            ]
        }
        if let until = pause.until {
            return [
                Finding(
                    .warn, .pause, "reminders paused until \(wall(until, now: now))",
                    remedy: .init("nitnem reminders resume", .parentheses))
            ]
        }
        return []
    }

    /// The reminder ledger: how many entries, or why it cannot be read.
    func ledger() -> Finding {
        let ledger = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        return Finding(
            ledger.problem == nil ? .ok : .warn, .ledger,
            ledger.problem ?? "\(paths.ledger): \(Self.counted(ledger.ledger.entries.count, "entry", "entries"))")
    }

    /// The notification server and whether it offers actions. Without one, a failure, unless the
    /// snapshot has no Nitnem to remind of (`banisAvailable` false).
    func notify(banisAvailable: Bool?) -> Finding {
        do throws(NotifyError) {
            let caps = try notificationServer()
            return Finding(
                .ok, .notify,
                "server found; \(caps.contains("actions") ? "offers actions (Read now)" : "no actions: Read now is not offered")"
            )
        } catch {
            return Finding(banisAvailable == false ? .warn : .fail, .notify, error.description)
        }
    }

    /// The `sggs://` handler (`xdg-mime query default x-scheme-handler/sggs` is `nitnem.desktop`)
    /// and the reader's program (on `PATH`): warnings, never failures — `nitnem open URL` works
    /// without either being set up.
    func reader(_ config: AgentConfig) -> [Finding] {
        let search = environment["PATH"] ?? "/usr/bin:/bin"
        let register = Finding.Remedy(
            "run make install, or: xdg-mime default nitnem.desktop x-scheme-handler/sggs", .colon)
        let handler: Finding
        if CleanSpawn.locate("xdg-mime", searchPath: search) == nil {
            handler = Finding(
                .warn, .handler, "xdg-mime not found (install xdg-utils): cannot tell what opens sggs:// links")
        } else {
            do {
                let query = try CleanSpawn.capture("xdg-mime", ["query", "default", "x-scheme-handler/sggs"])
                let answer = String(Substring(String(decoding: query.output, as: UTF8.self)).trimmingWhitespace())
                if answer == "nitnem.desktop" {
                    handler = Finding(.ok, .handler, "sggs:// links open with nitnem.desktop (nitnem open)")
                } else if answer.isEmpty {
                    handler = Finding(
                        .warn, .handler, "nothing opens sggs:// links (Read now, bar clicks)", remedy: register)
                } else {
                    handler = Finding(
                        .warn, .handler, "sggs:// links open with \(answer), not nitnem.desktop", remedy: register)
                }
            } catch {
                handler = Finding(.warn, .handler, "cannot ask xdg-mime what opens sggs:// links: \(error)")
            }
        }
        let launch = config.reader.resolve(.bani(key: "japji", variant: nil), opener: config.opener)
        let key = launch.via == .opener ? "open" : "reader"
        let what = launch.via == .opener ? "\(config.reader) with \(launch.program)" : "\(config.reader)"
        let program =
            if let path = CleanSpawn.locate(launch.program, searchPath: search) {
                Finding(.ok, .reader, "\(what) (\(path))")
            } else {
                Finding(.warn, .reader, "\(what): program '\(launch.program)' not found on PATH (config key `\(key)`)")
            }
        return [handler, program]
    }

    /// Whether an installed font covers Gurmukhi (`fc-list :lang=pa family`): without one, Gurmukhi
    /// titles and the Punjabi words show as boxes in the bar, the reminders and the terminal. A
    /// warning, never a failure.
    func font() -> Finding {
        let search = environment["PATH"] ?? "/usr/bin:/bin"
        guard let fcList = CleanSpawn.locate("fc-list", searchPath: search) else {
            return Finding(
                .warn, .font, "fc-list not found (install fontconfig): cannot tell whether a font covers Gurmukhi")
        }
        let families: [String]
        do {
            let listed = try CleanSpawn.capture(fcList, [":lang=pa", "family"], searchPath: false)
            guard listed.status == 0 else {
                return Finding(.warn, .font, "fc-list :lang=pa failed (exit \(listed.status))")
            }
            // One line per font, `Family[,Other name]`: the first name of each family, once.
            let names = String(decoding: listed.output, as: UTF8.self).split(separator: "\n").compactMap {
                $0.split(separator: ",").first.map { String(Substring($0).trimmingWhitespace()) }
            }
            families = Array(Set(names.filter { !$0.isEmpty })).sorted()
        } catch {
            return Finding(.warn, .font, "cannot run fc-list: \(error)")
        }
        guard !families.isEmpty else {
            return Finding(
                .warn, .font,
                "no installed font covers Gurmukhi (fc-list :lang=pa): Gurmukhi titles and Punjabi words show as boxes",
                remedy: .init("install one, such as Debian's fonts-noto-core or fonts-lohit-guru", .semicolon))
        }
        let shown = families.prefix(3).joined(separator: ", ") + (families.count > 3 ? ", …" : "")
        return Finding(.ok, .font, "Gurmukhi: \(shown) (fc-list :lang=pa)")
    }

    /// `instant` as doctor shows it: RFC 3339 in the zone.
    func format(_ instant: Date) -> String { RFC3339.format(instant, in: calendar) }

    /// `instant` as people read it (`03:00`, `2026-11-30 03:00` on another Nitnem day than now's).
    func wall(_ instant: Date, now: Date) -> String {
        WallStamp.format(instant, day: calendar.dayKey(at: now), in: calendar)
    }

    /// `1 bani`, `2 banis`: `count` and the noun in its number.
    static func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// Asks the notification server on the session bus for its capabilities (libnotify), then lets
    /// go of the desktop again.
    static func askLibnotify() throws(NotifyError) -> Set<String> {
        let notifier = LibnotifyNotifier(onEvent: { _ in })
        defer { notifier.shutdown() }
        return try notifier.capabilities()
    }
}
