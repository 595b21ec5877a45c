// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

/// `nitnem reminders list|test|pause|resume`: today's reminder slots and what became of them, a
/// test notification, or a pause of reminders.
enum RemindersCommand {
    static let noWait = OptionSpec.flag(
        "no-wait", "Return once it is shown, without waiting for a button to be pressed.")
    static let until = OptionSpec(
        name: "until", value: "WHEN",
        help: "When reminders come back: YYYY-MM-DD (that Nitnem day's start), HH:MM (its next time) or tomorrow.",
        defaultValue: .described("tomorrow, the next Nitnem day's start at 03:00"))

    static let listSpec = CommandSpec(
        path: ["reminders", "list"],
        abstract: "List today's reminders: what fired, what was skipped and why, what is next.",
        options: [.config, .group],
        discussion: """
            Each band's slot says what the agent did or will do, as it decides: reminded, snoozed (Later),
            skipped and why, paused, scheduled, due now, or off (reminder.<band> = off). A slot whose
            band's banis are read says it will be skipped, never that it is due (unless remind-when-done =
            yes). Next is the first reminder that would be shown. Times are wall times (06:00, with the
            date when it is not today's Nitnem day). 'nitnem reminders' alone runs this command.
            """
    )

    static let testSpec = CommandSpec(
        path: ["reminders", "test"],
        abstract: "Show a test notification, to check that reminders reach the desktop.",
        options: [
            .config, .group,
            noWait,
        ],
        discussion: """
            The notification is a reminder as your config makes it: its buttons (Read now, Listen when
            listen is set, Mark read, Later; at most three, the one a click does left off when there are
            four), what a click on it does (click) and its sound (sound). It says what this server shows
            of it. Here the buttons do nothing: it waits until one is pressed, the notification is
            clicked or closed, at most \(Self.testWaitSeconds / 60) minutes, and prints what happened.
            """
    )

    static let pauseSpec = CommandSpec(
        path: ["reminders", "pause"],
        abstract: "Pause reminders (travel, illness) until the next Nitnem day, or until --until.",
        options: [
            until
        ],
        discussion: """
            Writes $XDG_STATE_HOME/nitnem/pause.json; a running agent notices at once. A reminder
            slot that passes while paused is recorded as skipped (paused) and never fires late after
            the pause ends. Pausing again replaces the pause; nitnem reminders resume ends it.
            """
    )

    static let resumeSpec = CommandSpec(
        path: ["reminders", "resume"],
        abstract: "End a pause of reminders (removes $XDG_STATE_HOME/nitnem/pause.json).",
        options: []
    )

    /// How long `reminders test` waits for a button or a close: 2 minutes.
    static let testWaitSeconds = 120

    static func runList(_ args: ParsedArguments) throws(CLIError) { try run(args, test: false) }

    static func runTest(_ args: ParsedArguments) throws(CLIError) { try run(args, test: true) }

    static func run(_ args: ParsedArguments, test testing: Bool) throws(CLIError) {
        let context = try Context.load()
        let (config, paths) = try context.agentConfig(args)
        if testing {
            try test(config: config, wait: !args.flag(Self.noWait), localizer: context.localizer)
        } else {
            try list(context: context, config: config, paths: paths, args: args)
        }
    }

    static func runPause(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let now = context.clock.now()
        let until: Date
        do throws(PauseUntilError) {
            until = try Pause.until(args.value(Self.until), now: now, calendar: context.calendar)
        } catch {
            throw .badInput(error.description)
        }
        let path = context.paths.pause
        do throws(FileError) {
            try PauseStore.save(Pause(until: until, since: now), to: path, calendar: context.calendar)
        } catch {
            throw .failure(error.description)
        }
        let day = context.calendar.dayKey(at: until)
        let start = context.calendar.dayStart(day) == until ? " (the start of Nitnem day \(day))" : ""
        let shown = WallStamp.format(until, day: context.calendar.dayKey(at: now), in: context.calendar)
        Output.line("Reminders paused until \(shown)\(start)")
    }

    static func runResume(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let path = context.paths.pause
        let was = PauseStore.active(path: path, now: context.clock.now())
        let removed: Bool
        do throws(FileError) {
            removed = try PauseStore.remove(path: path)
        } catch {
            throw .failure(error.description)
        }
        if was.until != nil {
            Output.line("Reminders resumed")
        } else if removed {
            Output.line(
                "Reminders were not paused (removed \(was.problem == nil ? "an ended" : "an unreadable") pause)")
        } else {
            Output.line("Reminders were not paused")
        }
    }

