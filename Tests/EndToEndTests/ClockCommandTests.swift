// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@Suite struct ClockCommandTests {
    typealias Case = GoldenInstant

    /// `TZ` and `SGGS_CLOCK_NOW`, and a config folder with nothing in it: the default reminder times,
    /// whatever the user running the tests has configured.
    static func environment(_ c: Case) -> [String: String] {
        ["TZ": c.tz, "SGGS_CLOCK_NOW": c.now, "HOME": "/nonexistent", "XDG_CONFIG_HOME": "/nonexistent/config"]
    }

    @Test(arguments: try GoldenInstant.all())
    func jsonMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(["clock", "--format", "json"], environment: Self.environment(c))
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == (try Golden.expected("clock/\(c.name).json", actual: r.stdout)))
        // One object, with the documented keys in order.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["nextFixedPoints"] as? [String])?.count == 4)
        #expect((object["nextReminders"] as? [[String: String]])?.count == 3)
    }

    @Test(arguments: try GoldenInstant.all())
    func textMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(["clock"], environment: Self.environment(c))
        #expect(r.status == 0)
        #expect(r.stdout == (try Golden.expected("clock/\(c.name).txt", actual: r.stdout)))
    }

    /// Every text `ClockTests.acceptedText` pins the clock with pins the binary's: `clock` says
    /// that instant as `now`, and exits 0, at the ends of the range too.
    @Test(arguments: try CaseTable.rows("clock-accepted", columns: ["zone", "text", "instant"]))
    func acceptedTextPinsTheBinary(_ c: CaseTable.Row) throws {
        let r = try NitnemBinary.run(
            ["clock", "--format", "json"],
            environment: ["TZ": c["zone"], "SGGS_CLOCK_NOW": c["text"], "HOME": "/nonexistent"])
        #expect(r.status == 0, "\(c): \(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let now = try #require((object["now"] as? String).flatMap(RFC3339.parseAbsolute), "\(c)")
        let delta = now.timeIntervalSince(try #require(RFC3339.parseAbsolute(c["instant"])))
        #expect(delta >= 0 && delta < 1, "\(c): now is \(object["now"] ?? "missing")")
    }

    /// Each slot of `DSTSlot.all`, set in the config, is the binary's next reminder of its band three
    /// hours before: at its instant, on its Nitnem day (as `SlotTests` and `ReminderCoreTests` hold).
    @Test(arguments: try DSTSlot.all())
    func slotsOnDSTDaysInTheBinary(_ c: DSTSlot) throws {
        let home = try ScratchHome()
        defer { home.remove() }
        try home.config("reminder.\(c.band.rawValue) = \(c.time)\n")
        let expected = try #require(RFC3339.parseAbsolute(c.expected))
        var environment = home.environment
        environment["TZ"] = c.zone
        environment["SGGS_CLOCK_NOW"] = RFC3339.format(
            expected.addingTimeInterval(-3 * 3600), in: ZoneFiles.calendar("UTC"))
        let r = try NitnemBinary.run(["clock", "--format", "json"], environment: environment)
        #expect(r.status == 0, "\(c): \(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let next = (object["nextReminders"] as? [[String: String]])?.first { $0["band"] == c.band.rawValue }
        #expect(next?["at"].flatMap(RFC3339.parseAbsolute) == expected, "\(c): \(next ?? [:])")
        #expect(next?["dayKey"] == c.day, "\(c)")
    }

    @Test func tzChangesTheAnswer() throws {
        let now = "2026-11-29T16:30:00Z"
        let utc = try NitnemBinary.run(
            ["clock", "--format", "json"], environment: ["TZ": "UTC", "SGGS_CLOCK_NOW": now])
        let ist = try NitnemBinary.run(
            ["clock", "--format", "json"], environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": now])
        #expect(utc.stdout.contains(#""band":{"id":"morning","title":"Morning"}"#))
        #expect(ist.stdout.contains(#""band":{"id":"night","title":"Night"}"#))
        #expect(ist.stdout.contains(#""now":"2026-11-29T22:00:00+05:30""#))
    }

    @Test(arguments: ["tomorrow", "2026-11-29", "2026-11-29T25:00", "2026-11-29T22:00:00+5:30"])
    func badClockNowExitsTwoWithOneLine(_ value: String) throws {
        let r = try NitnemBinary.run(["clock"], environment: ["TZ": "UTC", "SGGS_CLOCK_NOW": value])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("nitnem: SGGS_CLOCK_NOW: '\(value)' is not a time; use RFC 3339"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func badTZExitsTwo() throws {
        let r = try NitnemBinary.run(["clock"], environment: ["TZ": "Mars/Olympus"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: TZ: 'Mars/Olympus' is not a known time zone"))
    }

    @Test func badRateExitsTwo() throws {
        let r = try NitnemBinary.run(["clock"], environment: ["TZ": "UTC", "SGGS_CLOCK_RATE": "fast"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: SGGS_CLOCK_RATE: 'fast'"))
    }

    @Test(arguments: [
        ["clock", "--bogus"], ["clock", "--format", "xml"], ["clock", "--format"], ["clock", "extra"],
    ])
    func badUsageExitsTwoWithUsage(_ args: [String]) throws {
        let r = try NitnemBinary.run(args, environment: ["TZ": "UTC"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("usage: nitnem clock [--format text|json] [--config FILE]"))
        #expect(r.stdout == "")
    }

    /// A config with its own times and an `off` slot, named by `--config` or found in
    /// `$XDG_CONFIG_HOME`: `clock` lists those times, never the off slot.
    @Test func showsTheConfiguredTimesAndNoOffSlot() throws {
        let home = Support.tempFolder()
        defer { Support.cleanup(home) }
        let config = home + "/config/nitnem/config"
        try Support.makeFolder(home + "/config/nitnem")
        try Support.write("reminder.amritVela = 05:30\nreminder.evening = off\nreminder.night = 00:30\n", to: config)
        let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T18:30", "HOME": home]
        for (arguments, environment) in [
            (["clock", "--config", config], env),
            (["clock"], env.merging(["XDG_CONFIG_HOME": home + "/config"]) { $1 }),
        ] {
            let r = try NitnemBinary.run(arguments, environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr == "")
            #expect(
                r.stdout.hasSuffix(
                    """

                    Next reminders (times from \(config): Amrit Vela 05:30, Night 00:30; Evening off)
                      00:30             Night (day 2026-11-29)
                      2026-11-30 05:30  Amrit Vela (day 2026-11-30)
                      2026-12-01 00:30  Night (day 2026-11-30)

                    """), "\(r.stdout)")
            #expect(!r.stdout.contains("Evening (day"))
        }
        let json = try NitnemBinary.run(["clock", "--format", "json", "--config", config], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            object["reminderTimes"] as? [String: String] == [
                "from": config, "reminders": "on", "amritVela": "05:30", "evening": "off", "night": "00:30",
            ])
        // Instants stay RFC 3339 in JSON.
        #expect(
            object["nextReminders"] as? [[String: String]] == [
                ["band": "night", "at": "2026-11-30T00:30:00+05:30", "dayKey": "2026-11-29"],
                ["band": "amritVela", "at": "2026-11-30T05:30:00+05:30", "dayKey": "2026-11-30"],
                ["band": "night", "at": "2026-12-01T00:30:00+05:30", "dayKey": "2026-11-30"],
            ])
    }

    @Test func saysWhenRemindersAreOffOrTheTimesAreTheDefaults() throws {
        let home = Support.tempFolder()
        defer { Support.cleanup(home) }
        let config = home + "/config"
        let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T18:30", "HOME": home]
        // A file that sets the default times is the defaults.
        try Support.write("snooze = 10m\nreminder.evening = 18:00\n", to: config)
        let defaults = try NitnemBinary.run(["clock", "--config", config], environment: env)
        #expect(
            defaults.stdout.contains(
                "\nNext reminders (default times: Amrit Vela 06:00, Evening 18:00, Night 21:30)\n  21:30  "),
            "\(defaults.stdout)")
        try Support.write("reminders = off\n", to: config)
        let off = try NitnemBinary.run(["clock", "--config", config], environment: env)
        #expect(off.stdout.hasSuffix("\nNext reminders: none (reminders = off in \(config))\n"), "\(off.stdout)")
        let json = try NitnemBinary.run(["clock", "--format", "json", "--config", config], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["nextReminders"] as? [Any])?.isEmpty == true)
        #expect((object["reminderTimes"] as? [String: String])?["reminders"] == "off")
        // A bad line is read as the agent reads it: said, and its key at the default (18:00).
        try Support.write("reminder.evening = 23:00\nreminder.night = 22:00\n", to: config)
        let bad = try NitnemBinary.run(["clock", "--config", config], environment: env)
        #expect(bad.status == 0)
        #expect(
            bad.stderr.hasPrefix("nitnem: warning: \(config):1: reminder.evening: 23:00 is outside the Evening band"),
            "\(bad.stderr)")
        #expect(bad.stdout.contains("Evening 18:00, Night 22:00"), "\(bad.stdout)")
        let missing = try NitnemBinary.run(["clock", "--config", home + "/nope"], environment: env)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nitnem: \(home)/nope: does not exist\n")
    }

    @Test func unknownCommandExitsTwo() throws {
        let r = try NitnemBinary.run(["frobnicate"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test func helpListsCommandsAndOptions() throws {
        let top = try NitnemBinary.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("clock"))
        let clock = try NitnemBinary.run(["clock", "--help"])
        #expect(clock.status == 0)
        #expect(clock.stdout.contains("USAGE: nitnem clock [--format text|json] [--config FILE]"))
        #expect(clock.stdout.contains("SGGS_CLOCK_NOW"))
    }
}
