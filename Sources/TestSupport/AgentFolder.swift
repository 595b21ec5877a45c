// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// A temp folder to run the agent in: `run/` for `XDG_RUNTIME_DIR`, the group at `group` (a copy of
/// `fixtures/groups/demo`, or made by the agent), the config file at `config` when one is given;
/// `remove()` takes it away.
package struct AgentFolder {
    package let root: String
    package var group: String { root + "/group" }
    package var config: String { root + "/config/nitnem/config" }
    package var lock: String { root + "/run/agent.lock" }

    package init(demoGroup: Bool = false, config text: String? = nil) throws {
        root = Support.tempFolder()
        try Support.makeFolder(root + "/run")
        if demoGroup {
            try FileManager.default.copyItem(
                atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path, toPath: group)
        }
        if let text {
            try Support.makeFolder(root + "/config/nitnem")
            try Support.write(text, to: config)
        }
    }

    package func remove() { Support.cleanup(root) }

    /// UTC on a clock pinned at `now`, with the runtime, state and config folders and HOME here.
    package func environment(now: String) -> [String: String] {
        [
            "TZ": "UTC", "SGGS_CLOCK_NOW": now, "XDG_RUNTIME_DIR": root + "/run", "XDG_STATE_HOME": root + "/state",
            "XDG_CONFIG_HOME": root + "/config", "HOME": root,
        ]
    }

    /// `nitnem run --group <group> arguments…` in `environment`, its stderr in `<root>/log`.
    package func startAgent(_ environment: [String: String], _ arguments: [String] = []) throws -> NitnemProcess {
        try NitnemProcess(["run", "--group", group] + arguments, environment: environment, stderrPath: root + "/log")
    }

    /// `startAgent`, once the agent has logged its first timeline: it has read its files, so what the
    /// test changes next is a change to it. Throws, the agent killed, when none is logged in 10 s.
    package func startedAgent(_ environment: [String: String], _ arguments: [String] = []) throws -> NitnemProcess {
        let agent = try startAgent(environment, arguments)
        guard agent.waitForStderr("timeline written", timeout: 10) else {
            agent.send(SIGKILL)
            throw NotStarted(stderr: agent.stderr)
        }
        return agent
    }

    /// An agent that logged no timeline in time, with what it did log.
    package struct NotStarted: Error, CustomStringConvertible {
        package let stderr: String
        package var description: String { "the agent logged no timeline within 10 s:\n\(stderr)" }
    }
}
