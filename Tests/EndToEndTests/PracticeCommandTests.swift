// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// `nitnem practice` end to end, time-travelled: start, reads across days (one after midnight), a
/// miss, restart, completion; status and the widgets' lines carry it; refusals; the file it writes
/// keeps what it does not know.
@Suite(.serialized) struct PracticeCommandTests {
    func demoGroup() throws -> String { try Support.demoGroup() }

    /// `nitnem arguments… --group dir` at `now` (Kolkata).
    func run(_ arguments: [String], _ dir: String, at now: String) throws -> NitnemBinary.Result {
        var env = Support.baseEnvironment
        env["SGGS_CLOCK_NOW"] = now
        return try Support.run(arguments + ["--group", dir], environment: env)
    }

    @Test func aPracticeReadMissedRestartedAndCompleted() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var r = try run(["practice"], dir, at: "2026-12-01T07:00:00+05:30")
        #expect(r.stdout == "No practice. To begin one: nitnem practice start <bani>\n")
        r = try run(["practice", "start", "Sukhmani Sahib", "--days", "5"], dir, at: "2026-12-01T07:00:00+05:30")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Sukhmani Sahib · day 1 of 5 · today: still to read\n")
        // Read on day 1; day 2's reading at 02:30 the next morning still counts for day 1's Nitnem day…
        _ = try run(["mark", "sukhmani"], dir, at: "2026-12-01T21:00:00+05:30")
        r = try run(["practice"], dir, at: "2026-12-02T02:30:00+05:30")
        #expect(r.stdout == "Sukhmani Sahib · day 1 of 5 · today: read\n")
        // …day 2 is not read at all; on day 3 it is missed, and said so.
        r = try run(["practice"], dir, at: "2026-12-03T09:00:00+05:30")
        #expect(
            r.stdout
                == "Sukhmani Sahib · day 3 of 5 · today: still to read · 1 day missed (2026-12-02) · to begin again: nitnem practice restart sukhmani\n"
        )
        r = try run(["status"], dir, at: "2026-12-03T09:00:00+05:30")
        #expect(
            r.stdout.hasSuffix("\nSukhmani Sahib · day 3 of 5 · today: still to read · 1 day missed (2026-12-02)\n"))
        r = try run(["status", "--format", "json"], dir, at: "2026-12-03T09:00:00+05:30")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let practice = try #require((status["practices"] as? [[String: Any]])?.first)
        #expect(practice["state"] as? String == "missed")
        #expect(practice["short"] as? String == "Sukhmani Sahib · day 3 of 5")
        let lines = (status["display"] as? [String: Any])?["lines"] as? [String]
        #expect(lines?.last == "Sukhmani Sahib · day 3 of 5 · today: still to read · 1 day missed (2026-12-02)")

        // A second start is refused; restart begins again from today.
        r = try run(["practice", "start", "sukhmani"], dir, at: "2026-12-03T09:00:00+05:30")
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "nitnem: Sukhmani Sahib: a practice runs already (5 days from 2026-12-01); to begin again from today: nitnem practice restart sukhmani\n"
        )
        r = try run(["practice", "restart", "sukhmani", "--days", "3"], dir, at: "2026-12-03T09:00:00+05:30")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "Sukhmani Sahib · stopped on 2026-12-03 · 1 of 5 days read\nSukhmani Sahib · day 1 of 3 · today: still to read\n"
        )
        for day in ["03", "04", "05"] {
            _ = try run(["mark", "sukhmani"], dir, at: "2026-12-\(day)T20:00:00+05:30")
        }
        r = try run(["practice"], dir, at: "2026-12-05T20:00:00+05:30")
        #expect(
            r.stdout
                == "Sukhmani Sahib · stopped on 2026-12-03 · 1 of 5 days read\nSukhmani Sahib · 3 days complete, 2026-12-03 to 2026-12-05\n"
        )
        // Complete on its last day it is still shown in status; the day after, no more.
        r = try run(["status"], dir, at: "2026-12-05T20:00:00+05:30")
        #expect(r.stdout.hasSuffix("\nSukhmani Sahib · 3 days complete, 2026-12-03 to 2026-12-05\n"))
        r = try run(["status"], dir, at: "2026-12-06T20:00:00+05:30")
        #expect(!r.stdout.contains("Sukhmani Sahib ·"))

        // Stop: kept in the record; a second stop has nothing to stop.
        r = try run(["practice", "start", "japji", "--from", "-1"], dir, at: "2026-12-06T20:00:00+05:30")
        #expect(
            r.stdout
                == "Japji Sahib · day 2 of 40 · today: still to read · 1 day missed (2026-12-05) · to begin again: nitnem practice restart japji\n"
        )
        r = try run(["practice", "stop", "japji"], dir, at: "2026-12-06T20:00:00+05:30")
        #expect(r.stdout == "Japji Sahib · stopped on 2026-12-06 · 0 of 40 days read\n")
        r = try run(["practice", "stop", "japji"], dir, at: "2026-12-06T20:00:00+05:30")
        #expect(r.status == 2)
        #expect(r.stderr == "nitnem: Japji Sahib: no practice runs ('nitnem practice' lists them)\n")

        r = try run(["practice", "--format", "json"], dir, at: "2026-12-06T20:00:00+05:30")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(all["today"] as? String == "2026-12-06")
        #expect(
            (all["practices"] as? [[String: Any]])?.map { $0["state"] as? String } == [
                "stopped", "completed", "stopped",
            ])
    }

    /// What a settings page needs of `practice --format json`: the group's words, each practice's
    /// buttons (argv and names), and the banis a practice can be begun of — `sets available`'s, without
    /// those whose practice runs; Begin again only on a bani's latest practice, Stop only on a running one.
    @Test func theSettingsPagesWordsButtonsAndBanisToBegin() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let at = "2026-12-06T20:00:00+05:30"
        _ = try run(["practice", "start", "japji", "--from", "-3", "--days", "2"], dir, at: at)
        _ = try run(["practice", "start", "japji"], dir, at: at)
        _ = try run(["practice", "start", "sukhmani", "--days", "21"], dir, at: at)
        _ = try run(["practice", "stop", "sukhmani"], dir, at: at)
        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let all = try object(try run(["practice", "--format", "json"], dir, at: at).stdout)
        #expect(
            all["words"] as? [String: String] == [
                "title": "Practice", "choose": "Bani to practise", "days": "Days", "start": "Start", "stop": "Stop",
                "restart": "Begin again",
            ])
        let practices = try #require(all["practices"] as? [[String: Any]])
        #expect(
            practices.map { "\($0["bani"] ?? "") \($0["state"] ?? "")" } == [
                "japji stopped", "japji going", "sukhmani stopped",
            ])
        let argv = try practices.map { try #require($0["argv"] as? [String: Any]) }
        #expect(argv[0]["stop"] is NSNull && argv[0]["restart"] is NSNull, "an earlier one: no buttons")
        #expect(argv[1]["stop"] as? [String] == ["nitnem", "practice", "stop", "japji"])
        #expect(argv[1]["restart"] as? [String] == ["nitnem", "practice", "restart", "japji"])
        #expect(argv[2]["stop"] is NSNull)
        #expect(argv[2]["restart"] as? [String] == ["nitnem", "practice", "restart", "sukhmani"])
        #expect(
            practices[1]["labels"] as? [String: String] == [
                "stop": "Stop the practice of Japji Sahib", "restart": "Begin the practice of Japji Sahib again",
            ])
        let start = try #require(all["start"] as? [String: Any])
        #expect(start["argv"] as? [String] == ["nitnem", "practice", "start"])
        #expect(start["days"] as? [String: Int] == ["default": 40, "min": 1, "max": 1000])
        let offered = try #require(start["banis"] as? [[String: Any]])
        let available = try object(try run(["sets", "available", "--format", "json"], dir, at: at).stdout)
        let listed = try #require(available["banis"] as? [[String: Any]])
        #expect(offered.map { $0["id"] as? String } == listed.map { $0["id"] as? String }.filter { $0 != "japji" })
        #expect(
            offered.map { $0["title"] as? String }
                == listed.filter { $0["id"] as? String != "japji" }.map { $0["title"] as? String })
    }

    @Test func badUsageAndAnUnknownBaniAreRefusedAndNothingIsWritten() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        for (arguments, message) in [
            (["practice", "start", "sukhmani", "--days", "0"], "nitnem: '0' is not a number of days; use 1 to 1000"),
            (
                ["practice", "start", "sukhmani", "--days", "1001"],
                "nitnem: '1001' is not a number of days; use 1 to 1000"
            ),
            (
                ["practice", "start", "sukhmani", "--from", "2027-01-01"],
                "nitnem: --from 2027-01-01 is after today, 2026-11-29 (the Nitnem day rolls at 03:00)"
            ),
            (
                ["practice", "restart", "jaap"],
                "nitnem: Jaap Sahib: no practice to begin again; to begin one: nitnem practice start jaap"
            ),
        ] {
            let r = try Support.run(arguments + ["--group", dir])
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.hasPrefix(message + "\n"), "\(r.stderr)")
        }
        let r = try Support.run(["practice", "start", "nosuchbani", "--group", dir])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("nitnem: unknown bani 'nosuchbani'"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + AppGroup.mynitnemName))
    }

    @Test func aWriteKeepsWhatItDoesNotKnowAndABadEntryIsSaid() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.mynitnemName
        try Support.write(
            #"{"schema":1,"future":{"a":[1,2]},"practices":[{"bani":"japji","from":"2026-11-32","days":40},{"bani":"jaap","from":"2026-11-28","days":40,"note":"x"}]}"#,
            to: path)
        let r = try Support.run(["practice", "stop", "jaap", "--group", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "$.practices[0].from: expected a day YYYY-MM-DD, found \"2026-11-32\"; skipped (it stays in the file)"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text
                == #"{"schema":1,"future":{"a":[1,2]},"practices":[{"bani":"japji","from":"2026-11-32","days":40},{"bani":"jaap","from":"2026-11-28","days":40,"note":"x","stopped":"2026-11-29","changedAt":"2026-11-29T05:00:00Z"}],"modifiedAt":"2026-11-29T05:00:00Z"}"#,
            "\(text)")
    }

    /// 45 days in Helsinki across the spring change (2026-03-29): Japji Sahib for 40 days, read each
    /// morning but for one day missed and one read after midnight (02:30 on the day after the change,
    /// which counts for the day before). The practice's reminder (16:00: Japji Sahib is in the
    /// morning set) comes on exactly the days its bani is still unread then, once, and never after
    /// the practice's last day.
    @Test func fortyFiveDaysOfAPracticeAndItsReminderAcrossTheSpringChange() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        var env = Support.baseEnvironment
        env["TZ"] = "Europe/Helsinki"
        env["SGGS_CLOCK_NOW"] = "2026-03-10T05:00:00+02:00"
        var r = try Support.run(["practice", "start", "japji", "--group", dir], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let calendar = Fixture.calendar("Europe/Helsinki")
        var marks: [String] = []
        var day = Fixture.day("2026-03-10")
        while day <= Fixture.day("2026-04-18") {
            defer { day = day.adding(days: 1) }
            if day == Fixture.day("2026-03-20") { continue }
            let at =
                day == Fixture.day("2026-03-29")
                ? calendar.resolve(day.adding(days: 1), WallTime(hour: 2, minute: 30)!)
                : calendar.resolve(day, WallTime(hour: 10, minute: 0)!)
            marks += ["--mark", RFC3339.format(at, in: calendar) + "=japji"]
        }
        r = try Support.run(
            ["simulate", "--group", dir, "--from", "2026-03-10T05:00:00+02:00", "--to", "2026-04-24T05:00:00+03:00"]
                + marks, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let practiceReminders = r.stdout.split(separator: "\n").filter {
            $0.contains(#""event":"bani-reminder""#) && $0.contains(#""bani":"japji""#)
        }
        #expect(
            practiceReminders.map { String($0) } == [
                #"{"at":"2026-03-20T16:00:00+02:00","event":"bani-reminder","band":"morning","dayKey":"2026-03-20","bani":"japji","late":false}"#,
                #"{"at":"2026-03-29T16:00:00+03:00","event":"bani-reminder","band":"morning","dayKey":"2026-03-29","bani":"japji","late":false}"#,
            ])
        // Days read before 16:00 are skipped as read; none after the 40th day (2026-04-18).
        let skipped = r.stdout.split(separator: "\n").filter { $0.contains(#""event":"bani-reminder-skipped""#) }
        #expect(skipped.count == 38)
        #expect(!r.stdout.split(separator: "\n").contains { $0.contains("bani-reminder") && $0.contains("2026-04-19") })
    }

    /// A zone change: begun and read in Kolkata, then in Los Angeles, where the same instant is the
    /// Nitnem day before; the days are the zone's Nitnem days, as every reading's are. Then a restart.
    @Test func aZoneChangeAndARestart() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        func run(_ arguments: [String], zone: String, at now: String) throws -> NitnemBinary.Result {
            var env = Support.baseEnvironment
            env["TZ"] = zone
            env["SGGS_CLOCK_NOW"] = now
            return try Support.run(arguments + ["--group", dir], environment: env)
        }
        var r = try run(
            ["practice", "start", "japji", "--days", "5"], zone: "Asia/Kolkata", at: "2026-12-01T07:00:00+05:30")
        #expect(r.stdout == "Japji Sahib · day 1 of 5 · today: still to read\n", "\(r.stderr)")
        _ = try run(["mark", "japji"], zone: "Asia/Kolkata", at: "2026-12-01T08:00:00+05:30")
        _ = try run(["mark", "japji"], zone: "Asia/Kolkata", at: "2026-12-02T08:00:00+05:30")
        // 08:30 in Kolkata on the 2nd is 19:00 on the 1st in Los Angeles: day 1 there, read.
        r = try run(["practice"], zone: "America/Los_Angeles", at: "2026-12-01T19:00:00-08:00")
        #expect(r.stdout == "Japji Sahib · day 1 of 5 · today: read\n")
        r = try run(["practice"], zone: "America/Los_Angeles", at: "2026-12-03T20:00:00-08:00")
        #expect(r.stdout == "Japji Sahib · day 3 of 5 · today: still to read\n")
        r = try run(["practice", "restart", "japji"], zone: "America/Los_Angeles", at: "2026-12-03T20:00:00-08:00")
        #expect(
            r.stdout
                == "Japji Sahib · stopped on 2026-12-03 · 2 of 5 days read\nJapji Sahib · day 1 of 5 · today: still to read\n"
        )
        // Restarted again the same day: nothing to do, the practice as it is.
        r = try run(["practice", "restart", "japji"], zone: "America/Los_Angeles", at: "2026-12-03T21:00:00-08:00")
        #expect(r.status == 0 && r.stdout == "Japji Sahib · day 1 of 5 · today: still to read\n", "\(r.stdout)")
    }

    /// `reset` forgets the record only with `--yes`; without it, it says what would go.
    @Test func resetAsksForYes() throws {
        let dir = try demoGroup()
        defer { Support.cleanup(dir) }
        _ = try Support.run(["practice", "start", "japji", "--group", dir])
        var r = try Support.run(["practice", "reset", "--group", dir])
        #expect(r.status == 0)
        #expect(r.stdout == "Would forget 1 practice (nothing written); to forget them: nitnem practice reset --yes\n")
        #expect(try Support.run(["practice", "--group", dir]).stdout.hasPrefix("Japji Sahib · day 1 of 40"))
        r = try Support.run(["practice", "reset", "--yes", "--group", dir])
        #expect(r.status == 0 && r.stdout == "No practice. To begin one: nitnem practice start <bani>\n", "\(r.stderr)")
    }
}
