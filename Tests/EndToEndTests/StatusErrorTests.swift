// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// What `status` prints when the group cannot be read: a bar reads only stdout, so it gets the
/// error line; a follower that never read a good state says it has nothing to show.
@Suite struct StatusErrorTests {
    static let env = ["TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T06:00:00Z"]

    static func brokenGroup() throws -> TempGroup {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        try Support.write(#"{"schema":1,"banis":[]}"#, to: group.path + "/nitnem-progress.json")
        return group
    }

    static let problem = "$.banis: expected an object of progress by bani id, found an array"

    @Test func waybarGetsTheErrorObjectOnStdout() throws {
        let group = try Self.brokenGroup()
        defer { group.remove() }
        let r = try NitnemBinary.run(
            ["status", "--format", "waybar", "--group", group.path], environment: Self.env)
        #expect(r.status == 2)
        let error = "\(group.path)/nitnem-progress.json: \(Self.problem)"
        #expect(r.stderr == "nitnem: \(error)\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "Nitnem ⚠")
        #expect(object["tooltip"] as? String == error)
        #expect(object["class"] as? [String] == ["error"])
        #expect(r.stdout.hasSuffix("}\n") && r.stdout.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["i3blocks", "polybar"])
    func lineBarsGetTheErrorLine(_ format: String) throws {
        let group = try Self.brokenGroup()
        defer { group.remove() }
        let r = try NitnemBinary.run(["status", "--format", format, "--group", group.path], environment: Self.env)
        #expect(r.status == 2)
        #expect(r.stdout == "Nitnem ⚠ \(group.path)/nitnem-progress.json: \(Self.problem)\n")
    }

    @Test func textAndJSONPrintNothingOnStdout() throws {
        let group = try Self.brokenGroup()
        defer { group.remove() }
        for format in ["text", "json"] {
            let r = try NitnemBinary.run(
                ["status", "--format", format, "--group", group.path], environment: Self.env)
            #expect(r.status == 2)
            #expect(r.stdout == "")
        }
    }

    @Test func aFollowerWithNothingGoodSaysSoThenKeepsTheLastGoodState() throws {
        let group = try Self.brokenGroup()
        defer { group.remove() }
        let follow = try NitnemProcess(
            ["status", "--follow", "--format", "text", "--group", group.path], environment: Self.env,
            stderrPath: group.path + "/../follow.log")
        defer { follow.send(SIGTERM) }
        let first = try #require(follow.readLine(timeout: 5), "no first line: \(follow.stderr)")
        #expect(first.hasPrefix("Nitnem ⚠ "))
        #expect(follow.waitForStderr("nothing to show until it is fixed", timeout: 5))
        #expect(!follow.stderr.contains("showing the last good state"), "\(follow.stderr)")

        // Fixed: a good line; broken again: the last good state is kept, and said to be.
        try Support.copy(StatusCommandTests.demo + "/nitnem-progress.json", to: group.path + "/nitnem-progress.json")
        let good = try #require(follow.readLine(timeout: 5), "no line after the fix: \(follow.stderr)")
        #expect(good.hasPrefix("Amrit Vela · next: "), "\(good)")
        try Support.write("{", to: group.path + "/nitnem-progress.json")
        #expect(follow.waitForStderr("(showing the last good state)", timeout: 5))
    }
}
