// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// `nitnem run`'s log lines fit where they go: `<N>` priorities and no time when stderr is the
/// journal (`JOURNAL_STREAM` names it), the agent's own local time and a level word anywhere else.
@Suite struct AgentLogFormatTests {
    struct Sandbox {
        let root: String
        var group: String { root + "/group" }
        var lock: String { root + "/run/agent.lock" }

        init() throws { root = try AgentFolder(demoGroup: true).root }

        func remove() { Support.cleanup(root) }

        /// The agent on a virtual clock at 18:00 in Kolkata, its stderr in a file; stopped after its
        /// first timeline is logged. Returns its log lines.
        func runAgent(journal: Bool, extra: [String: String] = [:]) throws -> [Substring] {
            let agent = try NitnemProcess(
                ["run", "--group", group, "--lock", lock],
                environment: [
                    "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-12-01T18:00:00+05:30",
                    "XDG_RUNTIME_DIR": root + "/run",
                    "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config",
                ].merging(extra) { $1 },
                stderrPath: root + "/agent-\(UUID().uuidString).log", journal: journal)
            #expect(agent.waitForStderr("timeline written", timeout: 10), "\(agent.stderr)")
            #expect(agent.terminate(timeout: 5) == 0)
            return agent.stderr.split(separator: "\n")
        }
    }

    static let stamped = #"^2026-12-01T18:0[0-9]:[0-5][0-9]\+05:30 (error|warning|notice|info|debug) [^ ]"#

    @Test func onTheJournalLinesCarryPrioritiesAndNoTime() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let lines = try box.runAgent(journal: true)
        #expect(lines.first?.hasPrefix("<6>nitnem agent started: group \(box.group), zone Asia/Kolkata") == true)
        #expect(lines.contains("<6>timeline written: 2026-12-01 evening, next rehras/taksal, 0/7"), "\(lines)")
        #expect(lines.last == "<6>signal 15: stopping")
        for line in lines {
            #expect(line.range(of: #"^<[3-7]>"#, options: .regularExpression) != nil, "\(line)")
            #expect(!line.contains("2026-12-01T"), "\(line)")
        }
    }

    @Test(arguments: [nil, "1:2", "garbage"] as [String?])
    func elsewhereLinesCarryTheAgentsLocalTimeAndALevelWord(journalStream: String?) throws {
        let box = try Sandbox()
        defer { box.remove() }
        // A JOURNAL_STREAM that names another file (inherited from a unit) does not count.
        let lines = try box.runAgent(journal: false, extra: journalStream.map { ["JOURNAL_STREAM": $0] } ?? [:])
        let first = try #require(lines.first)
        #expect(
            first.range(
                of: #"^2026-12-01T18:00:0[0-9]\+05:30 info nitnem agent started: group "#, options: .regularExpression)
                != nil, "\(first)")
        #expect(
            lines.contains {
                $0.range(of: Self.stamped, options: .regularExpression) != nil
                    && $0.hasSuffix(" info timeline written: 2026-12-01 evening, next rehras/taksal, 0/7")
            }, "\(lines)")
        #expect(lines.last?.hasSuffix(" info signal 15: stopping") == true, "\(lines)")
        for line in lines {
            #expect(line.range(of: Self.stamped, options: .regularExpression) != nil, "\(line)")
            #expect(!line.hasPrefix("<"), "\(line)")
        }
    }
}
