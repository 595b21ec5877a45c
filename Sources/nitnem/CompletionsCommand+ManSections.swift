// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import NitnemClockKit
import Scheduler

/// The man page's reference sections, from the same declarations the program reads.
extension CompletionsCommand {
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

    /// The FILES section: every file nitnem reads or writes.
    static let files = ManPage.Section(
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
                "Backups of the history that nitnem journey clear or nitnem journey restore replaced (0600); nitnem journey restore puts one back."
            ),
            .item(
                "$SGGS_APP_GROUP/nitnem-mynitnem.unreadable-*.json",
                "Copies of a nitnem-mynitnem.json that could not be read (wholly or in part), kept (0600) before nitnem sets reset or sets remind replaced what could not be read."
            ),
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
        ])

    /// The ENVIRONMENT section: the variables nitnem reads.
    static let environment = ManPage.Section(
        "ENVIRONMENT",
        [
            .item(
                "SGGS_APP_GROUP",
                "The App Group folder; else $XDG_DATA_HOME/sggs/group.org.sggs. --group overrides it."),
            .item(
                "SGGS_CLOCK_NOW",
                "Pin now: RFC 3339 (2026-11-29T10:30:00+05:30), or a local wall time read in TZ, within "
                    + "\(NitnemClock.rangeText); time flows on from it and stops at the range's end."
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
        ])
}
