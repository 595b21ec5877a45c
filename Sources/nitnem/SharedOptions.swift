// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit

/// The options several commands take, declared once: one name, one help text and one default each.
extension OptionSpec {
    /// `--group DIR`: the App Group folder (`UserPaths.group`).
    static let group = OptionSpec(
        name: "group", value: "DIR", help: "The App Group folder.",
        defaultValue: .described("$SGGS_APP_GROUP, else $XDG_DATA_HOME/sggs/group.org.sggs"))

    /// `--config FILE`: the agent's settings, as the agent reads them (`UserPaths.config`).
    static let config = OptionSpec(
        name: "config", value: "FILE", help: "The config file.",
        defaultValue: .described("$XDG_CONFIG_HOME/nitnem/config"))

    /// `--lock FILE`: the one-agent-per-user lock (`UserPaths.agentLock`).
    static let lock = OptionSpec(
        name: "lock", value: "FILE", help: "The one-agent-per-user lock file.",
        defaultValue: .described("$XDG_RUNTIME_DIR/nitnem/agent.lock, else /tmp/nitnem-$UID/agent.lock"))

    /// `--format FORMAT`: one of `choices`, `text` when absent.
    static func format(_ choices: [String] = OutputFormat.allCases.map(\.rawValue)) -> OptionSpec {
        OptionSpec(
            name: "format", value: "FORMAT", help: "Output format.", choices: choices, defaultValue: .value("text"))
    }
}

/// What most commands print: text for a person, or JSON for a program.
enum OutputFormat: String, CaseIterable, Sendable {
    case text, json
}

extension ChoiceOption {
    /// `--format FORMAT`: one of `Value`'s cases (which include `text`), `text` when absent.
    static func format() -> ChoiceOption { ChoiceOption(.format(Value.allCases.map(\.rawValue))) }
}
