// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// Every instant `SGGS_CLOCK_NOW` accepts runs, in every command that reads the clock, and every
/// other is refused with one line (issue 39): the built binary at the ends of the range (±1 s,
/// ±1 day), in years 1 and 9999, on leap days, with offsets from -12:00 to +14:00 and as wall
/// times in the zones farthest from UTC, and at seeded-random instants.
///
/// - Important: No run may end by a signal (before the range was checked, the ends died of SIGILL
///   in `status`, `mark`, `timeline`, `clock`, `reminders list`, `doctor`, `journey` and `run`).
@Suite struct ClockRangeFuzzTests {
    /// One value of `SGGS_CLOCK_NOW`, read in `zone`.
    struct Instant: Sendable, CustomTestStringConvertible {
        let name, zone, now: String
        /// Whether the clock must accept it: from the test's own arithmetic (`Gregorian`), or by hand
        /// for wall times.
        let accepted: Bool
        /// The UTC instant, seconds after 0001-01-01T00:00:00Z, when the test knows it.
        let seconds: Int?

        var testDescription: String { "\(name): \(now) in \(zone) (\(accepted ? "in range" : "outside"))" }
    }

    /// The range in seconds after 0001-01-01T00:00:00Z: 0002-01-01 up to, not including, 9999-01-01.
    static let lower = Gregorian.seconds(year: 2, month: 1, day: 1)
    static let upper = Gregorian.seconds(year: 9999, month: 1, day: 1)

    /// `text` with an offset (or `Z`), whose instant the test computes.
    static func absolute(_ name: String, _ text: String, zone: String = "UTC") -> Instant {
        let seconds = Gregorian.parse(text)!
        return Instant(
            name: name, zone: zone, now: text, accepted: (lower..<upper).contains(seconds), seconds: seconds)
    }

    /// A wall time in `zone`, in range or not as worked out by hand.
    static func wall(_ name: String, _ text: String, _ zone: String, accepted: Bool) -> Instant {
        Instant(name: name, zone: zone, now: text, accepted: accepted, seconds: nil)
    }

