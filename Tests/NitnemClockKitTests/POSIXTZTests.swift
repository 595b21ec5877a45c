// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@Suite struct POSIXTZTests {
    static func at(_ text: String) -> Date { instant(text) }

    @Test(arguments: [
        ("IST-5:30", 19_800, "IST", "GMT+0530"), ("<+0330>-3:30", 12_600, "+0330", "GMT+0330"),
        ("EST+5", -18_000, "EST", "GMT-0500"), ("UTC0", 0, "UTC", "GMT"), ("<-03>3", -10_800, "-03", "GMT-0300"),
        ("XYZ-13:45:30", 49_530, "XYZ", "GMT+1345"),
    ])
    func fixed(_ text: String, _ offset: Int, _ abbreviation: String, _ identifier: String) throws {
        let zone = try #require(Zone(posixTZ: text))
        for t in ["1900-01-01T00:00:00Z", "2026-07-01T12:00:00Z", "2500-01-01T00:00:00Z"] {
            #expect(zone.offset(at: Self.at(t)) == offset)
            #expect(zone.abbreviation(at: Self.at(t)) == abbreviation)
        }
        #expect(zone.identifier == identifier)
    }

    /// The US rules as a POSIX string (and as the default when a DST name has no rule) agree with
    /// America/New_York (ICU) from 2007 on, at random instants and around each change.
    @Test(arguments: ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT", "EST5EDT4,M3.2.0/2:00:00,M11.1.0/02"])
    func usRulesAgreeWithNewYork(_ text: String) throws {
        let zone = try #require(Zone(posixTZ: text))
        let ny = TimeZone(identifier: "America/New_York")!
        let from = Self.at("2007-01-01T00:00:00Z")
        let to = Self.at("2037-12-31T00:00:00Z")
        let changes = zone.offsetChanges(from: from, to: to)
        #expect(changes.count == 2 * 31)
        var rng = SeededRandom(seed: 5)
        var instants = changes.flatMap { [$0 - 1, $0, $0 + 1] }
        for _ in 0..<500 {
            instants.append(
                Date(
                    timeIntervalSince1970: Double.random(
                        in: from.timeIntervalSince1970..<to.timeIntervalSince1970, using: &rng)))
        }
        for t in instants {
            #expect(zone.offset(at: t) == ny.secondsFromGMT(for: t.foundation), "\(t)")
            #expect(zone.abbreviation(at: t) == (ny.isDaylightSavingTime(for: t.foundation) ? "EDT" : "EST"))
        }
        #expect(zone.identifier == text)
    }

    /// `Jn` never counts February 29; `n` does; rule times run from -167 to 167 hours.
    @Test(arguments: [
        // J60 is March 1 in every year.
        ("AAA3BBB,J60/0,J305/0", "2024-03-01T03:00:00Z", -10_800, -7_200),
        ("AAA3BBB,J60/0,J305/0", "2025-03-01T03:00:00Z", -10_800, -7_200),
        // Zero-based 59 is February 29 in a leap year, March 1 otherwise.
        ("AAA3BBB,59/0,304/0", "2024-02-29T03:00:00Z", -10_800, -7_200),
        ("AAA3BBB,59/0,304/0", "2025-03-01T03:00:00Z", -10_800, -7_200),
        // Negative times (RFC 8536 version 3): Saturday 22:00 local, 01:00 UTC, as in the EU.
        ("XXX3YYY,M3.5.0/-2,M10.5.0/-1", "2026-03-29T01:00:00Z", -10_800, -7_200),
        ("XXX3YYY,M3.5.0/-2,M10.5.0/-1", "2026-10-25T01:00:00Z", -7_200, -10_800),
        // 167 hours after January 1: January 7, 23:00.
        ("AAA0BBB,J1/167,J365/0", "2026-01-07T23:00:00Z", 0, 3_600),
        ("AAA0BBB,J1/167,J365/0", "2026-12-30T23:00:00Z", 3_600, 0),
        // The week 5 rule is the last such weekday: the last Sunday of February 2026 is the 22nd.
        ("AAA0BBB,M2.5.0/0,M11.5.0/0", "2026-02-22T00:00:00Z", 0, 3_600),
        // A southern zone: daylight time spans the new year.
        ("<+10>-10<+11>,M10.1.0,M4.1.0/3", "2026-04-04T16:00:00Z", 39_600, 36_000),
        ("<+10>-10<+11>,M10.1.0,M4.1.0/3", "2026-10-03T16:00:00Z", 36_000, 39_600),
    ])
    func rules(_ text: String, _ change: String, _ before: Int, _ after: Int) throws {
        let zone = try #require(Zone(posixTZ: text))
        let t = Self.at(change)
        #expect(zone.offset(at: t - 1) == before, "\(text) before \(change)")
        #expect(zone.offset(at: t) == after, "\(text) at \(change)")
    }

    /// Daylight time all year (RFC 8536 §3.3.1's example): never standard time.
    @Test func allYearDaylightTime() throws {
        let zone = try #require(Zone(posixTZ: "EST5EDT4,0/0,J365/25"))
        var t = Self.at("2025-12-25T00:00:00Z")
        while t < Self.at("2027-01-10T00:00:00Z") {
            #expect(zone.offset(at: t) == -14_400, "\(t)")
            t += 3 * 3600 + 17
        }
    }

    @Test(arguments: [
        "", "AB5", "EST", "5", "EST5EDT,M13.1.0,M11.1.0", "IST-5:60", "EST5EDT,M3.2.0", "<AB>5", "EST25",
        "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,366,1", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,M3.2.0,M11.1.0x", "EST5:", "<+03", "E1T5",
    ])
    func invalid(_ text: String) {
        #expect(Zone(posixTZ: text) == nil, "\(text)")
    }

    /// A wall time on the US rules: in the spring gap, the first instant after it; in the autumn
    /// repeat, the first occurrence.
    @Test func resolvesWallTimes() throws {
        let zone = try #require(Zone(posixTZ: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(zone.resolve(day("2026-03-08"), WallTime(hour: 2, minute: 30)!) == Self.at("2026-03-08T07:00:00Z"))
        #expect(zone.resolve(day("2026-11-01"), WallTime(hour: 1, minute: 30)!) == Self.at("2026-11-01T05:30:00Z"))
        #expect(zone.resolve(day("2026-07-01"), WallTime(hour: 3, minute: 0)!) == Self.at("2026-07-01T07:00:00Z"))
    }
}
