// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler

/// `nitnem config set KEY VALUE` and `config unset KEY`: the one way a program (a settings window)
/// changes a setting. The value is checked as the agent reads it; every other line stays byte for
/// byte; the file is replaced atomically and a running agent applies it at once.
enum ConfigSetCommand {
    static let keyHelp = "A key, as the file takes it (any case, with or without -, . and _): reminder.evening."
    static let key = PositionalSpec(name: "key", help: keyHelp)
        .completing(.words(ConfigKey.all.map(\.name)))

    static let setSpec = CommandSpec(
        path: ["config", "set"],
        abstract: "Set one key of the config file, checked as the agent reads it; every other line stays as it is.",
        options: [.config],
        positionals: [key, PositionalSpec(name: "value", help: "Its value, one argument (quote a command line).")],
        discussion: """
            The line that gives the key gets the new value (its spelling, indentation and comment
            stay; a line giving the key again is removed); a key not in the file goes after its
            commented-out line of the template (#reminder.evening = 18:00), else at the end. A new
            file is made when there is none. Prints the key as 'nitnem config' shows it. An unknown
            key or a value the key does not take is one line on stderr and exit 2, with nothing
            written; so is a file that is not a config (a line that is not blank, a # comment or
            key = value: a ~/.bashrc given as --config). The file is replaced atomically (an edit saved meanwhile is kept) and a running
            agent applies the change at once.
            """
    )

    static let unsetSpec = CommandSpec(
        path: ["config", "unset"],
        abstract: "Remove one key from the config file (it goes back to its default); every other line stays.",
        options: [.config],
        positionals: [key],
        discussion: """
            Removes every line that gives the key (the template's commented-out line stays) and
            prints the key as 'nitnem config' shows it. A key the file does not set is no change. A
            file that is not a config is refused as 'config set' refuses it.
            """
    )

    static func runSet(_ args: ParsedArguments) throws {
        let key = try named(args.positionals[0])
        let value = try ConfigEdit.validated(args.positionals[1], for: key)
        try edit(args) {
            ConfigEdit.setting(key, to: value, in: $0)
        } report: {
            key
        }
    }

    static func runUnset(_ args: ParsedArguments) throws {
        let key = try named(args.positionals[0])
        try edit(args) {
            ConfigEdit.unsetting(key, in: $0)
        } report: {
            key
        }
    }

    static func named(_ spelling: String) throws -> ConfigKey {
        try ConfigEdit.key(spelling)
    }

    /// Applies `change` to the config file and prints the key as `nitnem config` shows it.
    static func edit(
        _ args: ParsedArguments, _ change: (String) -> ConfigEdit.Edited, report: () -> ConfigKey
    ) throws {
        let path = try Context.load().paths.config(flag: args.value(.config))
        let outcome = try ConfigStore.edit(path: path, change)
        let shown = outcome.reading.shown(report())
        Output.line("\(shown.setting)  # \(shown.source)")
        for line in outcome.edited.removed where outcome.edited.line != nil {
            Output.line("# removed \(Printable.escaped(path)):\(line), which gave \(report().name) again")
        }
    }
}
