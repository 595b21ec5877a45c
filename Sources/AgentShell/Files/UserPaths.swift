// SPDX-License-Identifier: GPL-3.0-or-later
import Posix
import Snapshot

/// Where this user's files are: the one resolver of `--group`, `SGGS_APP_GROUP` and the XDG
/// base directories (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_RUNTIME_DIR`).
///
/// An XDG variable that is unset, empty or not absolute is ignored, as the base directory spec
/// says; `HOME` (else the passwd entry) fills in. A relative `--group` or `SGGS_APP_GROUP` is taken
/// from the working directory and made absolute here, so what the agent records (`agent.json`) and
/// what `doctor` compares it with name the folder wherever they were started.
package struct UserPaths: Sendable {
    /// The environment the paths come from.
    package let environment: [String: String]
    /// The folder a relative `--group` or `SGGS_APP_GROUP` is taken from; nil when it cannot be
    /// read (the path is then left relative).
    package let workingDirectory: String?

    /// Paths for `environment`, relative group paths taken from `workingDirectory` (by default this
    /// process's, `getcwd`).
    package init(
        environment: [String: String], workingDirectory: String? = ProcessEnvironment.workingDirectory()
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

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
    /// - Important: Always absolute (when the working directory can be read): a relative `flag` or
    ///   `$SGGS_APP_GROUP` is resolved against `workingDirectory` and normalised lexically
    ///   (`Path.absolute`); an absolute one is kept as given.
    package func group(flag: String? = nil) -> AppGroup {
        if let flag, !flag.isEmpty { return AppGroup(path: absolute(flag)) }
        if let group = environment["SGGS_APP_GROUP"], !group.isEmpty { return AppGroup(path: absolute(group)) }
        return AppGroup(path: xdg("XDG_DATA_HOME", ".local/share") + "/sggs/group.org.sggs")
    }

    /// `path` made absolute against `workingDirectory`; unchanged when it is absolute or there is none.
    func absolute(_ path: String) -> String {
        guard let workingDirectory, workingDirectory.hasPrefix("/") else { return path }
        return Path.absolute(path, from: workingDirectory)
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

    /// The folders the systemd user manager loads units from, in its order of precedence
    /// (`systemd.unit(5)`, "User Unit Search Path"): `$XDG_CONFIG_HOME/systemd/user`,
    /// `/etc/systemd/user`, `$XDG_DATA_HOME/systemd/user` (where `make install` puts `nitnem.service`
    /// for `PREFIX=~/.local`), each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`) with
    /// `/systemd/user`, `/usr/local/lib/systemd/user` and `/usr/lib/systemd/user` (the `.deb`).
    package var systemdUserUnitFolders: [String] {
        let dataDirs = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter {
            $0.hasPrefix("/")
        }
        return [xdg("XDG_CONFIG_HOME", ".config") + "/systemd/user", "/etc/systemd/user"]
            + [xdg("XDG_DATA_HOME", ".local/share") + "/systemd/user"]
            + (dataDirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dataDirs).map { $0 + "/systemd/user" }
            + ["/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
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

    /// Where merged conflict copies go (`SyncMerger`): `merged/` beside the ledger.
    package var merged: String { Path.folder(of: ledger) + "/merged" }

    /// The agent's files; the pause beside the ledger unless told.
    package init(config: String, ledger: String, pause: String? = nil) {
        self.config = config
        self.ledger = ledger
        self.pause = pause ?? Path.folder(of: ledger) + "/pause.json"
    }
}
