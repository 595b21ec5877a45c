// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Scheduler
import TestSupport
import Testing

/// The config file as the commands read it: CRLF line ends, a file named by `--config` that is
/// not there, a key given twice.
@Suite struct ConfigFileTests {
    @Test func crlfLineEndsAreRead() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let (_, r) = try group.remindersList(config: "# nitnem settings\r\nreminders = off\r\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Reminders for Nitnem day 2026-11-29 (reminders = off)\n"), "\(r.stdout)")
    }

    /// Every command that takes `--config`.
    @Test(arguments: [
        ["run"], ["reminders", "list"], ["reminders", "test"],
        ["simulate", "--from", "2026-11-29T00:00", "--to", "2026-11-29T01:00"], ["doctor"], ["config"],
        ["status"], ["timeline"],
    ])
    func aMissingConfigFileNamedByTheFlagIsAnError(_ command: [String]) throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let missing = group.path + "/no-such-config"
        var env = Support.baseEnvironment
        env["XDG_RUNTIME_DIR"] = group.path
        // `config` reads no App Group.
        let groupFlag = command == ["config"] ? [] : ["--group", group.path]
        let r = try Support.run(command + ["--config", missing] + groupFlag, environment: env, timeout: 20)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr == "nitnem: \(missing): does not exist\n")
        #expect(!r.timedOut)
    }

    @Test func theDefaultConfigMayBeMissing() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        var env = Support.baseEnvironment
        env["XDG_CONFIG_HOME"] = group.path + "/config-home"
        let r = try Support.run(["reminders", "list", "--group", group.path], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aKeyGivenTwiceNamesBothLines() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let (config, r) = try group.remindersList(config: "# settings\r\nreminders = on\r\n\r\n\r\nreminders = off\r\n")
        #expect(r.status == 2)
        #expect(r.stderr == "nitnem: \(config):5: reminders given twice (first on line 2)\n")
    }
}

/// `nitnem config` and `config --init` in a temp `XDG_CONFIG_HOME`.
@Suite struct ConfigCommandTests {
    /// A temp root: `XDG_CONFIG_HOME` is `<root>/config-home` (not made), the state beside it.
    struct Home {
        let root = Support.tempFolder()
        var config: String { root + "/config-home/nitnem/config" }
        var environment: [String: String] {
            Support.environment(home: root, configHome: root + "/config-home", runtime: root, group: root + "/group")
        }
        func run(_ arguments: [String]) throws -> NitnemBinary.Result {
            try Support.run(arguments, environment: environment)
        }
        func write(_ text: String) throws {
            try FileManager.default.createDirectory(
                atPath: root + "/config-home/nitnem", withIntermediateDirectories: true)
            try Support.write(text, to: config)
        }
        func remove() { Support.cleanup(root) }
    }

    /// The settings lines when every one is the default.
    static let defaults = """
        reminders = on              # default
        reminder.amritVela = 06:00  # default
        reminder.evening = 18:00    # default
        reminder.night = 21:30      # default
        snooze = 15m                # default
        sound = off                 # default
        click = read                # default
        open = xdg-open             # default
        reader = https://www.sikhitothemax.org/sundar-gutka/{banidb}  # default
        #listen =                   # default: not set (no Listen button)
        #rehras =                   # default: not set (the snapshot's own preference)
        #titles =                   # default: not set (English; both in the text of status, the bar's tooltip and mark --list)
        remind-when-done = no       # default

        """

