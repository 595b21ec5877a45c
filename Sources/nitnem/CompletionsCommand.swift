// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem completions bash|zsh|fish`: the shell completion scripts, and with `--man` the man page,
/// generated from `Main.table`'s declarations (the same ones `--help` shows). `--list` is what the
/// scripts run at completion time: bani ids and links with their English titles, never scripture.
enum CompletionsCommand {
    /// The shells a script is generated for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// What `--list` prints.
    enum Listing: String, CaseIterable, Sendable {
        case banis, links
    }

    static let man = OptionSpec.flag("man", "Print the man page (roff) instead.")
    static let listing = ChoiceOption<Listing>(
        "list", help: "Print the bani ids (or sggs:// links) with their titles, one a line: what the scripts complete.")

    static let spec = CommandSpec(
        path: ["completions"],
        abstract: "Print the shell completion script (bash, zsh or fish) or the man page, from the declarations.",
        options: [
            man,
            listing.spec,
            .group,
        ],
        positionals: [
            PositionalSpec(name: "shell", help: "bash, zsh or fish.", optional: true)
                .completing(.words(Shell.allCases.map { $0.rawValue }))
        ],
        discussion: """
            INSTALL:
              bash   nitnem completions bash > /usr/share/bash-completion/completions/nitnem
              zsh    nitnem completions zsh > /usr/share/zsh/vendor-completions/_nitnem
              fish   nitnem completions fish > ~/.config/fish/completions/nitnem.fish
              man    nitnem completions --man > /usr/share/man/man1/nitnem.1
            Or for this shell only: source <(nitnem completions bash).
            """
    )

    /// What the positionals of other commands complete with: `mark <bani>` the ids of the snapshot
    /// (or the embedded registry), `open [<url>]` its links.
    static let positionalDefaults: [String: ValueCompletion] = [
        "bani": .program(arguments: ["completions", "--list", "banis"], forwarding: ["group"]),
        "url": .program(arguments: ["completions", "--list", "links"], forwarding: ["group"]),
    ]

    static func run(_ args: ParsedArguments) throws {
        if let listing = args.value(Self.listing) {
            let context = try Context.load()
            let snapshot = try GroupFiles.loadSnapshot(context.group(args)).snapshot
            let lines = list(listing, snapshot)
            if !lines.isEmpty { Output.line(lines.joined(separator: "\n")) }
            return
        }
        if args.flag(Self.man) {
            guard args.positionals.isEmpty else { throw spec.usageError("--man takes no shell") }
            Output.write(fd: 1, manPage)
            return
        }
        guard let name = args.positionals.first else { throw spec.usageError("missing <shell>: bash, zsh or fish") }
        guard let shell = Shell(rawValue: name) else {
            throw spec.usageError("'\(Printable.bounded(name))' is not a shell this knows; use bash, zsh or fish")
        }
        Output.write(fd: 1, script(shell))
    }

    static func script(_ shell: Shell) -> String {
        switch shell {
        case .bash: Main.table.bashCompletion(positionalDefaults: positionalDefaults)
        case .zsh: Main.table.zshCompletion(positionalDefaults: positionalDefaults)
        case .fish: Main.table.fishCompletion(positionalDefaults: positionalDefaults)
        }
    }

    /// What `--list` prints (`CompletionCandidates`).
    static func list(_ listing: Listing, _ snapshot: NitnemSnapshot) -> [String] {
        switch listing {
        case .banis: CompletionCandidates.banis(snapshot)
        case .links: CompletionCandidates.links(snapshot)
        }
    }
}