    static let boundaries: [Instant] = [
        absolute("first instant", "0002-01-01T00:00:00Z"),
        absolute("first instant - 1 s", "0001-12-31T23:59:59Z"),
        absolute("first instant - 1 ms", "0001-12-31T23:59:59.999Z"),
        absolute("first instant + 1 s", "0002-01-01T00:00:01Z"),
        absolute("first instant - 1 day", "0001-12-31T00:00:00Z"),
        absolute("first instant + 1 day", "0002-01-02T00:00:00Z"),
        absolute("last second", "9998-12-31T23:59:59Z"),
        absolute("last second, fraction", "9998-12-31T23:59:59.999Z"),
        absolute("last second - 1 s", "9998-12-31T23:59:58Z"),
        absolute("last second + 1 s", "9999-01-01T00:00:00Z"),
        absolute("last second - 1 day", "9998-12-30T23:59:59Z"),
        absolute("last second + 1 day", "9999-01-01T23:59:59Z"),
        absolute("year 1", "0001-01-01T00:00:00Z"),
        absolute("year 1, mid", "0001-06-15T12:00:00Z"),
        absolute("year 9999, mid", "9999-06-15T12:00:00Z"),
        absolute("year 9999, last", "9999-12-31T23:59:59Z"),
        absolute("leap day, year 4", "0004-02-29T12:00:00Z"),
        absolute("leap day, year 2000, before the roll", "2000-02-29T02:59:59Z"),
        absolute("leap day, year 9996", "9996-02-29T23:59:59Z"),
        absolute("first instant at +14:00", "0002-01-01T14:00:00+14:00"),
        absolute("first instant - 1 s at +14:00", "0002-01-01T13:59:59+14:00"),
        absolute("first instant at -12:00", "0001-12-31T12:00:00-12:00"),
        absolute("first instant - 1 s at -12:00", "0001-12-31T11:59:59-12:00"),
        absolute("last second at +14:00", "9999-01-01T13:59:59+14:00"),
        absolute("last second + 1 s at +14:00", "9999-01-01T14:00:00+14:00"),
        absolute("last second at -12:00", "9998-12-31T11:59:59-12:00"),
        absolute("last second + 1 s at -12:00", "9998-12-31T12:00:00-12:00"),
        absolute("year 9999 at -23:59", "9999-12-31T23:59:59-23:59"),
        absolute("last second, read in Kiritimati", "9998-12-31T23:59:59Z", zone: "Pacific/Kiritimati"),
        absolute("first instant, read in Etc/GMT-14", "0002-01-01T00:00:00Z", zone: "Etc/GMT-14"),
        absolute("last second, read in Etc/GMT+12", "9998-12-31T23:59:59Z", zone: "Etc/GMT+12"),
        // Wall times: Kiritimati is +14:00 from 1995 on and -10:29:20 (its local mean time) before
        // 1901; Etc/GMT±N are fixed; Apia is +13:00 from 2021 on; Santiago is -03:00 or -04:00.
        wall("last second, wall", "9999-01-01T13:59:59", "Pacific/Kiritimati", accepted: true),
        wall("last second + 1 s, wall", "9999-01-01T14:00:00", "Pacific/Kiritimati", accepted: false),
        wall("first instant, wall (LMT)", "0001-12-31T13:30:40", "Pacific/Kiritimati", accepted: true),
        wall("first instant - 1 s, wall (LMT)", "0001-12-31T13:30:39", "Pacific/Kiritimati", accepted: false),
        wall("first instant, wall", "0001-12-31T12:00", "Etc/GMT+12", accepted: true),
        wall("first instant - 1 s, wall", "0001-12-31T11:59:59", "Etc/GMT+12", accepted: false),
        wall("last second, wall", "9998-12-31T11:59:59", "Etc/GMT+12", accepted: true),
        wall("last second + 1 s, wall", "9998-12-31T12:00", "Etc/GMT+12", accepted: false),
        wall("first instant, wall", "0002-01-01T14:00", "Etc/GMT-14", accepted: true),
        wall("first instant - 1 s, wall", "0002-01-01T13:59:59", "Etc/GMT-14", accepted: false),
        wall("last day, wall", "9998-12-31T23:59", "Pacific/Apia", accepted: true),
        wall("the skipped date", "2011-12-30T12:00", "Pacific/Apia", accepted: true),
        wall("the day before the skip", "2011-12-29T23:59:59", "Pacific/Apia", accepted: true),
        wall("second day, wall", "0002-01-02T00:00", "Pacific/Apia", accepted: true),
        wall("a day before the range, wall", "0001-12-30T12:00", "Pacific/Apia", accepted: false),
        wall("last day, wall", "9998-12-31T19:59:59", "America/Santiago", accepted: true),
        wall("after the last second, wall", "9998-12-31T22:00", "America/Santiago", accepted: false),
        wall("a day with no midnight", "2026-09-06T00:00", "America/Santiago", accepted: true),
        wall("last day, wall", "9998-12-31T23:59:59", "Asia/Kolkata", accepted: true),
        wall("year 9999, wall", "9999-01-01T05:30", "Asia/Kolkata", accepted: false),
    ]

    /// The seed of the random instants (issue 39); each case names it.
    static let seed: UInt64 = 0x39

    /// The zones random instants are read in.
    static let zones = [
        "UTC", "Pacific/Kiritimati", "Pacific/Apia", "America/Santiago", "Asia/Kolkata", "Etc/GMT+12",
        "Etc/GMT-14", "Australia/Lord_Howe", "Europe/Helsinki",
    ]

    /// 40 instants from `seed`: 16 within three days of an end, 16 anywhere in years 1…9999 (both as
    /// `Z` or an offset from -12:00 to +14:00 in quarter hours), 8 wall times in years 3…9997.
    static let random: [Instant] = {
        var rng = SeededRandom(seed: seed)
        var out: [Instant] = []
        let all = Gregorian.seconds(year: 10_000, month: 1, day: 1)
        func render(_ seconds: Int) -> String {
            // Z in the first and last day of the calendar: an offset would name year 0 or 10000.
            let edge = seconds < 86_400 || seconds >= all - 86_400
            if rng.next() % 3 == 0 || edge { return Gregorian.format(seconds, offset: 0) }
            let offset = (Int(rng.next() % 105) - 48) * 900
            return Gregorian.format(seconds, offset: offset)
        }
        for i in 0..<16 {
            let end = i % 2 == 0 ? lower : upper
            let t = end + Int(rng.next() % (6 * 86_400 + 1)) - 3 * 86_400
            out.append(absolute("random \(i) near an end, seed \(seed)", render(t), zone: zones[Int(rng.next() % 9)]))
        }
        for i in 16..<32 {
            let t = Int(rng.next() % UInt64(all))
            out.append(absolute("random \(i), seed \(seed)", render(t), zone: zones[Int(rng.next() % 9)]))
        }
        for i in 32..<40 {
            let t = lower + 366 * 86_400 + Int(rng.next() % UInt64(upper - lower - 2 * 366 * 86_400))
            let text = String(Gregorian.format(t, offset: 0).dropLast())
            out.append(wall("random \(i), wall, seed \(seed)", text, zones[Int(rng.next() % 9)], accepted: true))
        }
        return out
    }()

