// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Bad usage: what is wrong and the usage lines to show. The program chooses the exit code.
package struct UsageError: Error, Sendable, Equatable {
    /// One line saying what is wrong.
    package let message: String
    /// The usage lines to show, without the `usage: ` prefix.
    package let usages: [String]

    /// An error with `message` and `usages`.
    package init(_ message: String, usages: [String]) {
        self.message = message
        self.usages = usages
    }

    /// `message`, then one `usage: …` line per usage.
    package var text: String { ([message] + usages.map { "usage: " + $0 }).joined(separator: "\n") }
}

/// What a command line asks for, as `CommandTable.resolve(_:)` reads it.
package enum Invocation<Action> {
    /// Print this text on stdout and succeed: the overview, a command's help, the version.
    case output(String)
    /// Run `action` with these arguments.
    case run(Action, CommandSpec, ParsedArguments)
    /// Bad usage: print it on stderr and fail.
    case usageError(UsageError)
}

extension Invocation: Sendable where Action: Sendable {}

/// A program's commands, each declared by a `CommandSpec` and paired with what runs it: picks the
/// command of a command line, and generates the overview and every help text.
///
/// Commands are selected by the longest declared path the words start with. A group (the first word
/// of longer paths, like `snapshot` of `snapshot export`) named alone prints the help of its
/// commands with `--help`; without it, the group's default subcommand runs if it has one, else it is
/// a usage error listing the group's usage lines. With no words at all, the default command runs if
/// there is one (`nitnem` alone is `nitnem status`), else it is a usage error.
package struct CommandTable<Action> {
    /// A command and what runs it.
    package struct Command {
        /// Its declaration.
        package let spec: CommandSpec
        /// What runs it.
        package let action: Action

        /// `spec`, run by `action`.
        package init(_ spec: CommandSpec, _ action: Action) {
            self.spec = spec
            self.action = action
        }
    }

    /// The program's name, first in every usage line.
    package let program: String
    /// Its version, printed by `--version`; `nil` for no `--version`.
    package let version: String?
    /// What the program is, after `OVERVIEW:` (may span lines).
    package let abstract: String
    /// The commands, in the order the overview lists them.
    package let commands: [Command]
    /// For a group, the subcommand run when the group is named alone: `["reminders": "list"]`.
    package let defaultSubcommands: [String: String]
    /// The path of the command run when the program is given no words (`["status"]`); `nil` for none.
    package let defaultCommand: [String]?

    /// A table of `commands`.
    package init(
        program: String, version: String?, abstract: String, commands: [Command],
        defaultSubcommands: [String: String] = [:], defaultCommand: [String]? = nil
    ) {
        self.program = program
        self.version = version
        self.abstract = abstract
        self.commands = commands
        self.defaultSubcommands = defaultSubcommands
        self.defaultCommand = defaultCommand
    }

    /// Every command's declaration, in order.
    package var specs: [CommandSpec] { commands.map(\.spec) }

    /// The groups (first words of paths longer than one word), in order of first appearance.
    package var groups: [String] {
        var seen: [String] = []
        for spec in specs where spec.path.count > 1 && !seen.contains(spec.path[0]) { seen.append(spec.path[0]) }
        return seen
    }

    /// The usage line of the program itself (the command in brackets when there is a default).
    package var usage: String {
        defaultCommand == nil ? "\(program) <command> [options]" : "\(program) [<command>] [options]"
    }

    /// What the program does with no command, for a person: `With no command, 'nitnem' runs 'nitnem
    /// status'.`; `nil` without a default command.
    package var defaultCommandNote: String? {
        defaultCommand.map { "With no command, '\(program)' runs '\(([program] + $0).joined(separator: " "))'." }
    }

    /// The top-level help: overview, usage, one row per command, the program's own options.
    package var overview: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", "", "COMMANDS:"]
        for spec in specs { lines += HelpLayout.row(spec.path.joined(separator: " "), spec.abstract) }
        lines += ["", "OPTIONS:"]
        lines += HelpLayout.row("-h, --help", "Show this help.")
        if version != nil { lines += HelpLayout.row("--version", "Show the version.") }
        lines += ["", "See '\(program) <command> --help' for the options of a command."]
        if let defaultCommandNote { lines.append(defaultCommandNote) }
        return lines.joined(separator: "\n")
    }

    /// The usage line of `spec`.
    package func usage(of spec: CommandSpec) -> String { spec.usage(program: program) }

    /// The `--help` text of `spec`.
    package func help(of spec: CommandSpec) -> String { spec.help(program: program) }

    /// The commands of `group` (`nil` if it names none).
    package func members(of group: String) -> [CommandSpec]? {
        let members = specs.filter { $0.path.count > 1 && $0.path[0] == group }
        return members.isEmpty ? nil : members
    }

    /// The `--help` text of `group`: the help of each of its commands, a blank line between them.
    package func help(ofGroup group: String) -> String? {
        members(of: group).map { $0.map(help(of:)).joined(separator: "\n\n") }
    }

    /// What `arguments` (the words after the program name) ask for.
    package func resolve(_ arguments: [String]) -> Invocation<Action> {
        let seeHelp = "\(usage); see '\(program) --help'"
        guard let first = arguments.first else {
            if let path = defaultCommand, let command = commands.first(where: { $0.spec.path == path }) {
                return invoke(command, [])
            }
            return .usageError(UsageError("missing command", usages: [seeHelp]))
        }
        if first == "--help" || first == "-h" || first == "help" { return .output(overview) }
        if first == "--version", let version { return .output("\(program) \(version)") }
        // The longest declared command path that the words start with.
        let match = commands.filter { arguments.starts(with: $0.spec.path) }.max {
            $0.spec.path.count < $1.spec.path.count
        }
        if let match { return invoke(match, Array(arguments.dropFirst(match.spec.path.count))) }
        guard let members = members(of: first) else {
            return .usageError(UsageError("unknown command '\(Printable.bounded(first))'", usages: [seeHelp]))
        }
        let rest = arguments.dropFirst()
        if !rest.isEmpty, rest.allSatisfy({ $0 == "--help" || $0 == "-h" }), let help = help(ofGroup: first) {
            return .output(help)
        }
        if let name = defaultSubcommands[first],
            let command = commands.first(where: { $0.spec.path == [first, name] })
        {
            // A word that is no option where the default takes no positionals: a mistyped subcommand.
            if let word = rest.first, !word.hasPrefix("-"), command.spec.positionals.isEmpty {
                return .usageError(
                    UsageError(
                        "'\(Printable.bounded(first))' has no subcommand '\(Printable.bounded(word))'",
                        usages: members.map(usage(of:))))
            }
            return invoke(command, Array(rest))
        }
        return .usageError(UsageError("'\(first)' needs a subcommand", usages: members.map(usage(of:))))
    }

    private func invoke(_ command: Command, _ words: [String]) -> Invocation<Action> {
        do throws(ArgumentError) {
            let parsed = try command.spec.parse(words)
            if parsed.helpRequested { return .output(help(of: command.spec)) }
            return .run(command.action, command.spec, parsed)
        } catch {
            return .usageError(UsageError(error.message, usages: [usage(of: command.spec)]))
        }
    }
}

extension CommandTable: Sendable where Action: Sendable {}
extension CommandTable.Command: Sendable where Action: Sendable {}