    /// `defaults` with each of `lines` in place of the default line of its key.
    static func defaults(with lines: [String]) -> String {
        func key(_ line: some StringProtocol) -> Substring { Substring(line.prefix { $0 != " " }) }
        return defaults.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            lines.first { key($0) == key(line) } ?? String(line)
        }.joined(separator: "\n")
    }

    @Test func withoutAFileShowsTheDefaultsAndSaysSo() throws {
        let home = Home()
        defer { home.remove() }
        let r = try home.run(["config"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout
                == "# \(home.config) does not exist: every setting is its default (nitnem config --init writes one)\n"
                + Self.defaults)
    }

    @Test func showsEachSettingWithTheLineThatSetItAndEachBadLine() throws {
        let home = Home()
        defer { home.remove() }
        try home.write(
            """
            # mine
            Reminder.Evening = 18:30\r
            reminders = maybe
            remind_when_done = TRUE
            snooze = 20m
            snooze = 30m
            colour = blue
            reminder.amrit-vela = 5:15

            """)
        let r = try home.run(["config"])
        #expect(r.status == 1)
        let c = home.config
        #expect(
            r.stdout == "# \(c)\n"
                + Self.defaults(with: [
                    "reminders = on              # default (\(c):3 is bad)",
                    "reminder.amritVela = 05:15  # \(c):8",
                    "reminder.evening = 18:30    # \(c):2",
                    "snooze = 20m                # \(c):5",
                    "remind-when-done = yes      # \(c):4",
                ]))
        #expect(
            r.stderr == """
                nitnem: \(c):3: reminders must be on or off (also yes/no, true/false), not 'maybe'; using the default: on
                nitnem: \(c):6: snooze given twice (first on line 5); using line 5
                nitnem: \(c):7: unknown key 'colour'; known: reminders, reminder.amritVela, reminder.evening, \
                reminder.night, snooze, sound, click, open, reader, listen, rehras, titles, remind-when-done; line ignored
                nitnem: 3 bad lines in \(c)

                """)
    }

    @Test func aFileThatCannotBeReadIsAFailureShowingTheDefaults() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("")
        try Data([0x72, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: home.config))
        let r = try home.run(["config"])
        #expect(r.status == 1)
        #expect(r.stdout == "# \(home.config): cannot be read; every setting is its default\n" + Self.defaults)
        #expect(r.stderr == "nitnem: \(home.config): is not UTF-8 text\n")
    }

    @Test func initWritesTheTemplateOnceAndItReadsAsTheDefaults() throws {
        let home = Home()
        defer { home.remove() }
        let r = try home.run(["config", "--init"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        #expect(
            r.stdout
                == "Wrote \(home.config): every key with its default, commented out (nitnem config shows what is in effect)\n"
        )
        #expect(Support.bytes(home.config) == Array(AgentConfig.template.utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: home.config)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let shown = try home.run(["config"])
        #expect(shown.status == 0)
        #expect(shown.stderr == "")
        #expect(shown.stdout == "# \(home.config)\n" + Self.defaults)

        // Never over a file, even its own: the user's edit stays.
        try home.write("reminders = off\n")
        let again = try home.run(["config", "--init"])
        #expect(again.status == 1)
        #expect(again.stdout == "")
        #expect(
            again.stderr
                == "nitnem: \(home.config) already exists; not overwritten (nitnem config shows what it sets)\n")
        #expect(Support.bytes(home.config) == Array("reminders = off\n".utf8))
    }

    @Test func initWritesTheFileNamedByTheFlag() throws {
        let home = Home()
        defer { home.remove() }
        let file = home.root + "/elsewhere/my.conf"
        let r = try home.run(["config", "--init", "--config", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Support.bytes(file) == Array(AgentConfig.template.utf8))
        #expect(!FileManager.default.fileExists(atPath: home.config))
        let shown = try home.run(["config", "--config", file])
        #expect(shown.status == 0)
        #expect(shown.stdout == "# \(file)\n" + Self.defaults)
    }

    /// `share/nitnem/config.example` (installed by `make install` and the .deb) is the template, byte for
    /// byte; re-recorded with `NITNEM_RECORD_GOLDEN=1`.
    @Test func theInstalledExampleIsTheTemplate() throws {
        let home = Home()
        defer { home.remove() }
        #expect(try home.run(["config", "--init"]).status == 0)
        let written = Support.bytes(home.config)
        let example = NitnemBinary.packageRoot.path + "/contrib/config.example"
        if Golden.recording { try Data(written).write(to: URL(fileURLWithPath: example)) }
        #expect(Support.bytes(example) == written, "contrib/config.example is stale: re-record")
    }

    /// A bad line is said, with the default its key keeps; the good lines still count.
    @Test func doctorSaysABadLineAndCountsInTheSingular() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("reminders = maybe\nreminder.evening = 18:30\n")
        try Support.makeFolder(home.root + "/group")
        #expect(try home.run(["mark", "japji"]).status == 0)
        let ledger = home.root + "/state/nitnem/reminders.json"
        try Support.makeFolder(home.root + "/state/nitnem")
        try Support.write(
            #"{"schema":1,"entries":[{"dayKey":"2026-11-29","band":"amritVela","at":"2026-11-29T00:30:00Z","outcome":"fired"}]}"#,
            to: ledger)
        var env = home.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(home.root)/no-bus"
        let r = try Support.run(["doctor"], environment: env, timeout: 30)
        #expect(r.status == 1)
        let c = home.config
        #expect(
            r.stdout.contains(
                "FAIL  config       \(c):1: reminders must be on or off (also yes/no, true/false), not 'maybe'; "
                    + "using the default: on\n"),
            "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "warn  config       \(c); reminders on: Amrit Vela 06:00, Evening 18:30, Night 21:30 "
                    + "(nitnem config shows every setting and its line)\n"))
        #expect(r.stdout.contains("ok    progress     \(home.root)/group/nitnem-progress.json: 1 bani, schema 1\n"))
        #expect(r.stdout.contains("ok    ledger       \(ledger): 1 entry\n"), "\(r.stdout)")
    }

    /// Status says a bad line (text: on stderr; JSON: in `warnings`) and the good lines still count:
    /// `rehras = taksal` makes the marked Taksal Rehras complete the evening.
    @Test func statusSaysABadLineAndCountsTheGoodOnes() throws {
        let home = Home()
        defer { home.remove() }
        try FileManager.default.copyItem(atPath: StatusCommandTests.demo, toPath: home.root + "/group")
        try Support.clearSnapshotPreferences(in: home.root + "/group")
        var env = home.environment
        env["SGGS_CLOCK_NOW"] = "2026-11-29T17:30"
        #expect(try Support.run(["mark", "rehras/taksal"], environment: env).status == 0)
        try home.write("reminders = maybe\nRehras = Taksal\n")
        let said =
            "\(home.config):1: reminders must be on or off (also yes/no, true/false), not 'maybe'; "
            + "using the default: on"

        let json = try Support.run(["status", "--format", "json"], environment: env)
        #expect(json.status == 0)
        #expect(json.stderr == "")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(status["warnings"] as? [String] == [said])
        #expect(status["bandComplete"] as? Bool == true)

        let text = try Support.run(["status"], environment: env)
        #expect(text.status == 0)
        #expect(text.stderr == "nitnem: warning: \(said)\n")
        #expect(text.stdout.hasPrefix("Evening · "), "\(text.stdout)")
        #expect(text.stdout.contains(" · Evening done"), "\(text.stdout)")
    }
}
