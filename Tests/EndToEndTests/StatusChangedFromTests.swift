// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem status --format json --changed-from TOKEN`: what the KDE Plasma widget runs again on each
/// exit. It prints at once when the output already differs from TOKEN's, else blocks until a change
/// (a `nitnem mark` here), prints one line and exits.
@Suite struct StatusChangedFromTests {
    static let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:00"]

    static func token(_ line: String) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["changeToken"] as? String)
    }

    @Test func aNewTokenPrintsAtOnceTheStatusJSONWithItsToken() throws {
        let group = try TempGroup(copying: NitnemBinary.fixture("groups/demo"))
        defer { group.remove() }
        let r = try NitnemBinary.run(
            ["status", "--format", "json", "--changed-from", "new", "--group", group.path], environment: Self.env)
        #expect(r.status == 0 && r.stderr == "", "\(r.stderr)")
        let plain = try NitnemBinary.run(["status", "--format", "json", "--group", group.path], environment: Self.env)
        // The plain JSON with one member more, the token of the plain line.
        let line = plain.stdout.dropLast()
        #expect(r.stdout == line.dropLast() + ",\"changeToken\":\"\(try Self.token(r.stdout))\"}\n")
        #expect(r.stdout.contains("\"done\":2"))
    }

    @Test func itBlocksUntilAMarkThenPrintsOnceAndExits() throws {
        let group = try TempGroup(copying: NitnemBinary.fixture("groups/demo"))
        defer { group.remove() }
        let first = try NitnemBinary.run(
            ["status", "--format", "json", "--changed-from", "new", "--group", group.path], environment: Self.env)
        let token = try Self.token(first.stdout)
        let stderrPath = group.path + "/../changed.err"
        let process = try NitnemProcess(
            ["status", "--format", "json", "--changed-from", token, "--group", group.path],
            environment: Self.env, stderrPath: stderrPath)
        defer { process.send(SIGTERM) }
        // Unchanged: nothing printed, still running.
        #expect(process.readLine(timeout: 1.5) == nil)
        #expect(process.isRunning, "\(process.stderr)")
        let mark = try NitnemBinary.run(["mark", "sohila", "--group", group.path], environment: Self.env)
        #expect(mark.status == 0, "\(mark.stderr)")
        let line = try #require(process.readLine(timeout: 10), "nothing printed after the mark: \(process.stderr)")
        #expect(line.contains("\"done\":3"), "\(line)")
        #expect(try Self.token(line) != token)
        #expect(process.waitForExit(timeout: 10) == 0, "\(process.stderr)")
        #expect(process.readLine(timeout: 0.2) == nil, "one line only")
        // Run again with the new token: it blocks again (nothing changed since).
        let again = try NitnemProcess(
            ["status", "--format", "json", "--changed-from", try Self.token(line), "--group", group.path],
            environment: Self.env, stderrPath: stderrPath)
        defer { again.send(SIGTERM) }
        #expect(again.readLine(timeout: 1) == nil)
        #expect(again.isRunning)
    }

    @Test(arguments: [
        (["--changed-from", "x"], "--changed-from needs --format json"),
        (["--format", "json", "--follow", "--changed-from", "x"], "--changed-from and --follow cannot be combined"),
    ])
    func itNeedsJSONAndNoFollow(_ extra: [String], _ message: String) throws {
        let r = try NitnemBinary.run(["status"] + extra, environment: Self.env)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