    /// The one line every command prints for an instant outside the range.
    static func refusal(_ now: String) -> String {
        "nitnem: SGGS_CLOCK_NOW: '\(now)' is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)\n"
    }

    /// A group (a copy of the demo fixture) and this user's folders, all in a temp folder.
    struct Sandbox {
        let root: String
        var group: String { root + "/group" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-e2e-\(UUID().uuidString)").path
            for folder in ["run", "config", "state", "home"] {
                try FileManager.default.createDirectory(
                    atPath: root + "/" + folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            try FileManager.default.copyItem(atPath: Support.fixture("groups/demo"), toPath: group)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        func environment(_ instant: Instant) -> [String: String] {
            [
                "TZ": instant.zone, "SGGS_CLOCK_NOW": instant.now, "SGGS_APP_GROUP": group, "HOME": root + "/home",
                "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state",
                "XDG_RUNTIME_DIR": root + "/run",
            ]
        }
    }

    /// The commands that read the clock, run in this order (`mark` first: what it wrote is read by
    /// the rest), with the exit statuses each may end with in range: `doctor` fails a check (1)
    /// where there is no notification server.
    static func commands(_ instant: Instant) -> [(arguments: [String], statuses: Set<Int32>)] {
        // simulate: the six hours before the instant (never before the range's start).
        let span: [String] =
            if let t = instant.seconds, instant.accepted {
                [
                    "--from", Gregorian.format(max(lower, t - 6 * 3600), offset: 0), "--to",
                    Gregorian.format(t, offset: 0),
                ]
            } else {
                ["--from", instant.now, "--to", instant.now]
            }
        return [
            (["mark", "--next"], [0]),
            (["status"], [0]),
            (["status", "--format", "json"], [0]),
            (["timeline"], [0]),
            (["clock"], [0]),
            (["clock", "--format", "json"], [0]),
            (["reminders", "list"], [0]),
            (["doctor"], [0, 1]),
            (["simulate"] + span, [0]),
            (["journey"], [0]),
            (["journey", "--format", "json"], [0]),
            (["sets", "list"], [0]),
            (["mark", "--list"], [0]),
        ]
    }

    /// Runs every command at `instant`, then `run` until it writes the timeline.
    func check(_ instant: Instant) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = box.environment(instant)
        for (arguments, statuses) in Self.commands(instant) {
            let r = try NitnemBinary.run(arguments, environment: env, timeout: 20)
            let what = "nitnem \(arguments.joined(separator: " ")) at \(instant.testDescription)"
            #expect(r.signal == nil, "\(what): killed by signal \(r.signal ?? 0): \(r.stderr.suffix(600))")
            #expect(!r.timedOut, "\(what): did not end")
            if instant.accepted {
                #expect(statuses.contains(r.status), "\(what): exit \(r.status): \(r.stderr.suffix(600))")
                // A day key `mark` wrote, or a time, that its own reader drops.
                #expect(!r.stderr.contains("dropped"), "\(what): \(r.stderr)")
                #expect(!r.stderr.contains("ignored"), "\(what): \(r.stderr)")
            } else {
                #expect(r.status == 2, "\(what): exit \(r.status)")
                #expect(r.stderr == Self.refusal(instant.now), "\(what)")
                #expect(r.stdout == "", "\(what)")
            }
            if r.status == 0, arguments.contains("json") {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) != nil, "\(what): \(r.stdout)")
            }
        }
        try checkRun(instant, box: box, environment: env)
    }

