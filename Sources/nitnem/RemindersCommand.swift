// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem reminders list` (and `nitnem reminders` alone): today's reminder slots and what became
/// of them, as `ReminderPlan` decides and `ReminderListing` words them.
enum RemindersCommand {
    static let spec = CommandSpec(
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

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let (config, paths) = try context.agentConfig(args)
        try list(context: context, config: config, paths: paths, args: args)
    }

    /// Prints the `ReminderPlan` at now: each band's slot and what became of it, then the next reminder.
    static func list(context: Context, config: AgentConfig, paths: AgentPaths, args: ParsedArguments) throws {
        let now = context.clock.now()
        let (ledger, problem) = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        if let problem { Output.warn("\(problem)") }
        let pause = PauseStore.active(path: paths.pause, now: now)
        if let problem = pause.problem { Output.warn("\(problem.description) (reminders are not paused)") }
        let files: GroupFiles?
        do {
            files = try GroupFiles.load(context.group(args))
        } catch {
            Output.warn("\(error.description) (not known which bands are read)")
            files = nil
        }
        Output.warn(files?.warnings ?? [])
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
}
