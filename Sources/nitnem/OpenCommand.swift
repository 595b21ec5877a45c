// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem open [URL]`: the `sggs://` handler — opens a deep link, a bani named as `nitnem mark`
/// names it, or what `status` shows next, in the configured reader.
enum OpenCommand {
    static let spec = CommandSpec(
        path: ["open"],
        abstract: "Open a sggs:// link (else what status shows next) in the reader.",
        options: [.group, .config],
        positionals: [
            PositionalSpec(
                name: "url",
                help:
                    "sggs://bani/<key>[?variant=…], sggs://composition/<key>[?variant=…], sggs://nitnem, or a bani's name (japji, sohila).",
                optional: true)
        ],
        discussion: """
            Without a URL, opens what `nitnem status` shows next (the home when today is complete).
            A word without a colon is a bani's name, read as `nitnem mark` reads one (an id, key,
            title or short name: japji, "Tav Prasad Savaiye", ਚੌਪਈ), and opens that bani.

            THE READER (config key `reader`, a template):
              http(s)://…           a web page, opened with the `open` program (default xdg-open)
              anything else         a command: split at whitespace ('…' and "…" group) and run
                                    as argv, never through a shell
              {banidb}              the BaniDB id
              {key} {variant}       the key and the variant (empty when none)
              {url}                 the SikhiToTheMax page of the link
            Default: https://www.sikhitothemax.org/sundar-gutka/{banidb}. A bani without a BaniDB
            id (a variant such as rehras?variant=taksal, an unknown key) opens the reader's home,
            and says so on stderr.

            EXAMPLES:
              reader = firefox --new-window {url}
              reader = https://example.org/read/{key}?variant={variant}

            The reader's output goes to stderr, never stdout. Exit 1 when it cannot run or exits
            non-zero (its status is named), 2 for a link it does not open. This is the handler of
            contrib/nitnem.desktop (x-scheme-handler/sggs), installed by make install.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let config = try AgentConfig.load(path: context.paths.config(flag: args.value(.config)))
        // Nothing named: what `status` shows next (the Nitnem home once the day is read).
        let link = try context.link(args, config: config) { state in state.url }
        let launch = config.reader.resolve(link, opener: config.opener)
        if let note = launch.note { Output.error(note) }
        try ReaderLauncher().run(launch)
    }
}

extension Context {
    /// The link `open` and `listen` act on: their first argument when it is a link (a link always has a
    /// scheme and its colon; a bani's name never has one), else the bani it names (as `mark` names
    /// banis; an unknown or ambiguous name is bad input), else what `next` makes of today's state.
    /// - Throws: bad input for a name or link it cannot read; what `next` throws.
    func link(
        _ args: ParsedArguments, config: AgentConfig, next: (TodayState) throws -> String
    ) throws -> DeepLink {
        let text: String
        if let given = args.positionals.first, given.contains(":") {
            text = given
        } else if let name = args.positionals.first {
            let snapshot = try loadFiles(group(args)).configured(config).snapshot
            do throws(NitnemSnapshot.NameProblem) {
                text = try snapshot.bani(named: name).url
            } catch {
                throw CLIError.badInput(snapshot.explain([error]))
            }
        } else {
            let files = try loadFiles(group(args)).configured(config)
            text = try next(
                TodayState(
                    snapshot: files.snapshot, progress: files.progress.banis, at: clock.now(), calendar: calendar))
        }
        return try DeepLink(parsing: text)
    }
}
