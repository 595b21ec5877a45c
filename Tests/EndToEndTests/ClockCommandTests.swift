import Foundation
import TestSupport
import Testing

@Suite struct ClockCommandTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let tz: String
        let now: String
        var testDescription: String { name }
    }

    static let goldenCases = [
        Case(name: "kolkata-night", tz: "Asia/Kolkata", now: "2026-11-29T22:00"),
        Case(name: "utc-before-roll", tz: "UTC", now: "2026-11-30T02:59:59Z"),
        Case(name: "helsinki-spring-gap", tz: "Europe/Helsinki", now: "2026-03-29T02:30:00+02:00"),
        Case(name: "santiago-no-midnight", tz: "America/Santiago", now: "2026-09-05T20:00"),
        Case(name: "apia-skipped-date", tz: "Pacific/Apia", now: "2011-12-29T20:00"),
        Case(name: "lord-howe-dst", tz: "Australia/Lord_Howe", now: "2026-10-03T23:00"),
    ]

    @Test(arguments: goldenCases)
    func jsonMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(
            ["clock", "--format", "json"], environment: ["TZ": c.tz, "SGGS_CLOCK_NOW": c.now])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == (try Golden.expected("clock/\(c.name).json", actual: r.stdout)))
        // One object, with the documented keys in order.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["nextFixedPoints"] as? [String])?.count == 4)
        #expect((object["nextReminders"] as? [[String: String]])?.count == 3)
    }

    @Test(arguments: goldenCases)
    func textMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(["clock"], environment: ["TZ": c.tz, "SGGS_CLOCK_NOW": c.now])
        #expect(r.status == 0)
        #expect(r.stdout == (try Golden.expected("clock/\(c.name).txt", actual: r.stdout)))
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
        #expect(r.stderr.contains("usage: nitnem clock [--format text|json]"))
        #expect(r.stdout == "")
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
        #expect(clock.stdout.contains("USAGE: nitnem clock [--format text|json]"))
        #expect(clock.stdout.contains("SGGS_CLOCK_NOW"))
    }
}
