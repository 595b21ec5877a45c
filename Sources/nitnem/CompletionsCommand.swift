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
    enum Listing: String, CaseIterable {
        case banis, links
    }

    static let man = OptionSpec.flag("man", "Print the man page (roff) instead.")

    static let spec = CommandSpec(
        path: ["completions"],
        abstract: "Print the shell completion script (bash, zsh or fish) or the man page, from the declarations.",
        options: [
            man,
            .choice(
                "list", Listing.self,
                help: "Print the bani ids (or sggs:// links) with their titles, one a line: what the scripts complete."
            ),
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

    static func run(_ args: ParsedArguments) throws(CLIError) {
        if let listing = args.value(spec.option("list")!, as: Listing.self) {
            let context = try Context.load()
            let snapshot: NitnemSnapshot
            do {
                snapshot = try GroupFiles.loadSnapshot(context.group(args)).snapshot
            } catch {
                throw .badInput(error.description)
            }
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
            throw spec.usageError("'\(name)' is not a shell this knows; use bash, zsh or fish")
        }
        Output.write(fd: 1, script(shell))
    }

    /// The completion script for `shell`.
    static func script(_ shell: Shell) -> String {
        switch shell {
        case .bash: Main.table.bashCompletion(positionalDefaults: positionalDefaults)
        case .zsh: Main.table.zshCompletion(positionalDefaults: positionalDefaults)
        case .fish: Main.table.fishCompletion(positionalDefaults: positionalDefaults)
        }
    }

    /// `id<TAB>title` (or `link<TAB>title`) per bani, in registry order: ids, links and English
    /// titles only (control characters escaped, so one bani is one line), never the Gurmukhi.
    static func list(_ listing: Listing, _ snapshot: NitnemSnapshot) -> [String] {
        func title(_ bani: NitnemSnapshot.Bani) -> String {
            Printable.escaped(
                bani.isDefault || bani.variant.isEmpty ? bani.titleEn : "\(bani.titleEn) (\(bani.variant))")
        }
        switch listing {
        case .banis:
            return snapshot.banis.map { Printable.escaped($0.id) + "\t" + title($0) }
        case .links:
            let banis = snapshot.banis.map {
                DeepLink.bani(key: $0.key, variant: $0.isDefault ? nil : $0.variant).url + "\t" + title($0)
            }
            return ["sggs://nitnem\tWhat nitnem status shows next"] + banis
        }
    }

    /// The CONFIGURATION section: one item per key of `ConfigKey.all`, the same declarations the
    /// parser, `nitnem config` and the `config --init` template read.
    static var configuration: ManPage.Section {
        ManPage.Section(
            "CONFIGURATION",
            [
                .paragraph(
                    """
                    $XDG_CONFIG_HOME/nitnem/config (or --config FILE) holds one key = value a line; a # starts \
                    a comment, and lines may end in LF or CRLF. Keys match in any case and whatever separates their \
                    words (-, ., _ or nothing): reminder.amrit-vela, Reminder.AmritVela, remind_when_done. \
                    On/off keys also take yes/no and true/false; times are H:MM or HH:MM. A bad line (an unknown key, a key given twice, a value the key does \
                    not take) is an error naming file:line. nitnem status, timeline, doctor and config say it \
                    and use the other lines, the bad line's key at its default (of a key given twice, the \
                    first line counts); nitnem run, reminders, simulate, open and status --follow for \
                    i3blocks (whose clicks run what the file says) refuse such a file, and a running agent \
                    keeps its previous settings. nitnem config shows every setting and the line \
                    it comes from; nitnem config --init writes a commented file with every key at its default \
                    (also installed as share/nitnem/config.example).
                    """)
            ]
                + ConfigKey.all.map { key in
                    .item(
                        "\(key.name) = \(key.syntax)",
                        "\(key.help) Values: \(key.accepted). Default: \(key.defaultText).")
                })
    }

    /// The man page, `man/nitnem.1`.
    static var manPage: String { Main.table.manPage(page) }

    static let page = ManPage(
        summary: "your daily Nitnem on the Linux desktop",
        source: "nitnem \(Main.version)",
        description: [
            """
            nitnem shows the next bani of the daily Nitnem and today's progress, keeps a widget timeline \
            for status bars (waybar, i3blocks, polybar, the GNOME Shell extension) up to date, and gives \
            at most one gentle reminder a day in each of the Amrit Vela, Evening and Night bands.
            """,
            """
            It reads the App Group folder the Gurbani app shares: nitnem-snapshot.json (which banis \
            exist and in which daily sets; the embedded registry when it is missing) and \
            nitnem-progress.json (what was read, and when). nitnem-mynitnem.json, when there is one, \
            holds your own daily sets (nitnem sets). The Nitnem day rolls at 03:00 local time.
            """,
            """
            Every command below prints its own help with --help. Options take their value as \
            --name VALUE or --name=VALUE.
            """,
        ],
        sections: [
            configuration,
            ManPage.Section(
                "FILES",
                [
                    .item(
                        "$SGGS_APP_GROUP/nitnem-snapshot.json",
                        "The banis and daily sets, written by the app or nitnem snapshot export."),
                    .item(
                        "$SGGS_APP_GROUP/nitnem-progress.json",
                        "Completed days and reading positions per bani, written by the app and nitnem mark."),
                    .item(
                        "$SGGS_APP_GROUP/.nitnem-progress.lock",
                        "The lock every writer of the progress file holds (flock, exclusive)."),
                    .item(
                        "$SGGS_APP_GROUP/nitnem-mynitnem.json",
                        "Your own daily sets and per-bani reminder times (nitnem sets): a set listed replaces the snapshot's; the agent watches it: a change applies at once."
                    ),
                    .item(
                        "$SGGS_APP_GROUP/.nitnem-mynitnem.lock",
                        "The lock every writer of nitnem-mynitnem.json holds (flock, exclusive), as for the progress file."
                    ),
                    .item(
                        "$SGGS_APP_GROUP/nitnem-progress.backup-*.json",
                        "Backups that nitnem journey clear writes (0600); nitnem journey restore puts one back."),
                    .item("$SGGS_APP_GROUP/widgets/NitnemNow.json", "The widget timeline the agent writes."),
                    .item(
                        "$XDG_CONFIG_HOME/nitnem/config",
                        "The settings (see CONFIGURATION); the agent watches it: a change applies at once."),
                    .item(
                        "$XDG_STATE_HOME/nitnem/reminders.json",
                        "The reminder ledger: what was reminded in each band and day and what became of it, kept 30 days. An entry is written before its reminder is shown, so a reminder is shown at most once per band and day, even across a crash."
                    ),
                    .item(
                        "$XDG_STATE_HOME/nitnem/pause.json",
                        "The pause of reminders (nitnem reminders pause; resume removes it), noticed by a running agent at once. A pause past its end is none."
                    ),
                    .item(
                        "$XDG_RUNTIME_DIR/nitnem/agent.lock",
                        "One agent per user; agent.json beside it says which (else under /tmp/nitnem-$UID)."),
                ]),
            ManPage.Section(
                "ENVIRONMENT",
                [
                    .item(
                        "SGGS_APP_GROUP",
                        "The App Group folder; else $XDG_DATA_HOME/sggs/group.org.sggs. --group overrides it."),
                    .item(
                        "SGGS_CLOCK_NOW",
                        "Pin now: RFC 3339 (2026-11-29T10:30:00+05:30), or a local wall time read in TZ; time flows on from it."
                    ),
                    .item("SGGS_CLOCK_RATE", "How fast the clock flows from SGGS_CLOCK_NOW (for tests), e.g. 60."),
                    .item("TZ", "The time zone (else /etc/localtime): it decides the Nitnem day and the bands."),
                    .item(
                        "XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_RUNTIME_DIR",
                        "The base folders of the config, the App Group, the reminder ledger and the agent lock "
                            + "(else ~/.config, ~/.local/share, ~/.local/state and /tmp/nitnem-$UID)."),
                    .item(
                        "JOURNAL_STREAM, NOTIFY_SOCKET",
                        "Set by systemd: nitnem run logs with journald priorities and says READY=1."),
                ]),
            ManPage.Section(
                "EXIT STATUS",
                [
                    .item("0", "Success."),
                    .item(
                        "1",
                        "Failure: the command could not do its work (a write failed, a reader did not run), or a check found a problem (nitnem doctor, nitnem config)."
                    ),
                    .item("2", "Bad usage or bad input: an unknown option, a malformed file or variable, named."),
                    .item(
                        "3",
                        "nitnem run only: another agent is already running for this user (it holds the lock). The systemd unit does not restart on 2 or 3."
                    ),
                ]),
            ManPage.Section(
                "EXAMPLES",
                [
                    .example("What to read next, and today's progress:", "nitnem status"),
                    .example("A waybar module, updated on every change:", "nitnem status --format waybar --follow"),
                    .example(
                        "Record Japji Sahib as read today, and undo it:", "nitnem mark japji\nnitnem mark --undo japji"),
                    .example(
                        "Record Japji Sahib and Jaap Sahib as read yesterday:",
                        "nitnem mark japji,jaap --day yesterday"),
                    .example(
                        "This month's journey, and another as JSON:",
                        "nitnem journey\nnitnem journey --month 2026-10 --format json"),
                    .example(
                        "A day's schedule on a virtual clock:",
                        "nitnem simulate --from 2026-11-29T00:00 --to 2026-11-30T03:00"),
                    .example("Completions for bash, for this shell:", "source <(nitnem completions bash)"),
                ]),
            ManPage.Section(
                "SEE ALSO",
                [.paragraph("systemctl(1), journalctl(1), xdg-open(1), notify-send(1)")]),
        ]
    )
}
