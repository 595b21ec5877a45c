// SPDX-License-Identifier: GPL-3.0-or-later

extension Support {
    /// `baseEnvironment` for a home at `root`: HOME, the config home, `<root>/state` as the state
    /// home, the runtime folder and the group (`SGGS_APP_GROUP`).
    package static func environment(home root: String, configHome: String, runtime: String, group: String) -> [String:
        String]
    {
        var env = baseEnvironment
        env["HOME"] = root
        env["XDG_CONFIG_HOME"] = configHome
        env["XDG_STATE_HOME"] = root + "/state"
        env["XDG_RUNTIME_DIR"] = runtime
        env["SGGS_APP_GROUP"] = group
        return env
    }
}
