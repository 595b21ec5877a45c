// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem status`: the next bani and today's progress, for a person or a status bar.
enum StatusCommand {
    static let format = ChoiceOption<StatusFormat>.format()
    static let follow = OptionSpec.flag(
        "follow", "Keep running: print a new line each time what is shown changes (for bars).")
    static let changedFrom = OptionSpec(
        name: "changed-from", value: "TOKEN",
        help:
            "With --format json: print once what is shown differs from the output whose changeToken is TOKEN, then exit."
    )

    static let spec = CommandSpec(
        path: ["status"],
        abstract: "Show the next bani and today's progress (for a person or a status bar).",
        options: [
            format.spec,
            .group,
            .config,
            follow,
            changedFrom,
        ],
        discussion: """
            Reads only <group>/nitnem-snapshot.json (the embedded default registry when it is missing)
            and <group>/nitnem-progress.json. A file that cannot be read is an error (exit 2) naming it.
            With --follow, one line now and one more at each change (inotify on the group, a timer at
            the next band start): no polling. Feed it to waybar (return-type json, no interval),
            i3blocks (interval=persist) or polybar (tail = true). Config `rehras` chooses the Rehras
            counted, `titles` the title shown (English in the bars, both in text by default). The
            words follow the user's language (LANGUAGE, LANG, through gettext); JSON keys and bar
            classes do not. A bad config line is a warning (on stderr; in the JSON's warnings) and its
            key has the default, a config that cannot be read is a warning and the defaults are used.
            While reminders are paused (nitnem reminders pause) it says until when.

            With --changed-from TOKEN (and --format json) it prints one JSON line, with a
            "changeToken" member naming that output, and exits: at once when what it shows already
            differs from the output whose changeToken is TOKEN (any other TOKEN, such as new, never
            matches), else when it changes (the events --follow waits for). A widget re-runs it on
            each exit with the token it last got (the KDE Plasma widget does): no polling, and no
            change between two runs is lost. A file that cannot be read is shown as {"error": …}.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let format = args.value(Self.format) ?? .text
        let group = context.group(args)
        let paths = context.paths.agent(configFlag: args.value(.config))
        if let token = args.value(Self.changedFrom) {
            guard format == .json else { throw spec.usageError("--changed-from needs --format json") }
            guard !args.flag(Self.follow) else {
                throw spec.usageError("--changed-from and --follow cannot be combined")
            }
            let (config, warnings) = try context.displayConfig(args)
            let follower = StatusFollower(
                group: group, clock: context.clock, calendar: context.calendar, environment: context.environment,
                format: format, config: config, pausePath: paths.pause, extraWarnings: warnings,
                localizer: context.localizer)
            try follower.run(watching: 1, until: ChangeWait(from: token)) { Output.write(fd: 1, $0 + "\n") }
            return
        }
        if args.flag(Self.follow) {
            // i3blocks (interval=persist) writes clicks to our stdin: a left click opens the shown
            // bani in the reader (config `reader`, `open`), a right click marks it read.
            // Clicks run what the config says: a broken one is not guessed at.
            let (config, warnings) = try context.displayConfig(args, strict: format == .i3blocks)
            Output.warn(warnings)
            let follower = StatusFollower(
                group: group, clock: context.clock, calendar: context.calendar, environment: context.environment,
                format: format, clicks: format == .i3blocks ? 0 : nil, config: config, pausePath: paths.pause,
                localizer: context.localizer)
            try follower.run(watching: 1) { Output.write(fd: 1, $0 + "\n") }
            return
        }
        let (config, configWarnings) = try context.displayConfig(args)
        // JSON carries them in its `warnings`; every other format says them on stderr too.
        if format != .json {
            Output.warn(configWarnings)
        }
        let files: GroupFiles
        do {
            files = try GroupFiles.load(group).configured(config)
        } catch {
            // A bar reads stdout only: it gets the same error line `--follow` would show.
            if format.isBar { Output.line(StatusView.unavailable(error: error.description, format: format)) }
            throw error
        }
        let now = context.clock.now()
        let state = TodayState(
            snapshot: files.snapshot, progress: files.progress.banis, at: now, calendar: context.calendar)
        let pause = PauseStore.active(path: paths.pause, now: now)
        if let problem = pause.problem { Output.warn("\(problem.description) (reminders are not paused)") }
        let view = StatusView(
            state: state, source: files.source, warnings: files.warnings + configWarnings,
            pausedUntil: pause.until.map(context.format),
            pausedUntilShown: pause.until.map { WallStamp.format($0, day: state.dayKey, in: context.calendar) },
            listen: config.listen != nil, titles: config.titles,
            journey: Journey(
                monthOf: state.dayKey, snapshot: files.snapshot, progress: files.progress.banis,
                calendar: context.calendar),
            localizer: context.localizer)
        Output.line(view.render(format))
        if format == .text {
            Output.warn(files.warnings)
        }
    }
}