    /// `nitnem run` at `instant`: in range it writes the timeline and ends on SIGTERM with 0;
    /// outside it ends at once with the line. Never by a signal of its own.
    func checkRun(_ instant: Instant, box: Sandbox, environment: [String: String]) throws {
        let what = "nitnem run at \(instant.testDescription)"
        let agent = try NitnemProcess(
            ["run"], environment: environment, stderrPath: box.root + "/agent.log", journal: false)
        if instant.accepted {
            let timeline = box.group + "/widgets/NitnemNow.json"
            let wrote = NitnemProcess.waitUntil(timeout: 15) {
                FileManager.default.fileExists(atPath: timeline) || !agent.isRunning
            }
            #expect(wrote && agent.isRunning, "\(what): no timeline: \(agent.stderr.suffix(600))")
            agent.send(SIGTERM)
        }
        let status = agent.waitForExit(timeout: 15)
        #expect(!agent.terminatedBySignal, "\(what): killed by a signal: \(agent.stderr.suffix(600))")
        #expect(status == (instant.accepted ? 0 : 2), "\(what): exit \(status.map(String.init) ?? "none")")
        if !instant.accepted { #expect(agent.stderr == Self.refusal(instant.now), "\(what)") }
        if status == nil { agent.send(SIGKILL) }
    }

    @Test(arguments: boundaries)
    func everyCommandRunsAtTheEndsAndRefusesPastThem(_ instant: Instant) throws {
        try check(instant)
    }

    @Test(arguments: random)
    func everyCommandRunsAtRandomInstants(_ instant: Instant) throws {
        try check(instant)
    }

    /// The tables hold what they say: both kinds near each end, and random instants on both sides.
    @Test func theInstantsCoverBothSidesOfBothEnds() {
        print(
            "ClockRangeFuzzTests: seed \(Self.seed): "
                + Self.random.map { "\($0.now) \($0.zone)" }.joined(separator: ", "))
        #expect(Self.random.count == 40)
        for instants in [Self.boundaries, Self.random] {
            #expect(instants.contains { $0.accepted && $0.seconds.map { $0 < Self.lower + 3 * 86_400 } == true })
            #expect(instants.contains { $0.accepted && $0.seconds.map { $0 >= Self.upper - 3 * 86_400 } == true })
            #expect(instants.contains { !$0.accepted && $0.seconds.map { $0 < Self.lower } == true })
            #expect(instants.contains { !$0.accepted && $0.seconds.map { $0 >= Self.upper } == true })
        }
    }

    /// Instants a command takes as an option, near the ends, with the clock inside the range: past
    /// the range they are refused naming the option, never computed.
    @Test(
        arguments: [
            (
                "9998-12-31T23:59:59Z", ["simulate", "--from", "9998-12-31T00:00:00Z", "--to", "9999-01-01T00:00:00Z"],
                2,
                "nitnem: --to: '9999-01-01T00:00:00Z' is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
            ),
            (
                "0002-01-01T00:00:00Z", ["simulate", "--from", "0001-12-31T23:59:59Z", "--to", "0002-01-01T06:00:00Z"],
                2,
                "nitnem: --from: '0001-12-31T23:59:59Z' is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
            ),
            (
                "9998-12-31T23:59:59Z",
                [
                    "simulate", "--from", "9998-12-31T00:00Z", "--to", "9998-12-31T23:59:59Z", "--mark",
                    "9999-01-01T00:00Z=japji",
                ],
                2,
                "nitnem: --mark: '9999-01-01T00:00Z' is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
            ),
            (
                "9998-12-31T23:59:59Z", ["simulate", "--from", "9998-12-28T00:00:00Z", "--to", "9998-12-31T23:59:59Z"],
                0, ""
            ),
            (
                "0002-01-01T00:00:00Z", ["simulate", "--from", "0002-01-01T00:00:00Z", "--to", "0002-01-04T00:00:00Z"],
                0, ""
            ),
            (
                "9998-12-31T23:59:59Z", ["mark", "japji", "--day", "9999-01-01"], 2,
                "nitnem: --day 9999-01-01 is after today, 9998-12-31 (the Nitnem day rolls at 03:00)"
            ),
            ("9998-12-31T23:59:59Z", ["mark", "japji", "--day", "9998-12-31"], 0, ""),
            ("0002-01-01T00:00:00Z", ["mark", "japji", "--day", "0001-01-01"], 0, ""),
            ("0002-01-01T00:00:00Z", ["mark", "japji", "--day", "-360"], 0, ""),
            (
                "0002-01-01T00:00:00Z", ["mark", "japji", "--day", "-361"], 2,
                "nitnem: '-361' is not a valid value for '--day'; use YYYY-MM-DD, today, yesterday or -N (N days before today)"
            ),
            (
                "9998-12-31T12:00:00Z", ["reminders", "pause", "--until", "9999-12-31"], 2,
                "nitnem: --until '9999-12-31': the pause would end outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
            ),
            (
                "9998-12-31T23:00:00Z", ["reminders", "pause"], 2,
                "nitnem: --until 'tomorrow': the pause would end outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"
            ),
            ("9998-12-30T12:00:00Z", ["reminders", "pause", "--until", "9998-12-31"], 0, ""),
            ("9998-12-31T23:59:59Z", ["journey", "--month", "9999-12"], 0, ""),
            ("0002-01-01T00:00:00Z", ["journey", "--month", "0001-01", "--format", "json"], 0, ""),
        ] as [(String, [String], Int32, String)])
    func optionsNearTheEndsAreRefusedOrRun(_ now: String, _ arguments: [String], _ status: Int32, _ stderr: String)
        throws
    {
        let box = try Sandbox()
        defer { box.remove() }
        let instant = Instant(name: "option", zone: "UTC", now: now, accepted: true, seconds: nil)
        let r = try NitnemBinary.run(arguments, environment: box.environment(instant), timeout: 20)
        let what = "nitnem \(arguments.joined(separator: " ")) at \(now)"
        #expect(r.signal == nil, "\(what): killed by signal \(r.signal ?? 0): \(r.stderr.suffix(600))")
        #expect(r.status == status, "\(what): \(r.stderr)")
        // The line naming the option (a usage error adds the usage line after it).
        #expect(r.stderr.split(separator: "\n").first.map(String.init) ?? "" == stderr, "\(what): \(r.stderr)")
        // After a mark or a pause, the day keys and times written read back.
        let after = try NitnemBinary.run(["status"], environment: box.environment(instant), timeout: 20)
        #expect(after.status == 0 && after.stderr == "", "status after \(what): \(after.stderr)")
    }
}

/// The proleptic Gregorian calendar in seconds after 0001-01-01T00:00:00Z, written for this test
/// (by counting leap years, not the product's days-from-civil), so the test knows which instants
/// are in range without asking the code under test.
enum Gregorian {
    static func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    static func monthDays(_ y: Int) -> [Int] { [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] }