    /// Prints the `ReminderPlan` at now: each band's slot and what became of it, then the next reminder.
    static func list(context: Context, config: AgentConfig, paths: AgentPaths, args: ParsedArguments) throws(CLIError) {
        let now = context.clock.now()
        let (ledger, problem) = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        if let problem { Output.error("warning: \(problem)") }
        let pause = PauseStore.active(path: paths.pause, now: now)
        if let problem = pause.problem { Output.error("warning: \(problem.description) (reminders are not paused)") }
        let files: GroupFiles?
        do {
            files = try GroupFiles.load(context.group(args))
        } catch {
            Output.error("warning: \(error.description) (not known which bands are read)")
            files = nil
        }
        for warning in files?.warnings ?? [] { Output.error("warning: \(warning)") }
        let plan = ReminderPlan(
            now: now, calendar: context.calendar, config: config, ledger: ledger, pausedUntil: pause.until,
            files: files)
        let listing = ReminderListing(
            plan: plan, now: now, calendar: context.calendar, snapshot: files?.snapshot, titles: config.titles,
            localizer: context.localizer)
        let l = context.localizer
        let heading = l(.remindersHeading, ["day": plan.dayKey.description])
        var lines = [config.remindersOn ? heading : l(.remindersOffNote, ["line": heading])]
        if let until = pause.until {
            lines.append("  " + l(.remindersPausedNote, ["time": listing.wall(until)]))
        }
        lines += listing.slotLines
        lines += listing.baniLines
        if let next = listing.nextLine(remindersOn: config.remindersOn) { lines += ["", next] }
        Output.line(lines.joined(separator: "\n"))
    }

    /// What the server said about the test notification (set during `GLibPump.dispatch`).
    final class Outcome {
        var event: NotificationEvent?
    }

    /// Shows a test notification as `config` makes a reminder (buttons, click, sound); with `wait`,
    /// pumps GLib until a button is pressed, it is clicked or closed (at most `testWaitSeconds`), and
    /// prints what happened.
    static func test(config: AgentConfig, wait: Bool, localizer: Localizer = .english) throws(CLIError) {
        let pump = wait ? GLibPump() : nil
        defer { pump?.close() }
        let outcome = Outcome()
        let notifier = LibnotifyNotifier(onEvent: { event in
            if outcome.event == nil { outcome.event = event }
        })
        defer { notifier.shutdown() }
        let buttons = ReminderAction.buttons(config).map { $0.notificationAction(localizer) }
        let click = ReminderAction.clicked(config).notificationAction(localizer)
        let caps: Set<String>
        let server: (name: String, version: String)
        do {
            caps = try notifier.capabilities()
            server = try notifier.serverInfo()
            try notifier.show(
                Notification(
                    summary: localizer(.testSummary), body: localizer(.testBody), actions: buttons,
                    defaultAction: click, tag: "sggs://nitnem", soundName: config.sound))
        } catch {
            throw .failure(error.description)
        }
        let sound =
            config.sound.map { caps.contains("sound") ? "sound \($0)" : "no sound: this server plays none" }
            ?? "no sound (config sound = off)"
        Output.line(
            "Sent a test notification to \(server.name) \(server.version) (capabilities: \(caps.sorted().joined(separator: ", "))); \(sound)"
        )
        Output.line(
            ServerPresentation(serverName: server.name).describe(
                buttons: buttons.map(\.label), click: click.label, capabilities: caps))
        guard let pump else { return }
        Output.line(
            caps.contains("actions")
                ? "Waiting for a button or a click on it (\(click.label)), or a close, \(testWaitSeconds / 60) minutes at most…"
                : "The server shows no buttons; waiting for the notification to be closed, \(testWaitSeconds / 60) minutes at most…"
        )
        let stop: Int32?
        do throws(SystemError) {
            stop = try pumpUntilAnswered(pump, outcome: outcome)
        } catch {
            throw .failure(error.description)
        }
        switch outcome.event {
        case .action(NotificationAction.defaultID, _, _)?:
            Output.line("Clicked: \(click.label)")
        case .action(let id, _, _)?:
            Output.line("Pressed: \(ReminderAction(rawValue: id)?.label(localizer) ?? id)")
        case .closed(let reason, _)?:
            let why =
                switch reason {
                case .dismissed: "dismissed"
                case .expired: "expired"
                case .closedByCall: "closed by a program"
                case .undefined: "closed"
                }
            Output.line("Closed without a button: \(why)")
        case nil:
            try? notifier.close()
            if let stop { throw .failure("stopped by signal \(stop); the test notification was closed") }
            Output.line("No answer within \(testWaitSeconds / 60) minutes; the test notification was closed")
        }
    }

    /// Polls GLib's descriptors (and SIGINT/SIGTERM) until `outcome` has an event or the wait is
    /// over; the signal that stopped it, if one did.
    static func pumpUntilAnswered(_ pump: GLibPump, outcome: Outcome) throws(SystemError) -> Int32? {
        let signals = try SignalDescriptor(signals: [SIGINT, SIGTERM])
        defer { signals.close() }
        // Real waiting, on the monotonic clock: how long a person has to press, not a time of day.
        let deadline = ContinuousClock.now + .seconds(testWaitSeconds)
        pump.dispatchPending()
        while outcome.event == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var set = PollSet()
            set.add(.signals, fileDescriptor: signals.fileDescriptor)
            let ready = try pump.wait(
                set, timeoutMilliseconds: Int32(min(left / .milliseconds(1), 60_000).rounded(.up)))
            if !ready[.signals].isEmpty { return try signals.read().first }
        }
        return nil
    }
}
