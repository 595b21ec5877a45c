// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem reminders pause [--until WHEN]` and `nitnem reminders resume`: a pause of reminders.
enum RemindersPauseCommand {
    static let until = OptionSpec(
        name: "until", value: "WHEN",
        help: "When reminders come back: YYYY-MM-DD (that Nitnem day's start), HH:MM (its next time) or tomorrow.",
        defaultValue: .described("tomorrow, the next Nitnem day's start at 03:00"))

    static let spec = CommandSpec(
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

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let now = context.clock.now()
        let until = try Pause.until(args.value(Self.until), now: now, calendar: context.calendar)
        let path = context.paths.pause
        if let pointed = try PauseStore.save(Pause(until: until, since: now), to: path, calendar: context.calendar) {
            Output.warn(AtomicFile.replacedLink(path, pointed: pointed))
        }
        let day = context.calendar.dayKey(at: until)
        let shown = WallStamp.format(until, day: context.calendar.dayKey(at: now), in: context.calendar)
        let l = context.localizer
        let line = l(.remindersPausedUntil, ["time": shown])
        Output.line(
            context.calendar.dayStart(day) == until ? l(.pausedDayStart, ["line": line, "day": "\(day)"]) : line)
    }

    static func runResume(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let path = context.paths.pause
        let was = PauseStore.active(path: path, now: context.clock.now())
        let removed = try PauseStore.remove(path: path)
        let l = context.localizer
        if was.until != nil {
            Output.line(l(.resumed))
        } else if removed {
            Output.line(l(was.problem == nil ? .notPausedEndedRemoved : .notPausedUnreadableRemoved))
        } else {
            Output.line(l(.notPaused))
        }
    }
}
