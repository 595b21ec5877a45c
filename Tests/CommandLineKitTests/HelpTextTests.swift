// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Testing

/// The usage and help generated from declarations, and how a `CommandTable` reads command lines.
@Suite struct HelpTextTests {
    static let export = CommandSpec(
        path: ["snapshot", "export"], abstract: "Export.",
        options: [OptionSpec(name: "db", value: "FILE", help: "The database.", required: true)])
    static let list = CommandSpec(path: ["reminders", "list"], abstract: "List.")
    static let test = CommandSpec(path: ["reminders", "test"], abstract: "Test.")
    static let mark = CommandSpec(
        path: ["mark"], abstract: "Mark.",
        options: [
            .flag("undo", "Undo."),
            OptionSpec(name: "at", value: "AT", help: "When.", repeats: true),
            OptionSpec(
                name: "format", value: "FORMAT", help: "Output format.",
                choices: ["text", "json", "waybar", "i3blocks"],
                defaultValue: .value("text")),
            OptionSpec(name: "group", value: "DIR", help: "The folder", defaultValue: .described("$HOME")),
        ],
        positionals: [
            PositionalSpec(name: "bani", help: "A bani."), PositionalSpec(name: "n", help: "N.", optional: true),
        ],
        discussion: "More words.")

    static let table = CommandTable<String>(
        program: "prog", version: "1.2", abstract: "prog — a test.",
        commands: [.init(mark, "mark"), .init(list, "list"), .init(test, "test"), .init(export, "export")],
        defaultSubcommands: ["reminders": "list"])

    func resolve(_ words: [String]) -> String {
        switch Self.table.resolve(words) {
        case .output(let text): "output: " + text
        case .run(let action, let spec, let parsed):
            "run \(action) \(spec.path) \(parsed.positionals)"
        case .usageError(let error): "error: " + error.text
        }
    }

    @Test func usageLine() {
        #expect(
            Self.mark.usage(program: "prog")
                == "prog mark [--undo] [--at AT]... [--format text|json|waybar|i3blocks] [--group DIR] <bani> [<n>]")
        #expect(Self.export.usage(program: "prog") == "prog snapshot export --db FILE")
    }

    @Test func helpText() {
        #expect(
            Self.mark.help(program: "prog") == """
                OVERVIEW: Mark.

                USAGE: prog mark [--undo] [--at AT]... [--format text|json|waybar|i3blocks] [--group DIR] <bani> [<n>]

                ARGUMENTS:
                  <bani>                    A bani.
                  <n>                       N.

                OPTIONS:
                  --undo                    Undo.
                  --at AT                   When.
                  --format text|json|waybar|i3blocks
                                            Output format (default: text).
                  --group DIR               The folder (default: $HOME)
                  -h, --help                Show this help.

                More words.
                """)
    }

    @Test func overview() {
        #expect(
            Self.table.overview == """
                OVERVIEW: prog — a test.

                USAGE: prog <command> [options]

                COMMANDS:
                  mark                      Mark.
                  reminders list            List.
                  reminders test            Test.
                  snapshot export           Export.

                OPTIONS:
                  -h, --help                Show this help.
                  --version                 Show the version.

                See 'prog <command> --help' for the options of a command.
                """)
        #expect(Self.table.groups == ["reminders", "snapshot"])
    }

    @Test func resolvesCommandsByTheirPaths() {
        #expect(resolve(["mark", "japji"]) == "run mark [\"mark\"] [\"japji\"]")
        #expect(resolve(["reminders", "test"]) == "run test [\"reminders\", \"test\"] []")
        #expect(resolve(["snapshot", "export", "--db", "x"]) == "run export [\"snapshot\", \"export\"] []")
        #expect(resolve(["mark", "--help"]) == "output: " + Self.mark.help(program: "prog"))
        #expect(resolve(["mark"]) == "error: missing <bani>\nusage: " + Self.mark.usage(program: "prog"))
    }

    @Test func programLevel() {
        for words in [["--help"], ["-h"], ["help"]] { #expect(resolve(words) == "output: " + Self.table.overview) }
        #expect(resolve(["--version"]) == "output: prog 1.2")
        #expect(resolve([]) == "error: missing command\nusage: prog <command> [options]; see 'prog --help'")
        #expect(
            resolve(["frob"]) == "error: unknown command 'frob'\nusage: prog <command> [options]; see 'prog --help'")
    }

    @Test func groups() {
        let exportHelp = Self.export.help(program: "prog")
        #expect(resolve(["snapshot", "--help"]) == "output: " + exportHelp)
        #expect(
            resolve(["snapshot"]) == "error: 'snapshot' needs a subcommand\nusage: prog snapshot export --db FILE")
        #expect(
            resolve(["reminders", "-h"])
                == "output: " + Self.list.help(program: "prog") + "\n\n" + Self.test.help(program: "prog"))
        // A default subcommand runs when the group is named alone, with the options given.
        #expect(resolve(["reminders"]) == "run list [\"reminders\", \"list\"] []")
        #expect(resolve(["reminders", "--bogus"]) == "error: unknown option '--bogus'\nusage: prog reminders list")
        #expect(
            resolve(["reminders", "lst"])
                == "error: 'reminders' has no subcommand 'lst'\nusage: prog reminders list\nusage: prog reminders test")
    }

    /// With a default command, no words at all run it (with no arguments); the overview says so.
    @Test func aDefaultCommandRunsWithNoWords() {
        let status = CommandSpec(path: ["status"], abstract: "Status.", options: [.flag("follow", "Follow.")])
        let table = CommandTable<String>(
            program: "prog", version: nil, abstract: "prog.",
            commands: [.init(Self.mark, "mark"), .init(status, "status")],
            defaultCommand: ["status"])
        guard case .run(let action, let spec, let parsed) = table.resolve([]) else {
            Issue.record("no words should run status")
            return
        }
        #expect(action == "status" && spec == status && parsed.positionals.isEmpty && !parsed.flag("follow"))
        #expect(table.usage == "prog [<command>] [options]")
        #expect(table.overview.hasSuffix("for the options of a command.\nWith no command, 'prog' runs 'prog status'."))
        #expect(
            table.manPage(ManPage(summary: "s", source: "prog", description: ["D."], sections: [])).contains(
                ".PP\nWith no command, 'prog' runs 'prog status'.\n"))
        // Without one, no words is still bad usage; and an option alone is no command.
        #expect(resolve([]) == "error: missing command\nusage: prog <command> [options]; see 'prog --help'")
        if case .usageError(let error) = table.resolve(["--follow"]) {
            #expect(error.text == "unknown command '--follow'\nusage: prog [<command>] [options]; see 'prog --help'")
        } else {
            Issue.record("an option alone should be unknown")
        }
        #expect(Self.table.defaultCommandNote == nil)
        #expect(!Self.table.overview.contains("With no command"))
    }

    @Test func noVersionNoVersionOption() {
        let table = CommandTable<Int>(program: "p", version: nil, abstract: "p.", commands: [.init(Self.mark, 0)])
        #expect(!table.overview.contains("--version"))
        if case .usageError(let error) = table.resolve(["--version"]) {
            #expect(error.message == "unknown command '--version'")
        } else {
            Issue.record("--version without a version should be unknown")
        }
    }
}
