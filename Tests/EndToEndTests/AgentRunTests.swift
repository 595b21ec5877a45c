// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// `nitnem run` and `status --follow` as a user runs them: the real binary on a temp group, on a
/// clock pinned just before 17:00 and flowing fast. Every wait is bounded.
@Suite struct AgentRunTests {
    /// A temp folder with a copy of `fixtures/groups/demo` as the group, and the agent's paths.
    struct Sandbox {
        let root: String
        var group: String { root + "/group" }
        var lock: String { root + "/run/agent.lock" }
        var timeline: String { group + "/widgets/NitnemNow.json" }
        var progress: String { group + "/nitnem-progress.json" }

        init() throws { root = try AgentFolder(demoGroup: true).root }

        func remove() { Support.cleanup(root) }

        /// The environment of a run: Kolkata, the clock at `now` flowing `rate` times faster.
        func environment(now: String = "2026-11-29T16:59:50", rate: Int = 20) -> [String: String] {
            [
                "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": now, "SGGS_CLOCK_RATE": "\(rate)",
                "XDG_RUNTIME_DIR": root + "/run",
            ]
        }

        func startAgent(now: String = "2026-11-29T16:59:50") throws -> NitnemProcess {
            try NitnemProcess(
                ["run", "--group", group, "--lock", lock], environment: environment(now: now),
                stderrPath: root + "/agent-\(UUID().uuidString).log")
        }

        /// The timeline's first entry: `(band id, next id or "-")`, or nil when missing or unreadable.
        func firstEntry() -> (band: String, next: String)? {
            guard let data = FileManager.default.contents(atPath: timeline),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let entries = object["entries"] as? [[String: Any]], let first = entries.first,
                let band = (first["band"] as? [String: Any])?["id"] as? String
            else { return nil }
            return (band, ((first["next"] as? [String: Any])?["id"] as? String) ?? "-")
        }

        func modified(_ path: String) -> Date? {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Foundation.Date).map(
                Date.init)
        }

        /// `nitnem mark` at a pinned evening instant.
        func mark(_ bani: String, undo: Bool = false) throws -> NitnemBinary.Result {
            try NitnemBinary.run(
                ["mark", bani, "--group", group] + (undo ? ["--undo"] : []),
                environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:05"])
        }
    }

    static func wait(_ seconds: TimeInterval = 5, _ condition: () -> Bool) -> Bool {
        NitnemProcess.waitUntil(timeout: seconds, condition)
    }

    static func lines(_ text: String, containing needle: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(needle) }
    }

    @Test func theAgentFollowsBandStartsMarksBadFilesAndStopsOnSIGTERM() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let agent = try box.startAgent()

        // Before 17:00 (simulated) the morning; at 17:00 (half a real second later) the evening.
        #expect(Self.wait { box.firstEntry() != nil }, "the agent wrote no timeline: \(agent.stderr)")
        #expect(Self.wait { box.firstEntry()?.band == "evening" }, "no evening timeline: \(agent.stderr)")
        #expect(box.firstEntry()?.next == "rehras/taksal")
        let mode = (try FileManager.default.attributesOfItem(atPath: box.timeline))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The line follows the write (it says what happened), so it may land a moment after the file.
        #expect(Self.wait { agent.stderr.contains("<6>timeline written: 2026-11-29 evening, next rehras/taksal, 2/7") })

        // Marking Rehras rewrites the file with the next bani.
        #expect(try box.mark("rehras").status == 0)
        #expect(Self.wait { box.firstEntry()?.next == "kirtan_sohila" }, "no rewrite after mark: \(agent.stderr)")

        // A corrupt progress file, written twice the same way: one error line, the agent keeps going and
        // the timeline keeps the last good state.
        try Data("{\"schema\":1,\"banis\":".utf8).write(to: URL(fileURLWithPath: box.progress))
        #expect(Self.wait { agent.stderr.contains("<3>") }, "no error logged: \(agent.stderr)")
        try Data("{\"schema\":1,\"banis\":".utf8).write(to: URL(fileURLWithPath: box.progress))
        usleep(300_000)
        let errors = Self.lines(agent.stderr, containing: "<3>")
        #expect(errors.count == 1, "\(agent.stderr)")
        #expect(errors.first?.contains(box.progress) == true)
        #expect(errors.first?.hasSuffix("(keeping the last good state)") == true)
        #expect(agent.isRunning)
        #expect(box.firstEntry()?.next == "kirtan_sohila")

        // Fixed (rehras undone): recovery is logged and the timeline follows.
        try FileManager.default.removeItem(atPath: box.progress)
        try FileManager.default.copyItem(
            atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo/nitnem-progress.json").path,
            toPath: box.progress)
        #expect(Self.wait { agent.stderr.contains("<5>files read again without error; problems cleared") })
        #expect(Self.wait { box.firstEntry()?.next == "rehras/taksal" }, "\(agent.stderr)")

        #expect(agent.terminate(timeout: 5) == 0)
        #expect(agent.stderr.contains("<6>signal 15: stopping"))
        // Every log line carries a journald priority.
        for line in agent.stderr.split(separator: "\n") {
            #expect(line.range(of: #"^<[3-7]>"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test func aSecondAgentWithTheSameLockExitsThreeNamingThePid() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let first = try box.startAgent(now: "2026-11-29T12:00")
        #expect(Self.wait { first.stderr.contains("agent started") && box.firstEntry() != nil })
        let second = try NitnemBinary.run(
            ["run", "--group", box.group, "--lock", box.lock], environment: box.environment(now: "2026-11-29T12:00"))
        // Exit 3: the unit's RestartPreventExitStatus, so systemd never loops on it.
        #expect(second.status == 3)
        #expect(second.stderr.contains("pid \(first.pid)"), "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1)
        #expect(first.isRunning)
        first.send(SIGINT)
        #expect(first.waitForExit(timeout: 5) == 0)
    }

    @Test func aDeletedGroupFolderIsRecreatedWithItsTimeline() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let agent = try box.startAgent(now: "2026-11-29T12:00")
        #expect(Self.wait { box.firstEntry() != nil })
        try FileManager.default.removeItem(atPath: box.group)
        #expect(Self.wait { box.firstEntry() != nil }, "\(agent.stderr)")
        #expect(agent.stderr.contains("the group folder is gone; recreating it"))
        // Now from the embedded registry, with no progress.
        #expect(box.firstEntry()?.next == "japji")
        var info = stat()
        #expect(stat(box.group, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(agent.terminate(timeout: 5) == 0)
    }

    @Test func statusFollowPrintsALineNowAnotherOnChangeAndExitsWhenTheReaderCloses() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let follow = try NitnemProcess(
            ["status", "--follow", "--format", "waybar", "--group", box.group],
            environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:05"],
            stderrPath: box.root + "/follow.log")
        let first = try #require(follow.readLine(timeout: 5), "no first line: \(follow.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "Rehras Sahib · 2/7")
        #expect(object["class"] as? [String] == ["evening", "pending"])
        // Nothing changes: nothing more.
        #expect(follow.readLine(timeout: 0.3) == nil)

        #expect(try box.mark("rehras").status == 0)
        let second = try #require(follow.readLine(timeout: 5), "no line after mark: \(follow.stderr)")
        #expect(second.contains(#""text":"Kirtan Sohila · 3/7""#), "\(second)")
        #expect(!second.contains("\n"))

        try follow.closeStdout()
        #expect(follow.waitForExit(timeout: 5) == 0, "not a clean exit after its reader closed")
        #expect(follow.stderr == "")
    }
}
