import Foundation
import Glibc
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// `Doctor`'s findings: tables of situations (facts, and real temp folders) → findings.
@Suite struct DoctorTests {
    /// A temp home for one doctor: the group (`g`), the runtime folder, the state.
    struct Home {
        let root: String
        var group: String { root + "/g" }
        var lock: String { root + "/run/nitnem/agent.lock" }

        /// A fresh home with its runtime folder (the lock's parent, which the lock does not make).
        init() {
            root = Support.tempFolder()
            try? FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: false)
        }

        func remove() { Support.cleanup(root) }

        /// Doctor for `group` at 2026-11-29 13:00 in Kolkata; no programs on `PATH`; a notification
        /// server offering `caps`.
        func doctor(group: String? = nil, caps: Set<String> = ["actions"]) throws -> Doctor {
            let environment = ["TZ": "Asia/Kolkata", "PATH": root + "/bin", "HOME": root]
            let calendar = NitnemCalendar(zone: try SystemZone.current(environment: environment))
            let start = try #require(RFC3339.parse("2026-11-29T13:00", in: calendar))
            var doctor = Doctor(
                environment: environment, calendar: calendar, clock: .pinned(at: start, real: { start }),
                group: AppGroup(path: group ?? self.group),
                paths: AgentPaths(config: root + "/config/nitnem/config", ledger: root + "/state/reminders.json"),
                configNamed: false, lockPath: lock)
            doctor.notificationServer = { caps }
            return doctor
        }
    }

    @Test func aRemedyJoinsTheDetailAsItsJointSays() {
        #expect(Finding(.ok, .group, "/g (mode 700)").sentence == "/g (mode 700)")
        #expect(
            Finding(.warn, .group, "/g (mode 755)", remedy: .init("run chmod 700 on it", .semicolon)).sentence
                == "/g (mode 755); run chmod 700 on it")
        #expect(
            Finding(.warn, .timeline, "t missing", remedy: .init("start it", .colon)).sentence == "t missing: start it")
        #expect(
            Finding(.warn, .agent, "not running", remedy: .init("start it", .parentheses)).sentence
                == "not running (start it)")
        #expect(Finding.Subject.timeZone.name == "time zone")
        #expect(Finding.Subject.nitnemDay.name == "nitnem day")
    }

    // MARK: The group folder

    /// Real folders: private, open to others, missing, not a folder.
    @Test func groupFolderInTempFolders() throws {
        let home = Home()
        defer { home.remove() }
        let root = home.root
        func finding(_ path: String) throws -> Finding { try home.doctor(group: path).groupFolder() }
        try FileManager.default.createDirectory(atPath: root + "/private", withIntermediateDirectories: false)
        chmod(root + "/private", 0o700)
        try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: false)
        chmod(root + "/open", 0o755)
        try Support.write("x", to: root + "/file")
        let table: [(path: String, finding: Finding)] = [
            (root + "/private", Finding(.ok, .group, "\(root)/private (mode 700)")),
            (
                root + "/open",
                Finding(.warn, .group, "\(root)/open (mode 755)", remedy: .init("run chmod 700 on it", .semicolon))
            ),
            (
                root + "/new/deeper",
                Finding(
                    .warn, .group,
                    "\(root)/new/deeper does not exist yet (the agent creates it; status uses the embedded registry)")
            ),
            (root + "/file", Finding(.fail, .group, "\(root)/file is not a folder")),
        ]
        for (path, expected) in table {
            #expect(try finding(path) == expected)
        }
    }

    // MARK: The agent

    @Test func anAgentThatIsNotRunningIsStartedWithNitnemRun() throws {
        let home = Home()
        defer { home.remove() }
        #expect(
            try home.doctor().agent()
                == Finding(
                    .warn, .agent, "not running",
                    remedy: .init("start it: nitnem run, or the systemd unit in contrib/", .parentheses)))
    }

    /// Running (this process holds the lock): the group it recorded, compared with the one asked about.
    @Test func aRunningAgentIsComparedWithTheGroupItRecorded() throws {
        let home = Home()
        defer { home.remove() }
        let doctor = try home.doctor()
        let lock = try InstanceLock(path: home.lock)
        defer { lock.close() }
        let pid = getpid()
        #expect(
            doctor.agent()
                == Finding(.ok, .agent, "running (pid \(pid)); the group it watches is not recorded (an older agent?)"))
        AgentRecord.write(beside: home.lock, group: AppGroup(path: home.group))
        #expect(doctor.agent() == Finding(.ok, .agent, "running (pid \(pid)), watching \(home.group)"))
        var other = doctor
        other.group = AppGroup(path: home.root + "/other")
        #expect(
            other.agent()
                == Finding(
                    .warn, .agent, "running (pid \(pid)) but it watches \(home.group), not \(home.root)/other",
                    remedy: .init("restart it with --group, or check SGGS_APP_GROUP", .parentheses)))
    }

    // MARK: Everything

    @Test func aHealthyGroupWithoutProgramsOnPath() throws {
        let home = Home()
        defer { home.remove() }
        try FileManager.default.copyItem(atPath: Support.fixture("groups/demo"), toPath: home.group)
        chmod(home.group, 0o700)
        let found = try home.doctor().findings()
        let g = home.group
        #expect(
            found.map { "\($0.level) \($0.subject.name): \($0.sentence)" } == [
                "ok time zone: Asia/Kolkata (from TZ=Asia/Kolkata); now 2026-11-29T13:00:00+05:30 — pinned by SGGS_CLOCK_NOW/SGGS_CLOCK_RATE",
                "ok nitnem day: 2026-11-29, Morning; rolls at 2026-11-30T03:00:00+05:30",
                "ok group: \(g) (mode 700)",
                "ok snapshot: \(g)/nitnem-snapshot.json: 11 banis",
                "ok progress: \(g)/nitnem-progress.json: 5 banis, schema 1",
                "warn timeline: \(g)/widgets/NitnemNow.json missing or unreadable: start the agent (nitnem run)",
                "warn agent: not running (start it: nitnem run, or the systemd unit in contrib/)",
                "ok config: defaults (no \(home.root)/config/nitnem/config); reminders on: Amrit Vela 06:00, Evening 18:00, Night 21:30",
                "ok ledger: \(home.root)/state/reminders.json: 0 entries",
                "ok notify: server found; offers actions (Read now)",
                "warn handler: xdg-mime not found (install xdg-utils): cannot tell what opens sggs:// links",
                "warn reader: https://www.sikhitothemax.org/sundar-gutka/{banidb} with xdg-open: program 'xdg-open' not found on PATH (config key `open`)",
            ])
        #expect(!found.contains { $0.level == .fail })
    }

    @Test func aBrokenProgressFileAndABadConfigLineFail() throws {
        let home = Home()
        defer { home.remove() }
        try FileManager.default.copyItem(atPath: Support.fixture("groups/demo"), toPath: home.group)
        try Support.write(#"{"banis": 3}"#, to: home.group + "/nitnem-progress.json")
        try FileManager.default.createDirectory(atPath: home.root + "/config/nitnem", withIntermediateDirectories: true)
        try Support.write("reminders = maybe\n", to: home.root + "/config/nitnem/config")
        let found = try home.doctor(caps: []).findings()
        let fails = found.filter { $0.level == .fail }.map(\.subject)
        #expect(fails == [.files, .config])
        #expect(found.contains(Finding(.ok, .notify, "server found; no actions: Read now is not offered")))
        let summary = found.first { $0.subject == .config && $0.level == .warn }
        #expect(summary?.remedy == .init("nitnem config shows every setting and its line", .parentheses))
    }

    @Test func aNamedConfigFileThatDoesNotExistIsBadInputBeforeAnyFinding() throws {
        let home = Home()
        defer { home.remove() }
        var doctor = try home.doctor()
        doctor.configNamed = true
        var reported: [Finding] = []
        #expect(throws: ConfigError.self) { try doctor.check { reported.append($0) } }
        #expect(reported.isEmpty)
    }
}
