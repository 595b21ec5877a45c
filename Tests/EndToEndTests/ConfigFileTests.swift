import Foundation
import TestSupport
import Testing

/// The config file as the commands read it: CRLF line ends, a file named by `--config` that is
/// not there, a key given twice.
@Suite struct ConfigFileTests {
    @Test func crlfLineEndsAreRead() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let config = group.path + "/config"
        try Support.write("# nitnem settings\r\nreminders = off\r\n", to: config)
        let r = try Support.run(["reminders", "list", "--config", config, "--group", group.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Reminders for Nitnem day 2026-11-29 (reminders = off)\n"), "\(r.stdout)")
    }

    /// Every command that takes `--config`.
    @Test(arguments: [
        ["run"], ["reminders", "list"], ["reminders", "test"],
        ["simulate", "--from", "2026-11-29T00:00", "--to", "2026-11-29T01:00"], ["doctor"],
    ])
    func aMissingConfigFileNamedByTheFlagIsAnError(_ command: [String]) throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let missing = group.path + "/no-such-config"
        var env = Support.baseEnvironment
        env["XDG_RUNTIME_DIR"] = group.path
        let r = try Support.run(
            command + ["--config", missing, "--group", group.path], environment: env, timeout: 20)
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
        let config = group.path + "/config"
        try Support.write("# settings\r\nreminders = on\r\n\r\n\r\nreminders = off\r\n", to: config)
        let r = try Support.run(["reminders", "list", "--config", config, "--group", group.path])
        #expect(r.status == 2)
        #expect(r.stderr == "nitnem: \(config):5: reminders given twice (first on line 2)\n")
    }
}
