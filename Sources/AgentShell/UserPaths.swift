import Posix
import Snapshot

/// Where this user's files are: the one resolver of `--group`, `SGGS_APP_GROUP` and the XDG
/// base directories (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_RUNTIME_DIR`).
///
/// An XDG variable that is unset, empty or not absolute is ignored, as the base directory spec
/// says; `HOME` (else the passwd entry) fills in.
package struct UserPaths: Sendable {
    /// The environment the paths come from.
    package let environment: [String: String]

    /// Paths for `environment`.
    package init(environment: [String: String]) { self.environment = environment }

    /// `$HOME`, else the passwd entry's home, else `/`.
    package var home: String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return UserAccount.home() ?? "/"
    }

    /// `$name` when absolute, else `~/fallback`.
    func xdg(_ name: String, _ fallback: String) -> String {
        if let value = environment[name], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    /// The App Group: `flag` (from `--group`), else `$SGGS_APP_GROUP`, else
    /// `$XDG_DATA_HOME/sggs/group.org.sggs` (`~/.local/share/sggs/group.org.sggs`).
    package func group(flag: String? = nil) -> AppGroup {
        if let flag, !flag.isEmpty { return AppGroup(path: flag) }
        if let group = environment["SGGS_APP_GROUP"], !group.isEmpty { return AppGroup(path: group) }
        return AppGroup(path: xdg("XDG_DATA_HOME", ".local/share") + "/sggs/group.org.sggs")
    }

    /// The config file: `flag` (from `--config`), else `$XDG_CONFIG_HOME/nitnem/config`.
    package func config(flag: String? = nil) -> String {
        flag ?? xdg("XDG_CONFIG_HOME", ".config") + "/nitnem/config"
    }

    /// The reminder ledger: `$XDG_STATE_HOME/nitnem/reminders.json`.
    package var ledger: String { xdg("XDG_STATE_HOME", ".local/state") + "/nitnem/reminders.json" }

    /// The pause of reminders (`nitnem reminders pause`): `$XDG_STATE_HOME/nitnem/pause.json`.
    package var pause: String { xdg("XDG_STATE_HOME", ".local/state") + "/nitnem/pause.json" }

    /// The one-agent-per-user lock: `$XDG_RUNTIME_DIR/nitnem/agent.lock`, or
    /// `/tmp/nitnem-<uid>/agent.lock` when `XDG_RUNTIME_DIR` is unset or not absolute.
    package var agentLock: String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/nitnem/agent.lock"
        }
        return "/tmp/nitnem-\(UserAccount.uid)/agent.lock"
    }

    /// The agent's own files: config (with `configFlag`), ledger and pause.
    package func agent(configFlag: String? = nil) -> AgentPaths {
        AgentPaths(config: config(flag: configFlag), ledger: ledger, pause: pause)
    }
}

/// Where the agent keeps its own files, beside the App Group.
package struct AgentPaths: Hashable, Sendable {
    /// The config file: `--config FILE`, else `$XDG_CONFIG_HOME/nitnem/config`.
    package var config: String
    /// The reminder ledger: `$XDG_STATE_HOME/nitnem/reminders.json`.
    package var ledger: String
    /// The pause of reminders: `$XDG_STATE_HOME/nitnem/pause.json`.
    package var pause: String

    /// The agent's files; the pause beside the ledger unless told.
    package init(config: String, ledger: String, pause: String? = nil) {
        self.config = config
        self.ledger = ledger
        self.pause = pause ?? Path.folder(of: ledger) + "/pause.json"
    }
}
