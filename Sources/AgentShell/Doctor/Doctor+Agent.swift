// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

extension Doctor {
    /// The unit's file name, as `make install` and the `.deb` install it.
    static let unitName = "nitnem.service"

    /// The `nitnem.service` the user manager would load: the first in `unitFolders` that has one;
    /// nil when none does.
    func installedUnit() -> String? {
        unitFolders.map { $0 + "/" + Self.unitName }.first { FileStatus.lookup($0)?.kind == .regular }
    }

    /// Whether `nitnem.service` is enabled: `default.target.wants/nitnem.service` (the unit's
    /// `WantedBy=default.target`) in one of `unitFolders`, pointing at something.
    func unitEnabled() -> Bool {
        unitFolders.contains { FileReader.exists($0 + "/default.target.wants/" + Self.unitName) }
    }

    /// The agent, as the lock says: running (and watching `group`), not running (and how to start
    /// it), or the lock's problem.
    static func diagnose(_ facts: AgentFacts, group: AppGroup) -> Finding {
        switch facts {
        case .free(let unit, let enabled): notRunning(unit: unit, enabled: enabled)
        case .held(let pid, let record): running(pid: pid, record: record, group: group)
        case .unknown(let problem): Finding(.fail, .agentLock, problem)
        }
    }

    /// No agent holds the lock: how to start one. With `unit` installed, its `systemctl` line (and
    /// when it is `enabled` yet not running, where to read why); else `nitnem run` or the unit in
    /// `contrib/`.
    static func notRunning(unit: String?, enabled: Bool) -> Finding {
        guard let unit else {
            return Finding(
                .warn, .agentNotRunning, "not running",
                remedy: .init("start it: nitnem run, or the systemd unit in contrib/", .parentheses))
        }
        if enabled {
            return Finding(
                .warn, .agentEnabled, "not running, though \(unitName) is enabled (\(unit))",
                remedy: .init(
                    "journalctl --user -u nitnem says why; run systemctl --user restart \(unitName)", .colon))
        }
        return Finding(
            .warn, .agentInstalled, "not running, but \(unitName) is installed (\(unit))",
            remedy: .init("run systemctl --user enable --now \(unitName)", .colon))
    }

    /// The running agent (`pid`, from its lock; `record`, its `agent.json`): whether the group it
    /// recorded watching is `group`.
    static func running(pid: Int32?, record: AgentRecord?, group: AppGroup) -> Finding {
        let running = "running (pid \(pid.map(String.init) ?? "unknown"))"
        guard let record, pid == nil || record.pid == pid else {
            return Finding(.ok, .agentUnrecorded, "\(running); the group it watches is not recorded (an older agent?)")
        }
        if samePath(record.group, group.path) {
            return Finding(.ok, .agentRunning, "\(running), watching \(group.path)")
        }
        return Finding(
            .warn, .agentOtherGroup, "\(running) but it watches \(record.group), not \(group.path)",
            remedy: .init("restart it with --group, or check SGGS_APP_GROUP", .parentheses))
    }

    /// Whether `a` and `b` name the same folder (symlinks, `.` and `..` and trailing slashes aside).
    /// Both are absolute: `UserPaths.group` resolves a relative `--group` against the working
    /// directory of the command that was given it, the agent's as well as doctor's.
    static func samePath(_ a: String, _ b: String) -> Bool {
        func canonical(_ p: String) -> String { FileReader.resolvedPath(p) ?? p }
        return a == b || canonical(a) == canonical(b)
    }

    /// What config `rehras` does with `snapshot`: which Rehras the evening set counts, or that it
    /// changes nothing (one Rehras, as in the embedded registry).
    static func rehras(_ variant: RehrasVariant, snapshot: NitnemSnapshot, source: GroupFiles.Source) -> Finding {
        let forms = snapshot.banis.filter { $0.key == "rehras" }
        if let chosen = snapshot.rehras(variant: variant.rawValue) {
            return Finding(
                .ok, .rehras, "rehras = \(variant.rawValue): the evening set counts \(chosen.id) (\(chosen.titleEn))")
        }
        if forms.count > 1 {
            return Finding(
                .warn, .rehrasNoSuchVariant,
                "rehras = \(variant.rawValue): the snapshot has no such Rehras (\(forms.map { $0.id }.joined(separator: ", "))); the setting has no effect"
            )
        }
        let which = source == .embedded ? "the embedded registry" : "the snapshot"
        return Finding(.ok, .rehrasNoEffect, "rehras = \(variant.rawValue) has no effect: \(which) has one Rehras")
    }
}