    /// Days from 0001-01-01 to `year`-01-01.
    static func daysBefore(year: Int) -> Int {
        let y = year - 1
        return 365 * y + y / 4 - y / 100 + y / 400
    }

    static func seconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int {
        let days = daysBefore(year: year) + monthDays(year).prefix(month - 1).reduce(0, +) + day - 1
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` in whole seconds (a fraction is dropped: the instant
    /// is in the same second).
    static func parse(_ text: String) -> Int? {
        let b = Array(text.utf8)
        func n(_ r: Range<Int>) -> Int { Int(String(decoding: b[r], as: UTF8.self))! }
        guard b.count >= 17 else { return nil }
        var local = seconds(year: n(0..<4), month: n(5..<7), day: n(8..<10), hour: n(11..<13), minute: n(14..<16))
        var i = 16
        if b[i] == UInt8(ascii: ":") {
            local += n(17..<19)
            i = 19
        }
        if b[i] == UInt8(ascii: ".") {
            i += 1
            while b[i] >= UInt8(ascii: "0") && b[i] <= UInt8(ascii: "9") { i += 1 }
        }
        if b[i] == UInt8(ascii: "Z") { return local }
        let offset = (n(i + 1..<i + 3) * 3600 + n(i + 4..<i + 6) * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        return local - offset
    }

    /// `seconds` on a wall clock `offset` seconds east of UTC: `YYYY-MM-DDTHH:MM:SS` and `Z` or
    /// `±HH:MM`.
    static func format(_ seconds: Int, offset: Int) -> String {
        let local = seconds + offset
        var days = local / 86_400
        let rest = local % 86_400
        var year = 1
        while daysBefore(year: year + 400) <= days { year += 400 }
        while daysBefore(year: year + 1) <= days { year += 1 }
        days -= daysBefore(year: year)
        var month = 1
        for length in monthDays(year) where days >= length {
            days -= length
            month += 1
        }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(repeating: "0", count: 4 - String(year).count) + String(year)
        let zone =
            offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + two(abs(offset) / 3600) + ":" + two(abs(offset) % 3600 / 60)
        return "\(y)-\(two(month))-\(two(days + 1))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))\(zone)"
    }
}
