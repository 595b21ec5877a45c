// SPDX-License-Identifier: GPL-3.0-or-later
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
    /// A temp home for one doctor: the group (`g`), the runtime folder, the state, the unit folders.
    struct Home {
        let root: String
        var group: String { root + "/g" }
        var lock: String { root + "/run/nitnem/agent.lock" }
        /// Highest precedence first, as `UserPaths.systemdUserUnitFolders` (config, then data).
        var unitFolders: [String] { [root + "/config/systemd/user", root + "/share/systemd/user"] }

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
                configNamed: false, lockPath: lock, unitFolders: unitFolders)
            doctor.notificationServer = { caps }
            return doctor
        }
    }

    @Test func aRemedyJoinsTheDetailAsItsJointSays() {
        #expect(Finding(.ok, .group, "/g (mode 700)").sentence == "/g (mode 700)")
        #expect(
            Finding(.warn, .groupShared, "/g (mode 755)", remedy: .init("run chmod 700 on it", .semicolon)).sentence
                == "/g (mode 755); run chmod 700 on it")
        #expect(
            Finding(.warn, .timelineMissing, "t missing", remedy: .init("start it", .colon)).sentence
                == "t missing: start it")
        #expect(
            Finding(.warn, .agentNotRunning, "not running", remedy: .init("start it", .parentheses)).sentence
                == "not running (start it)")
        #expect(Finding.Subject.timeZone.name == "time zone")
        #expect(Finding.Subject.nitnemDay.name == "nitnem day")
    }

    // MARK: The group folder

    typealias Access = Doctor.FolderAccess
    static let me: UInt32 = 1000
    static let names: [UInt32: String] = [0: "root", 1000: "me", 1001: "alice"]
    static let another = "choose another folder with --group"

    /// What the group folder is like → what doctor says, for user 1000 (or root).
    static let groupCases: [(seen: Doctor.GroupFolder, user: UInt32, finding: Finding)] = [
        (.folder(Access(permissions: 0o700, owner: me, writable: true)), me, Finding(.ok, .group, "/g (mode 700)")),
        (
            .folder(Access(permissions: 0o755, owner: me, writable: true)), me,
            Finding(.warn, .groupShared, "/g (mode 755)", remedy: .init("run chmod 700 on it", .semicolon))
        ),
        // Not writable, but the user's own: the chmod they can run.
        (
            .folder(Access(permissions: 0o500, owner: me, writable: false)), me,
            Finding(
                .fail, .groupNotWritable, "/g (mode 500) is not writable by this user",
                remedy: .init("run chmod 700 on it", .semicolon))
        ),
        // Someone else's: who owns it, no chmod.
        (
            .folder(Access(permissions: 0o755, owner: 0, writable: false)), me,
            Finding(
                .fail, .groupNotWritable, "/g (mode 755, owned by root) is not writable by this user",
                remedy: .init("ask root for write access, or \(another)", .semicolon))
        ),
        (
            .folder(Access(permissions: 0o755, owner: 4242, writable: false)), me,
            Finding(
                .fail, .groupNotWritable, "/g (mode 755, owned by uid 4242) is not writable by this user",
                remedy: .init("ask its owner for write access, or \(another)", .semicolon))
        ),
        (
            .folder(Access(permissions: 0o770, owner: 1001, writable: true)), me,
            Finding(
                .warn, .groupShared, "/g (mode 770, owned by alice) is open to other users",
                remedy: .init("only alice can chmod 700 it: ask them, or \(another)", .semicolon))
        ),
        // Root may chmod anything.
        (
            .folder(Access(permissions: 0o755, owner: 1001, writable: true)), 0,
            Finding(.warn, .groupShared, "/g (mode 755)", remedy: .init("run chmod 700 on it", .semicolon))
        ),
        // A folder nitnem refuses to write in (Folder.checkTrusted's words): a failure, not a warning.
        (
            .folder(
                Access(
                    permissions: 0o777, owner: me, writable: true,
                    untrusted: "can be written by other users (mode 777); nitnem writes nothing in it")),
            me,
            Finding(.fail, .groupShared, "/g can be written by other users (mode 777); nitnem writes nothing in it")
        ),
        (.notAFolder, me, Finding(.fail, .groupNotAFolder, "/g is not a folder")),
        (
            .missing(ancestor: "/", access: Access(permissions: 0o755, owner: me, writable: true)), me,
            Finding(
                .warn, .groupMissing, "/g does not exist yet (the agent creates it; status uses the embedded registry)")
        ),
        (
            .missing(ancestor: "/f", access: nil), me,
            Finding(
                .fail, .groupCannotBeCreated, "/g cannot be created: /f is not a folder",
                remedy: .init(another, .semicolon))
        ),
        (
            .missing(ancestor: "/p", access: Access(permissions: 0o555, owner: me, writable: false)), me,
            Finding(
                .fail, .groupCannotBeCreated, "/g cannot be created: /p (mode 555) is not writable by this user",
                remedy: .init("run chmod u+wx on /p, or \(another)", .semicolon))
        ),
        (
            .missing(ancestor: "/", access: Access(permissions: 0o755, owner: 0, writable: false)), me,
            Finding(
                .fail, .groupCannotBeCreated,
                "/g cannot be created: / (mode 755, owned by root) is not writable by this user",
                remedy: .init("ask root for write access, or \(another)", .semicolon))
        ),
    ]

    @Test(arguments: groupCases.indices)
    func groupFolderFacts(_ index: Int) {
        let (seen, user, finding) = Self.groupCases[index]
        #expect(Doctor.groupFinding("/g", seen, user: user, userName: { Self.names[$0] }) == finding)
    }

    /// Real folders, as this user sees them (root may write in a 0500 folder; anyone else may not).
    @Test func groupFolderInTempFolders() throws {
        let home = Home()
        defer { home.remove() }
        let root = home.root
        let uid = getuid()
        func finding(_ path: String) throws -> Finding { try home.doctor(group: path).groupFolder() }
        try FileManager.default.createDirectory(atPath: root + "/private", withIntermediateDirectories: false)
        chmod(root + "/private", 0o700)
        try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: false)
        chmod(root + "/open", 0o755)
        try FileManager.default.createDirectory(atPath: root + "/locked", withIntermediateDirectories: false)
        chmod(root + "/locked", 0o500)
        defer { chmod(root + "/locked", 0o700) }
        try Support.write("x", to: root + "/file")

        let chmod700 = Finding.Remedy("run chmod 700 on it", .semicolon)
        let table: [(path: String, finding: Finding)] = [
            (root + "/private", Finding(.ok, .group, "\(root)/private (mode 700)")),
            (root + "/open", Finding(.warn, .groupShared, "\(root)/open (mode 755)", remedy: chmod700)),
            (
                root + "/new/deeper",
                Finding(
                    .warn, .groupMissing,
                    "\(root)/new/deeper does not exist yet (the agent creates it; status uses the embedded registry)")
            ),
            (root + "/file", Finding(.fail, .groupNotAFolder, "\(root)/file is not a folder")),
            (
                root + "/file/g",
                Finding(
                    .fail, .groupCannotBeCreated, "\(root)/file/g cannot be created: \(root)/file is not a folder",
                    remedy: .init(Self.another, .semicolon))
            ),
            (
                root + "/locked",
                uid == 0
                    ? Finding(.ok, .group, "\(root)/locked (mode 500)")
                    : Finding(
                        .fail, .groupNotWritable, "\(root)/locked (mode 500) is not writable by this user",
                        remedy: chmod700)
            ),
            (
                root + "/locked/g",
                uid == 0
                    ? Finding(
                        .warn, .groupMissing,
                        "\(root)/locked/g does not exist yet (the agent creates it; status uses the embedded registry)")
                    : Finding(
                        .fail, .groupCannotBeCreated,
                        "\(root)/locked/g cannot be created: \(root)/locked (mode 500) is not writable by this user",
                        remedy: .init("run chmod u+wx on \(root)/locked, or \(Self.another)", .semicolon))
            ),
        ]
        for (path, expected) in table {
            #expect(try finding(path) == expected)
        }
    }

    // MARK: The agent

    /// `doctor.agent()` with no agent running: asked again while the lock reads as held by this
    /// test process itself — the probe's own lock, still shared with a child another test is spawning
    /// (between fork and exec), not an agent.
    static func notRunning(_ doctor: Doctor) -> Finding {
        var finding = doctor.agent()
        for _ in 0..<50 where finding.detail.hasPrefix("running (pid \(getpid())") {
            usleep(10_000)
            finding = doctor.agent()
        }
        return finding
    }

    /// Not running: how to start it, from what is installed in the unit folders.
    @Test func anAgentThatIsNotRunningIsStartedTheWayItIsInstalled() throws {
        let home = Home()
        defer { home.remove() }
        let doctor = try home.doctor()
        #expect(
            Self.notRunning(doctor)
                == Finding(
                    .warn, .agentNotRunning, "not running",
                    remedy: .init("start it: nitnem run, or the systemd unit in contrib/", .parentheses)))

        // `make install` into ~/.local: the unit in $XDG_DATA_HOME/systemd/user.
        let installed = home.unitFolders[1] + "/nitnem.service"
        try Support.makeFolder(home.unitFolders[1])
        try Support.write("[Service]\n", to: installed)
        #expect(
            Self.notRunning(doctor)
                == Finding(
                    .warn, .agentInstalled, "not running, but nitnem.service is installed (\(installed))",
                    remedy: .init("run systemctl --user enable --now nitnem.service", .colon)))

        // Enabled (`systemctl --user enable` links it from the config folder's default.target.wants).
        let wants = try Support.makeFolder(home.unitFolders[0] + "/default.target.wants")
        try FileManager.default.createSymbolicLink(atPath: wants + "/nitnem.service", withDestinationPath: installed)
        #expect(
            Self.notRunning(doctor)
                == Finding(
                    .warn, .agentEnabled, "not running, though nitnem.service is enabled (\(installed))",
                    remedy: .init(
                        "journalctl --user -u nitnem says why; run systemctl --user restart nitnem.service", .colon)))

        // A unit in a folder of higher precedence is the one the manager loads.
        let override = home.unitFolders[0] + "/nitnem.service"
        try Support.write("[Service]\n", to: override)
        #expect(doctor.installedUnit() == override)
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
                == Finding(
                    .ok, .agentUnrecorded,
                    "running (pid \(pid)); the group it watches is not recorded (an older agent?)"))
        AgentRecord.write(beside: home.lock, group: AppGroup(path: home.group))
        #expect(doctor.agent() == Finding(.ok, .agentRunning, "running (pid \(pid)), watching \(home.group)"))
        var other = doctor
        other.group = AppGroup(path: home.root + "/other")
        #expect(
            other.agent()
                == Finding(
                    .warn, .agentOtherGroup,
                    "running (pid \(pid)) but it watches \(home.group), not \(home.root)/other",
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
                "ok nitnem day: 2026-11-29, Morning; rolls at 2026-11-30 03:00",
                "ok group: \(g) (mode 700)",
                "ok snapshot: \(g)/nitnem-snapshot.json: 11 banis",
                "ok progress: \(g)/nitnem-progress.json: 5 banis, schema 1",
                "ok sets: morning (the snapshot's): Japji Sahib, Jaap Sahib, Tav-Prasad Savaiye, Benti Chaupai, Anand Sahib",
                "ok sets: evening (the snapshot's): Rehras Sahib",
                "ok sets: night (the snapshot's): Kirtan Sohila",
                "warn timeline: \(g)/widgets/NitnemNow.json missing or unreadable: start the agent (nitnem run)",
                "warn agent: not running (start it: nitnem run, or the systemd unit in contrib/)",
                "ok config: defaults (no \(home.root)/config/nitnem/config); reminders on: Amrit Vela 06:00, Evening 18:00, Night 21:30",
                "ok ledger: \(home.root)/state/reminders.json: 0 entries",
                "ok notify: server found; offers actions (Read now)",
                "warn font: fc-list not found (install fontconfig): cannot tell whether a font covers Gurmukhi",
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
        try Support.makeFolder(home.root + "/config/nitnem")
        try Support.write("reminders = maybe\n", to: home.root + "/config/nitnem/config")
        let found = try home.doctor(caps: []).findings()
        let fails = found.filter { $0.level == .fail }.map(\.subject)
        #expect(fails == [.files, .config])
        #expect(found.contains(Finding(.ok, .notifyNoActions, "server found; no actions: Read now is not offered")))
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
