// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem clock`: what Nitnem day and band it is now, and what comes next.
enum ClockCommand {
    static let format = ChoiceOption<OutputFormat>.format()

    static let spec = CommandSpec(
        path: ["clock"],
        abstract: "Show the Nitnem day and band now, and the fixed points and reminders that come next.",
        options: [format.spec, .config, .group],
        discussion: """
            Reminder times are the config file's (reminder.amritVela|evening|night, reminders = off),
            read as the agent reads it; a slot that is off is not listed. Text shows wall times (06:00,
            with the date when it is not today's Nitnem day); JSON keeps RFC 3339 instants. The
            per-bani reminders (nitnem sets remind) come from <group>/nitnem-mynitnem.json, the only
            group file clock reads: each one's next time, by bani id.

            ENVIRONMENT:
              SGGS_CLOCK_NOW   Pin "now": 2026-11-29T22:00:00+05:30, 2026-11-29T16:30:00Z,
                               or a local wall time 2026-11-29T22:00[:ss] read in TZ;
                               from \(NitnemClock.rangeText).
              TZ               The time zone (else /etc/localtime).
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        // As the agent reads it: the good lines, the default for a bad one (said on stderr).
        let (config, warnings) = try context.displayConfig(args)
        Output.warn(warnings)
        var mine: MyNitnem?
        do {
            mine = try GroupFiles.readMine(context.group(args))
        } catch {
            Output.warn("\(error.description) (no per-bani reminders listed)")
        }
        let report = ClockReport(
            now: context.clock.now(), calendar: context.calendar, config: config,
            configPath: context.paths.agent(configFlag: args.value(.config)).config,
            baniReminders: config.remindersOn ? mine?.reminders ?? [] : [])
        if args.value(Self.format) == .json {
            Output.line(report.json.compact)
        } else {
            Output.line(report.text)
        }
    }
}
