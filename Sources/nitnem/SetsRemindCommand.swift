// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets remind <bani> HH:MM|off`: a daily reminder for one bani.
enum SetsRemindCommand {
    static let spec = CommandSpec(
        path: ["sets", "remind"],
        abstract: "Remind one bani daily at a time (HH:MM), or 'off' to stop.",
        options: [.group],
        positionals: [
            PositionalSpec(name: "bani", help: "A bani, named as 'nitnem mark' names it."),
            PositionalSpec(name: "time", help: "HH:MM (a wall time of the Nitnem day), or off."),
        ],
        discussion: """
            The time is stored in nitnem-mynitnem.json and shown by 'nitnem sets'. The agent shows the
            reminder at most once per Nitnem day at that local time (00:00-02:59 belongs to the day that
            began the evening before), skips it when the bani is already read that day or reminders are
            paused, and shows it late after a sleep only while the band of its time lasts. Its buttons
            are the band reminders': Read now, Mark read (that bani), Later. 'nitnem reminders list'
            and 'nitnem clock' list it. A reminder in the file that is not a time is replaced (a copy of
            the file is kept first); one for an id the snapshot does not have is named exactly.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let name = args.positionals[0]
        let text = args.positionals[1]
        var at: WallTime?
        if text != "off" {
            guard let time = WallTime(text) else {
                throw spec.usageError("'\(Printable.bounded(text))' is not a time; use HH:MM (e.g. 10:00) or off")
            }
            at = time
        }
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let id: String
        let title: String
        do throws(NitnemSnapshot.NameProblem) {
            let bani = try files.snapshot.bani(named: name)
            (id, title) = (bani.id, bani.titleEn)
        } catch {
            // A reminder the file has for an id the snapshot does not have, given exactly.
            guard files.mine?.hasReminder(exactly: name) == true else {
                throw CLIError.badInput(files.snapshot.explain([error]))
            }
            (id, title) = (name, name)
        }
        _ = try SetsCommand.write(group, context: context) { _ in [.reminder(id: id, at: at)] }
        // What still cannot be read in the file (another part than this reminder) is said.
        Output.warn(try context.loadFiles(group).warnings)
        Output.line(SetsListing.reminded(title: title, at: at, localizer: context.localizer))
    }
}
