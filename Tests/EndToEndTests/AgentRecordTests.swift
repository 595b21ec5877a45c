// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// The agent as `doctor` sees it: the group it records watching, and a timeline older than the
/// files it should reflect.
@Suite struct AgentRecordTests {
    typealias Sandbox = AgentRunTests.Sandbox

    /// doctor's environment for `box`: its runtime folder (the agent's lock and record), its home.
    static func doctorEnvironment(_ box: Sandbox) -> [String: String] {
        [
            "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:00", "XDG_RUNTIME_DIR": box.root + "/run",
            "HOME": box.root,
        ]
    }

    @Test func doctorSaysWhichGroupTheRunningAgentWatches() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let other = box.root + "/other"
        try FileManager.default.copyItem(atPath: box.group, toPath: other)
        let agent = try NitnemProcess(
            ["run", "--group", box.group], environment: box.environment(),
            stderrPath: box.root + "/agent.log")
        defer { _ = agent.terminate(timeout: 5) }
        #expect(AgentRunTests.wait { box.firstEntry() != nil }, "\(agent.stderr)")
        let record = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: box.root + "/run/nitnem/agent.json")))
                as? [String: Any])
        #expect(record["pid"] as? Int == Int(agent.pid))
        #expect(record["group"] as? String == box.group)

        let wrong = try NitnemBinary.run(["doctor", "--group", other], environment: Self.doctorEnvironment(box))
        #expect(
            wrong.stdout.contains(
                "warn  agent        running (pid \(agent.pid)) but it watches \(box.group), not \(other)"),
            "\(wrong.stdout)")
        let right = try NitnemBinary.run(
            ["doctor", "--group", box.group + "/"], environment: Self.doctorEnvironment(box))
        #expect(
            right.stdout.contains("ok    agent        running (pid \(agent.pid)), watching \(box.group)/"),
            "\(right.stdout)")
    }

    @Test func doctorWarnsWhenTheTimelineIsOlderThanTheProgressFile() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let env = Self.doctorEnvironment(box)
        #expect(try NitnemBinary.run(["timeline", "--write", "--group", box.group], environment: env).status == 0)
        let fresh = try NitnemBinary.run(["doctor", "--group", box.group], environment: env)
        #expect(fresh.stdout.contains("ok    timeline     \(box.timeline), valid until"), "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("is older than"))

        // A mark the agent never saw (it watches another folder, or none runs).
        try FileManager.default.setAttributes(
            [.modificationDate: Foundation.Date().addingTimeInterval(120)], ofItemAtPath: box.progress)
        let behind = try NitnemBinary.run(["doctor", "--group", box.group], environment: env)
        #expect(
            behind.stdout.contains(
                "warn  timeline     \(box.timeline) is older than \(box.progress): it does not reflect it"),
            "\(behind.stdout)")
    }

    /// A relative `--group` is made absolute against the working directory before it is recorded or
    /// compared: the agent started in one folder and doctor in another agree on the folder.
    @Test func aRelativeGroupIsRecordedAndComparedAsAnAbsolutePath() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // The folder as getcwd names it (no symlink on the way).
        let root = try #require(
            realpath(box.root, nil).map { path in
                defer { free(path) }
                return String(cString: path)
            })
        let group = root + "/group"
        let agent = try NitnemProcess(
            ["run", "--group", "group"], environment: box.environment(), stderrPath: box.root + "/agent.log",
            currentDirectory: root)
        defer { _ = agent.terminate(timeout: 5) }
        #expect(AgentRunTests.wait { box.firstEntry() != nil }, "\(agent.stderr)")
        #expect(agent.stderr.contains("nitnem agent started: group \(group),"), "\(agent.stderr)")
        let record = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: box.root + "/run/nitnem/agent.json")))
                as? [String: Any])
        #expect(record["group"] as? String == group)

        // From another folder, the same group named relatively (and untidily), by flag or variable.
        let env = Self.doctorEnvironment(box)
        let byFlag = try NitnemBinary.run(
            ["doctor", "--group", "../group/./"], environment: env, currentDirectory: root + "/run")
        #expect(
            byFlag.stdout.contains("ok    agent        running (pid \(agent.pid)), watching \(group)\n"),
            "\(byFlag.stdout)")
        #expect(byFlag.stdout.contains("  group        \(group) (mode "), "\(byFlag.stdout)")
        var variable = env
        variable["SGGS_APP_GROUP"] = "group"
        let byVariable = try NitnemBinary.run(["doctor"], environment: variable, currentDirectory: root)
        #expect(
            byVariable.stdout.contains("ok    agent        running (pid \(agent.pid)), watching \(group)\n"),
            "\(byVariable.stdout)")
        // `group` from another folder is another folder: said with both absolute paths.
        let elsewhere = try NitnemBinary.run(
            ["doctor", "--group", "group"], environment: env, currentDirectory: root + "/run")
        #expect(
            elsewhere.stdout.contains(
                "warn  agent        running (pid \(agent.pid)) but it watches \(group), not \(root)/run/group"),
            "\(elsewhere.stdout)")
    }
}
