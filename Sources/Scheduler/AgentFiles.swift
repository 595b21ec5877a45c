import Foundation
import Snapshot

/// Where the agent keeps its own files, beside the App Group.
public struct AgentPaths: Hashable, Sendable {
    /// The config file: `--config FILE`, else `$XDG_CONFIG_HOME/nitnem/config`.
    public var config: String
    /// The reminder ledger: `$XDG_STATE_HOME/nitnem/reminders.json`.
    public var ledger: String

    /// The default paths for `environment`, with `configFlag` overriding the config file.
    public static func resolve(configFlag: String?, environment: [String: String]) -> AgentPaths {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func xdg(_ name: String, _ fallback: String) -> String {
            if let v = environment[name], v.hasPrefix("/") { return v }
            return home + "/" + fallback
        }
        return AgentPaths(
            config: configFlag ?? xdg("XDG_CONFIG_HOME", ".config") + "/nitnem/config",
            ledger: xdg("XDG_STATE_HOME", ".local/state") + "/nitnem/reminders.json")
    }

    public init(config: String, ledger: String) {
        self.config = config
        self.ledger = ledger
    }
}

extension AgentConfig {
    /// Reads the config file at `path`; the defaults when it does not exist.
    /// - Throws: `ConfigError` naming the file (and line) for anything unreadable or wrong.
    public static func load(path: String) throws(ConfigError) -> AgentConfig {
        let bytes: [UInt8]?
        do {
            bytes = try FileReader.read(path, limit: 64 << 10)
        } catch {
            throw ConfigError(path: path, line: nil, problem: error.problem)
        }
        guard let bytes else { return AgentConfig() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(path: path, line: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }
}

/// Loads and saves the reminder ledger atomically; a corrupt ledger is set aside, never trusted.
public enum ReminderLedgerStore {
    /// The ledger at `path`, an empty one when missing. A corrupt file is renamed to
    /// `<path>.corrupt` and reported in `problem`, and an empty ledger is used.
    public static func load(path: String, setAside: Bool = true) -> (ledger: ReminderLedger, problem: String?) {
        do {
            guard let bytes = try FileReader.read(path, limit: 1 << 20) else { return (ReminderLedger(), nil) }
            return (try ReminderLedger.decode(try JSONParser.parse(bytes, path: path), path: path), nil)
        } catch {
            guard setAside else { return (ReminderLedger(), error.description) }
            let aside = path + ".corrupt"
            let moved = rename(path, aside) == 0
            return (
                ReminderLedger(),
                "\(error.description); \(moved ? "set aside as \(aside)" : "could not set it aside"), starting a new ledger"
            )
        }
    }

    /// Writes `ledger` to `path` atomically (0600), creating the folder (0700).
    public static func save(_ ledger: ReminderLedger, to path: String) throws(SnapshotError) {
        try AtomicFile.write(Array(ledger.json.pretty.utf8), to: path)
    }
}
