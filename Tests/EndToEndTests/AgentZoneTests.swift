// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// `nitnem run --localtime FILE`: the zone at the start is read through the flag's link too, not
/// only after the link changes.
@Suite struct AgentZoneTests {
    typealias Sandbox = AgentRunTests.Sandbox

    @Test func runReadsTheZoneThroughLocaltimeAtStart() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let link = box.root + "/localtime"
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Kolkata")
        var env = box.environment(now: "2026-11-29T05:00:00Z", rate: 1)
        env["TZ"] = nil
        let agent = try NitnemProcess(
            ["run", "--group", box.group, "--lock", box.lock, "--localtime", link], environment: env,
            stderrPath: box.root + "/agent.log")
        defer { _ = agent.terminate(timeout: 5) }
        #expect(AgentRunTests.wait { agent.stderr.contains("nitnem agent started") }, "\(agent.stderr)")
        #expect(agent.stderr.contains("zone Asia/Kolkata"), "\(agent.stderr)")
        // 05:00Z is 10:30 in Kolkata: the morning band, not UTC's Amrit Vela.
        #expect(AgentRunTests.wait { box.firstEntry() != nil })
        #expect(box.firstEntry()?.band == "morning")
    }
}
