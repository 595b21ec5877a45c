// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import TestSupport
import Testing

/// `nitnem config set|unset` and `config --format json` on a real file, and an agent that follows.
@Suite struct ConfigSetTests {
    typealias Home = ConfigCommandTests.Home

    @Test func setLeavesEveryOtherLineByteForByte() throws {
        let home = Home()
        defer { home.remove() }
        #expect(try home.run(["config", "--init"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.config)
        let before = String(decoding: Support.bytes(home.config), as: UTF8.self)
        let r = try home.run(["config", "set", "reminder.evening", "18:30"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let after = String(decoding: Support.bytes(home.config), as: UTF8.self)
        let old = before.components(separatedBy: "\n")
        let new = after.components(separatedBy: "\n")
        let added = try #require(new.firstIndex(of: "reminder.evening = 18:30"))
        #expect(r.stdout == "reminder.evening = 18:30  # \(home.config):\(added + 1)\n")
        var without = new
        without.remove(at: added)
        #expect(without == old)
        #expect(new[added - 1] == "#reminder.evening = 18:00")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.config)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let shown = try home.run(["config"])
        #expect(shown.stdout.contains("reminder.evening = 18:30    # \(home.config):\(added + 1)\n"))

        // Set again, in another spelling: the same line changes, nothing else.
        #expect(try home.run(["config", "set", "Reminder.Evening", "off"]).status == 0)
        var offLines = old
        offLines.insert("reminder.evening = off", at: added)
        #expect(String(decoding: Support.bytes(home.config), as: UTF8.self) == offLines.joined(separator: "\n"))

        let unset = try home.run(["config", "unset", "reminder_evening"])
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(unset.stdout == "reminder.evening = 18:00  # default\n")
        #expect(String(decoding: Support.bytes(home.config), as: UTF8.self) == before)
    }

    @Test(arguments: [
        (["reminder.evening", "22:00"], "reminder.evening: 22:00 is outside the Evening band (17:00–20:59)"),
        (["snooze", "forever"], "snooze must be a duration from 1m to 3h, such as 15m, 1h30m or 90s, not 'forever'"),
        (["colour", "blue"], "unknown key 'colour'; known: \(ConfigKey.all.map(\.name).joined(separator: ", "))"),
        (["sound", "on # loud"], "sound: a value cannot hold '#' (it starts a comment in the file), not 'on # loud'"),
    ])
    func aRefusedValueIsOneLineExit2AndNothingWritten(_ words: [String], _ message: String) throws {
        let home = Home()
        defer { home.remove() }
        try home.write("# mine\nreminder.evening = 18:15\n")
        let r = try home.run(["config", "set"] + words)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "nitnem: \(message)\n")
        #expect(String(decoding: Support.bytes(home.config), as: UTF8.self) == "# mine\nreminder.evening = 18:15\n")
        // And without a file, none is made.
        try FileManager.default.removeItem(atPath: home.config)
        #expect(try home.run(["config", "set"] + words).status == 2)
        #expect(!FileManager.default.fileExists(atPath: home.config))
    }

    @Test func setMakesTheFileWhenThereIsNoneAndUnsetOfAMissingKeyIsNoChange() throws {
        let home = Home()
        defer { home.remove() }
        let r = try home.run(["config", "set", "titles", "both"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: Support.bytes(home.config), as: UTF8.self) == "titles = both\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.config)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let unset = try home.run(["config", "unset", "listen"])
        #expect(unset.status == 0)
        #expect(unset.stdout == "#listen =  # default: not set (no Listen button)\n")
        #expect(String(decoding: Support.bytes(home.config), as: UTF8.self) == "titles = both\n")
    }

    /// Files that are not a config: `config set` and `unset` write nothing into them (exit 2, one
    /// line naming the file and the first line that is no config line).
    @Test(arguments: [
        (
            "# ~/.bashrc\nHISTSIZE=1000\nexport PATH=/x:$PATH\nalias ll='ls -l'\n", 3,
            "'export PATH=/x:$PATH' is not a 'key = value' line"
        ),
        (
            "\u{7F}ELF\u{02}\u{01}\u{01}\0\0\0\n\0\u{03}\0>\0", 1,
            "'\u{7F}ELF\u{02}\u{01}\u{01}\0\0\0' is not a 'key = value' line"
        ),
        ("reminders = on\nif [ \"$x\" = y ]; then\n", 2, "'if [ \"$x\" = y ]; then' is not a 'key = value' line"),
    ])
    func aFileThatIsNoConfigIsRefusedByteForByte(_ text: String, _ line: Int, _ said: String) throws {
        let home = Home()
        defer { home.remove() }
        try home.write(text)
        let before = Support.bytes(home.config)
        for words in [["set", "reminder.evening", "18:30"], ["unset", "reminders"]] {
            let r = try home.run(["config"] + words)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stdout == "")
            // Control characters are escaped: the line is the file's, and may hold anything.
            let expected = Printable.escaped("\(home.config):\(line): \(said); not a nitnem config, nothing written")
            #expect(r.stderr == "nitnem: \(expected)\n")
            #expect(Support.bytes(home.config) == before)
        }
    }

    /// A config's own mistakes (an unknown but well-formed key, a bad value) do not stop a set: today's
    /// behaviour, every other line byte for byte.
    @Test func aConfigWithAnUnknownKeyOrABadValueIsStillSet() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("colour = blue\nsnooze = never\n")
        let r = try home.run(["config", "set", "titles", "both"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            String(decoding: Support.bytes(home.config), as: UTF8.self)
                == "colour = blue\nsnooze = never\ntitles = both\n")
    }

    @Test func jsonGivesEveryKeyItsValueChoicesAndSource() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("reminder.night = 22:15\nsnooze = never\n")
        let r = try home.run(["config", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["path"] as? String == home.config)
        #expect(object["exists"] as? Bool == true)
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.map { $0["key"] as? String } == ConfigKey.all.map(\.name))
        let night = try #require(keys.first { $0["key"] as? String == "reminder.night" })
        #expect(night["value"] as? String == "22:15")
        #expect(night["default"] as? String == "21:30")
        #expect(night["source"] as? String == "file")
        #expect(night["line"] as? Int == 1)
        #expect(night["choices"] as? [String] == ["off"])
        #expect(night["form"] as? String == "H:MM")
        let snooze = try #require(keys.first { $0["key"] as? String == "snooze" })
        #expect(snooze["value"] as? String == "15m")
        #expect(snooze["source"] as? String == "default")
        #expect(snooze["line"] as? Int == 2)
        #expect((snooze["problem"] as? String)?.hasPrefix("\(home.config):2: snooze must be") == true)
        let listen = try #require(keys.first { $0["key"] as? String == "listen" })
        #expect(listen["value"] is NSNull)
        #expect(listen["source"] as? String == "default")
        #expect((object["problems"] as? [String])?.count == 1)
        // A settings window's words: each key's page, label and reset button, the pages' own words.
        #expect(night["page"] as? String == "reminders")
        #expect(night["label"] as? String == "Night reminder")
        #expect(night["reset"] as? String == "Reset Night reminder to its default (21:30)")
        #expect(keys.compactMap { $0["page"] as? String }.filter { $0 == "reading" }.count == 5)
        #expect(object["paused"] is NSNull)
        let words = try #require(object["words"] as? [String: Any])
        #expect(
            words["pages"] as? [String: String] == [
                "reminders": "Reminders", "reading": "Reading", "sets": "Your Nitnem",
            ])
        let pause = try #require(words["pause"] as? [String: String])
        #expect(pause["state"] == "Not paused")
        #expect(pause["resume"] == "Resume reminders")
        #expect(words["report"] as? String == "What nitnem reported")
    }

    /// `config --format json` says a pause as `status` does: RFC 3339 for a program, worded for a page.
    @Test func jsonSaysThePause() throws {
        let home = Home()
        defer { home.remove() }
        var env = home.environment
        env["TZ"] = "UTC"
        env["SGGS_CLOCK_NOW"] = "2026-12-02T10:00:00Z"
        let paused = try NitnemBinary.run(["reminders", "pause", "--until", "tomorrow"], environment: env)
        #expect(paused.status == 0, "\(paused.stderr)")
        let r = try NitnemBinary.run(["config", "--format", "json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["paused"] as? [String: String] == ["until": "2026-12-03T03:00:00+00:00"])
        let words = try #require(object["words"] as? [String: Any])
        #expect((words["pause"] as? [String: String])?["state"] == "Reminders paused until 2026-12-03 03:00")
    }

    /// The agent watches the file: a `config set` applies at once, without a signal.
    @Test func aRunningAgentFollowsASetAtOnce() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("reminders = on\n")
        var env = home.environment
        env["TZ"] = "UTC"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T10:00:00Z"
        let agent = try NitnemProcess(["run"], environment: env, stderrPath: home.root + "/log")
        defer { agent.send(SIGKILL) }
        #expect(agent.waitForStderr("timeline written", timeout: 10), "\(agent.stderr)")
        #expect(try home.run(["config", "set", "reminder.evening", "18:30"]).status == 0)
        #expect(agent.waitForStderr("<5>configuration reloaded", timeout: 5), "\(agent.stderr)")
        let list = try home.run(["reminders", "list"])
        #expect(list.stdout.contains("18:30"), "\(list.stdout)")
        #expect(agent.terminate(timeout: 10) == 0)
    }
}
