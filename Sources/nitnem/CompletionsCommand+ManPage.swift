// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit

/// The man page, `man/nitnem.1`: `nitnem completions --man` prints it (its reference sections are in
/// `CompletionsCommand+ManSections.swift`).
extension CompletionsCommand {
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
            files,
            environment,
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
