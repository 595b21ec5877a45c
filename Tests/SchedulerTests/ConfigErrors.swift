// SPDX-License-Identifier: GPL-3.0-or-later
import Scheduler

extension AgentConfig {
    /// The error parsing `text` (as the file `/c`) throws; nil when it parses.
    static func error(parsing text: String) -> ConfigError? {
        do {
            _ = try parse(text, path: "/c")
            return nil
        } catch {
            return error
        }
    }
}
