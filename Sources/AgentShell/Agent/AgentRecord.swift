// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Posix
import Scheduler
import Snapshot

/// What the running agent records beside its one-per-user lock: its pid and the group it watches,
/// so `doctor` can tell when the agent that runs watches another folder than the one asked about.
///
/// The file (`agent.json` beside `agent.lock`) is written atomically right after the lock is taken
/// and stays after the agent exits, like the lock file; it is only believed while its pid is the
/// one in the held lock.
package struct AgentRecord: Equatable, Sendable {
    /// The agent's pid.
    package var pid: Int32
    /// The App Group folder it watches, as it was given.
    package var group: String

    /// The record's file for the lock at `lockPath`: the lock's name with `.json` for `.lock`
    /// (`$XDG_RUNTIME_DIR/nitnem/agent.json` for the default lock).
    package static func path(beside lockPath: String) -> String {
        let folder = Path.folder(of: lockPath)
        var name = Path.name(of: lockPath)
        if name.hasSuffix(".lock") { name.removeLast(".lock".count) }
        return folder + "/" + name + ".json"
    }

    /// `{"pid": N, "group": "…"}`.
    package var json: JSONValue { .object([("pid", .int(Int(pid))), ("group", .string(group))]) }

    /// Records this process as the agent watching `group`, beside the lock at `lockPath` (atomic
    /// replace, 0600). A failure is logged and the agent runs on: the record only informs `doctor`.
    package static func write(beside lockPath: String, group: AppGroup, journal: Journal = Journal()) {
        let record = AgentRecord(pid: getpid(), group: group.path)
        do throws(FileError) {
            try AtomicFile.write(Array((record.json.compact + "\n").utf8), to: path(beside: lockPath), links: .replace)
        } catch {
            journal.log(.warning, "cannot record the group this agent watches: \(error.description)")
        }
    }

    /// The record beside the lock at `lockPath`; nil when it is missing or not a record.
    package static func read(beside lockPath: String) -> AgentRecord? {
        guard let bytes = try? FileReader.read(path(beside: lockPath), limit: 64 << 10),
            let json = try? JSONParser.parse(bytes),
            case .number(let text)? = json["pid"], let pid = Int32(text), pid > 0,
            case .string(let group)? = json["group"]
        else { return nil }
        return AgentRecord(pid: pid, group: group)
    }
}
