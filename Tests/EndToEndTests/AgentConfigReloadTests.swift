import Foundation
import TestSupport
import Testing

/// SIGHUP reloads the config; a bad file keeps the old one and says so, naming file and line.
@Suite struct AgentConfigReloadTests {
    @Test func sighupReloadsAndABadFileKeepsTheOldConfig() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-hup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let config = root + "/nitnem.conf"
        try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
        try "reminders = on\n".write(toFile: config, atomically: true, encoding: .utf8)
        let env = [
            "TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T10:00:00Z", "XDG_RUNTIME_DIR": root + "/run",
            "XDG_STATE_HOME": root + "/state", "HOME": root,
        ]
        let agent = try NitnemProcess(
            ["run", "--group", root + "/group", "--config", config], environment: env, stderrPath: root + "/log")
        defer { agent.send(SIGKILL) }
        #expect(NitnemProcess.waitUntil(timeout: 10) { agent.stderr.contains("timeline written") }, "\(agent.stderr)")

        try "reminders = on\nreminder.evening = 23:00\n".write(toFile: config, atomically: true, encoding: .utf8)
        agent.send(SIGHUP)
        let bad =
            "<3>\(config):2: reminder.evening: 23:00 is outside the Evening band (17:00–20:59) (keeping the previous configuration)"
        #expect(NitnemProcess.waitUntil(timeout: 10) { agent.stderr.contains(bad) }, "\(agent.stderr)")
        #expect(agent.isRunning)

        try "reminders = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        agent.send(SIGHUP)
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { agent.stderr.contains("<5>configuration reloaded") },
            "\(agent.stderr)")
        agent.send(SIGTERM)
        #expect(agent.waitForExit(timeout: 10) == 0)
    }
}

@Suite struct AgentTimelineRemovedTests {
    @Test func aTimelineRemovedByHandIsWrittenAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-rm-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
        let env = [
            "TZ": "UTC", "SGGS_CLOCK_NOW": "2026-11-29T10:00:00Z", "XDG_RUNTIME_DIR": root + "/run",
            "XDG_STATE_HOME": root + "/state", "HOME": root,
        ]
        let timeline = root + "/group/widgets/NitnemNow.json"
        let agent = try NitnemProcess(
            ["run", "--group", root + "/group"], environment: env, stderrPath: root + "/log")
        defer { agent.send(SIGKILL) }
        #expect(NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) })
        try FileManager.default.removeItem(atPath: timeline)
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) }, "\(agent.stderr)"
        )
        try FileManager.default.removeItem(atPath: root + "/group/widgets")
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) }, "\(agent.stderr)"
        )
        #expect(agent.stderr.contains("<4>\(timeline) was removed; writing it again"))
        agent.send(SIGTERM)
        #expect(agent.waitForExit(timeout: 10) == 0)
    }
}
