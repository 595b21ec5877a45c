// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem run`: the per-user agent.
enum RunCommand {
    static let localtime = OptionSpec(
        name: "localtime", value: "FILE", help: "The zone link watched for time zone changes.",
        defaultValue: .described("/etc/localtime"))

    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run the agent: keep the widget timeline up to date and remind at most once per band and day.",
        options: [
            .group,
            .config,
            localtime,
            .lock,
        ],
        discussion: """
            Writes <group>/widgets/NitnemNow.json at every band start (03:00, 09:00, 17:00, 21:00) and
            whenever the snapshot or progress file changes. Wakes only when something can change: a
            band start, a file change (inotify), a clock jump or resume (timerfd), a zone change
            (/etc/localtime), a signal. The config file and the pause (nitnem reminders pause) are
            watched too: a change applies at once. Logs one line per event on stderr: with journald
            priorities (<6>) when stderr is the journal (JOURNAL_STREAM), else with the local time and
            a level word. SIGTERM/SIGINT stop it (exit 0); SIGHUP reloads the config. Under systemd it
            sends READY=1. A config file with a bad line does not stop it: the good lines apply, each bad
            line is logged once and keeps its key's value (the default at start) until the file is fixed.
            Exit 3 when another agent is already running, 2 on bad input (a --config FILE that does not
            exist, or a group folder it cannot create: a part of the path is a file, or this user may not
            write where it would go); the unit restarts on neither. 1 on any other failure to start.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        // The zone at the start comes through the same link that is watched for changes.
        let localtime = args.value(Self.localtime) ?? "/etc/localtime"
        let context = try Context.load(localtime: localtime)
        let group = context.group(args)
        let (config, paths) = try context.agentStartConfig(args)
        var options = Agent.Options(
            group: group, environment: context.environment, lockPath: args.value(.lock), paths: paths)
        options.localtimePath = localtime
        options.localizer = context.localizer
        let agent = Agent(
            options: options, clock: context.clock, calendar: context.calendar, config: config, notifier: nil)
        // How a start that fails ends (exit 3 for another agent) is `Agent.StartError`'s `cliCode`.
        try agent.run()
    }
}
