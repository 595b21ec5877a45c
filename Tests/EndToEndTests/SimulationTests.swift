// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem simulate` through the built binary: deterministic output, and usage errors (the
/// simulation itself, in process: SchedulerTests' `SimulationTests`).
@Suite struct SimulationTests {
    static let demo = NitnemBinary.fixture("groups/demo")

    @Test func theBinaryIsDeterministicAndMatchesTheCore() throws {
        let args = [
            "simulate", "--group", Self.demo, "--from", "2026-11-29T00:00", "--to", "2026-12-06T00:00", "--mark",
            "2026-11-29T18:00=rehras", "--mark", "2026-11-30T06:00=japji", "--asleep",
            "2026-12-01T08:00/2026-12-01T19:00",
        ]
        let env = ["TZ": "Asia/Kolkata"]
        let a = try NitnemBinary.run(args, environment: env)
        let b = try NitnemBinary.run(args, environment: env)
        #expect(a.status == 0)
        #expect(a.stderr == "")
        #expect(a.stdout == b.stdout)
        let all = a.stdout.split(separator: "\n")
        let lines = all.filter { $0.contains(#""event":"timeline""#) }
        #expect(lines.count == 1 + 7 * 4 + 2 - 2 + 1, "\(a.stdout)")
        // The night of the 28th (due before the start: late, once), then seven days of three slots (the
        // evening of 1 December slept through its slot: late, at 19:00).
        #expect(all.count - lines.count == 1 + 7 * 3, "\(a.stdout)")
        #expect(
            lines.first
                == #"{"at":"2026-11-29T00:00:00+05:30","event":"timeline","dayKey":"2026-11-28","band":"night","next":"chaupai","done":5,"total":7}"#
        )
        #expect(
            a.stdout.contains(
                #"{"at":"2026-12-01T19:00:00+05:30","event":"timeline","dayKey":"2026-12-01","band":"evening","next":"rehras/taksal","done":0,"total":7}"#
            ))
        // A year in release takes well under a second; in a debug build, a few.
        let year = try NitnemBinary.run(
            ["simulate", "--group", Self.demo, "--from", "2026-01-01T00:00:00Z", "--to", "2027-01-01T00:00:00Z"],
            environment: ["TZ": "Europe/Helsinki"])
        #expect(year.status == 0)
        let yearLines = year.stdout.split(separator: "\n")
        #expect(yearLines.filter { $0.contains(#""event":"timeline""#) }.count == 1 + 365 * 4)
        // 00:00Z is 02:00 in Helsinki: the night of 31 December 2025 is still due, then 365 days of three.
        #expect(yearLines.filter { $0.contains(#""event":"reminder"#) }.count == 1 + 365 * 3)
    }

    struct BadFlags: Sendable, CustomTestStringConvertible {
        let args: [String]
        let message: String
        var testDescription: String { message }
    }

    /// A day to simulate: the flags every row after the window's own errors starts with.
    static let day = ["--from", "2026-11-29T10:00", "--to", "2026-11-30T10:00"]

    static let badFlags: [BadFlags] = [
        BadFlags(args: ["--to", "2026-11-29T10:00"], message: "nitnem: missing --from"),
        BadFlags(
            args: ["--from", "yesterday", "--to", "2026-11-29T10:00"],
            message:
                "nitnem: --from: 'yesterday' is not a time; use 2026-11-29T22:00:00+05:30, …Z, or a local 2026-11-29T22:00"
        ),
        BadFlags(
            args: ["--from", "2026-11-29T10:00", "--to", "2026-11-29T09:00"], message: "nitnem: --to is before --from"),
        BadFlags(
            args: day + ["--mark", "2026-11-29T11:00"], message: "nitnem: --mark: '2026-11-29T11:00' is not AT=BANI"),
        BadFlags(
            args: day + ["--mark", "2026-11-29T11:00=nope"],
            message: "nitnem: --mark: unknown bani 'nope'; known: japji"),
        BadFlags(args: day + ["--mark", "soon=japji"], message: "nitnem: --mark: 'soon' is not a time"),
        BadFlags(
            args: day + ["--asleep", "2026-11-29T11:00"], message: "nitnem: --asleep: '2026-11-29T11:00' is not FROM/TO"
        ),
        BadFlags(
            args: day + ["--asleep", "2026-11-29T12:00/2026-11-29T11:00"],
            message: "nitnem: --asleep: '2026-11-29T12:00/2026-11-29T11:00' ends before it starts"),
        BadFlags(args: day + ["--bogus"], message: "nitnem: unknown option '--bogus'"),
    ]

    @Test(arguments: badFlags)
    func badFlagsExitTwoWithAClearMessage(_ c: BadFlags) throws {
        let r = try NitnemBinary.run(["simulate", "--group", Self.demo] + c.args, environment: ["TZ": "Asia/Kolkata"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(c.message), "\(r.stderr)")
    }
}
