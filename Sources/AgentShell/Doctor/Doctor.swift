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
    /// notification server may take a while: what came before is shown meanwhile). Each check probes
    /// (`…Facts()`) and then judges what it saw (`Doctor.diagnose…`, pure).
    /// - Throws: `ConfigError` (`.missing`) for a named config file that does not exist, before any
    ///   finding is reported.
    package func check(_ report: (Finding) -> Void) throws(ConfigError) {
        // Every good line of the file counts; each bad one is a failed check (its key has the default).
        let configRead = Result { () throws(ConfigError) in
            try AgentConfig.read(path: paths.config, required: configNamed)
        }
        if case .failure(let error) = configRead, error.code == .missing { throw error }
        let now = clock.now()
        Self.diagnose(timeFacts(now: now)).forEach(report)
        report(groupFolder())
        let (fileFindings, files) = Self.diagnose(fileFacts())
        fileFindings.forEach(report)
        Self.diagnose(syncFacts(now: now)).forEach(report)
        Self.diagnose(timelineFacts(), now: now).forEach(report)
        report(agent())
        let (configFindings, config) = Self.diagnose(configRead, path: paths.config)
        configFindings.forEach(report)
        if let variant = config?.rehras, let files {
            report(Self.rehras(variant, snapshot: files.snapshot, source: files.source))
        }
        let pause = PauseStore.active(path: paths.pause, now: now)
        Self.diagnosePause(until: pause.until, problem: pause.problem, wall: { wall($0, now: now) }).forEach(report)
        report(Self.diagnose(ledgerFacts()))
        report(
            Self.diagnoseNotify(Result(catching: notificationServer), banisAvailable: files?.snapshot.banisAvailable))
        report(Self.diagnose(fontFacts()))
        report(Self.diagnose(handlerFacts()))
        report(Self.diagnose(readerFacts(config ?? AgentConfig())))
    }

    // MARK: The probe

    func timeFacts(now: Date) -> TimeFacts {
        TimeFacts(
            now: now, calendar: calendar, zoneSource: environment["TZ"].map { "TZ=\($0)" } ?? "/etc/localtime",
            pinned: clock.isPinned)
    }

    /// The snapshot, then (when it could be read) the progress file, and your sets' file.
    func fileFacts() -> FileFacts {
        let snapshot = Result { () throws(GroupFileError) in
            let (snapshot, source, warnings) = try GroupFiles.loadSnapshot(group)
            return FileFacts.LoadedSnapshot(snapshot: snapshot, source: source, warnings: warnings)
        }
        let progress: Result<NitnemProgress, GroupFileError>? =
            if case .success = snapshot {
                Result { () throws(GroupFileError) in try GroupFiles.loadProgress(group) }
            } else { nil }
        return FileFacts(
            group: group, snapshot: snapshot, progress: progress, progressExists: FileReader.exists(group.progressPath),
            mine: Result { () throws(GroupFileError) in try GroupFiles.readMine(group) })
    }

    /// The timeline's `validUntil`, and the group file changed after it was written (`FileStatus`).
    func timelineFacts() -> TimelineFacts {
        var facts = TimelineFacts(path: group.timelinePath, validUntil: nil, olderThan: nil)
        if let bytes = try? FileReader.read(group.timelinePath, limit: AppGroup.fileSizeLimit),
            let json = try? JSONParser.parse(bytes),
            case .string(let until)? = json["validUntil"], let validUntil = RFC3339.parseAbsolute(until)
        {
            facts.validUntil = (until, validUntil)
            func modified(_ path: String) -> Int? { FileStatus.lookup(path)?.modifiedSeconds }
            if let timeline = modified(group.timelinePath) {
                facts.olderThan = [group.progressPath, group.snapshotPath, group.mynitnemPath].first {
                    (modified($0) ?? .min) > timeline
                }
            }
        }
        return facts
    }

    /// Whether an agent holds the lock (taken and let go at once when none does).
    func agentFacts() -> AgentFacts {
        do {
            let lock = try InstanceLock(path: lockPath)
            lock.close()
            return .free(unit: installedUnit(), enabled: unitEnabled())
        } catch {
            switch error {
            case .alreadyRunning(let pid): return .held(pid: pid, record: AgentRecord.read(beside: lockPath))
            default: return .unknown(error.description)
            }
        }
    }

    /// The agent: running (and watching this group), or not running (and how to start it).
    func agent() -> Finding { Self.diagnose(agentFacts(), group: group) }

    func ledgerFacts() -> LedgerFacts {
        let ledger = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        return LedgerFacts(path: paths.ledger, entries: ledger.ledger.entries.count, problem: ledger.problem)
    }

    /// `fc-list :lang=pa family`, when there is one on `PATH`.
    func fontFacts() -> FontFacts {
        guard let fcList = CleanSpawn.locate("fc-list", searchPath: searchPath) else { return .noFcList }
        do {
            let listed = try CleanSpawn.capture(fcList, [":lang=pa", "family"], searchPath: false)
            guard listed.status == 0 else { return .failed(status: listed.status) }
            return .listed(String(decoding: listed.output, as: UTF8.self))
        } catch {
            return .cannotRun("\(error)")
        }
    }

    /// `xdg-mime query default x-scheme-handler/sggs`, when there is one on `PATH`.
    func handlerFacts() -> HandlerFacts {
        guard CleanSpawn.locate("xdg-mime", searchPath: searchPath) != nil else { return .noXdgMime }
        do {
            let query = try CleanSpawn.capture("xdg-mime", ["query", "default", "x-scheme-handler/sggs"])
            return .answer(String(decoding: query.output, as: UTF8.self))
        } catch {
            return .cannotAsk("\(error)")
        }
    }

    /// The program `config`'s reader runs for a bani, and where it is on `PATH`.
    func readerFacts(_ config: AgentConfig) -> ReaderFacts {
        let launch = config.reader.resolve(.bani(key: "japji", variant: nil), opener: config.opener)
        return ReaderFacts(
            reader: "\(config.reader)", viaOpener: launch.via == .opener, program: launch.program,
            located: CleanSpawn.locate(launch.program, searchPath: searchPath))
    }

    /// Where programs are looked for.
    var searchPath: String { environment["PATH"] ?? "/usr/bin:/bin" }

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
