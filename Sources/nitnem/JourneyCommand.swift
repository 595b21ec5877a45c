// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem journey`: the month's reading record, from the progress file's completed days; `journey
/// clear` empties them (after a backup) and `journey restore` puts a backup back.
enum JourneyCommand {
    static let month = OptionSpec(
        name: "month", value: "YYYY-MM", help: "The month.", defaultValue: .described("this Nitnem day's"))
    static let format = ChoiceOption<OutputFormat>.format()
    static let yes = OptionSpec.flag("yes", "Do it: write the backup, then empty every completedDays.")
    static let restoreYes = OptionSpec.flag(
        "yes", "Restore even a file whose banis are not this snapshot's (a backup is written first).")

    static let spec = CommandSpec(
        path: ["journey"],
        abstract: "Show the reading journey of a month: which days the daily banis were all read.",
        options: [
            month,
            format.spec,
            .group,
        ],
        discussion: """
            A calendar, Monday first: a row of day numbers, under it a mark per day — ✓ all the daily
            banis read, a number for some, · for none, … for today while it is in progress (never a
            miss). A complete day is one with every bani of your three sets as they are now ('nitnem
            sets'), so a change to a set counts for past days too.
            The streak counts complete days up to today (or yesterday while today is open);
            the longest streak is shown within the month and overall. A month before the first record
            or after today says so, and shows no streak. See also 'nitnem journey clear' and
            'nitnem journey restore'.
            """
    )

    static let clearSpec = CommandSpec(
        path: ["journey", "clear"],
        abstract: "Empty the completed days of every bani (after a backup); without --yes, only say what would go.",
        options: [yes, .group],
        discussion: """
            Only the completedDays lists change, each removed day recorded in its entry (dayEdits, so a
            machine syncing the group does not bring it back): reading positions, read times and
            everything else in the file stay byte for byte. The backup, the file as it was, goes beside it as
            nitnem-progress.backup-<UTC time>.json (0600); 'nitnem journey restore <backup>' puts it
            back. The same lock as 'nitnem mark' keeps other writers out meanwhile.
            """
    )

    static let restoreSpec = CommandSpec(
        path: ["journey", "restore"],
        abstract: "Put a backup back as the progress file, byte for byte (after a backup of the one it replaces).",
        options: [restoreYes, .group],
        positionals: [
            PositionalSpec(name: "backup", help: "The backup file (nitnem-progress.backup-….json).")
                .completing(.file)
        ],
        discussion: """
            Marks recorded after the backup was written are replaced with it. The backup stays, and the
            history it replaces is kept first, as 'nitnem journey clear' keeps it
            (nitnem-progress.backup-<UTC time>.json, 0600, named in the report): restoring that one
            undoes the restore. A file that is not a progress file (not JSON, the wrong shape, a
            schema other than 1) or is the progress file itself is one line on stderr and exit 2,
            with nothing changed. When most of the file's banis (more than half) are not in this
            snapshot, it is likely another user's or another app's: without --yes, only say what it
            would put back and replace.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let today = context.calendar.dayKey(at: context.clock.now())
        var year = today.year
        var month = today.month
        if let text = args.value(Self.month) {
            guard let first = CivilDate(text + "-01"), text.count == 7 else {
                throw spec.usageError("'\(Printable.bounded(text))' is not a valid value for '--month'; use YYYY-MM")
            }
            year = first.year
            month = first.month
        }
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let journey = Journey(
            year: year, month: month, snapshot: files.snapshot, progress: files.progress.banis, today: today,
            calendar: context.calendar)
        Output.line(args.value(Self.format) == .json ? journey.json.compact : journey.text(context.localizer))
    }

    static func runClear(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let group = context.group(args)
        let path = group.progressPath
        let plan = try ProgressStore.clearPlan(in: group)
        guard plan.changed else { return Output.line(JourneyClearReport.nothing(path)) }
        guard args.flag(Self.yes) else {
            return JourneyClearReport.wouldRemove(days: plan.days, banis: plan.banis, from: path).forEach(Output.line)
        }
        let cleared: ProgressStore.Cleared
        do {
            cleared = try ProgressStore.clear(
                in: group, stamp: context.backupStamp, at: context.clock.now(), now: context.clock.realNow())
        } catch {
            // The file was read once already: whatever stops the clear now is a failure.
            throw CLIError(error, as: .failure)
        }
        guard let backup = cleared.backup else { return Output.line(JourneyClearReport.nothing(path)) }
        JourneyClearReport.removed(days: cleared.days, banis: cleared.banis, from: path, backup: backup)
            .forEach(Output.line)
    }

    static func runRestore(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let group = context.group(args)
        let path = group.progressPath
        let file: ProgressStore.Restorable
        do {
            file = try ProgressStore.restorable(args.positionals[0], in: group)
        } catch {
            // A file that is no progress file, or one of a newer schema, is a wrong argument.
            throw CLIError(error, as: .badInput)
        }
        let snapshot = try GroupFiles.loadSnapshotWithSets(group).snapshot
        let plan = JourneyRestorePlan(
            restoring: file.progress, over: ProgressStore.replaced(in: group), snapshot: snapshot)
        if plan.asks, !args.flag(Self.restoreYes) {
            return JourneyClearReport.wouldRestore(plan, from: file.path, to: path).forEach(Output.line)
        }
        let restored = try ProgressStore.restore(
            file, in: group, stamp: context.backupStamp, now: context.clock.realNow())
        guard restored.changed else { return Output.line(JourneyClearReport.alreadyRestored(path, from: file.path)) }
        JourneyClearReport.restored(path, from: file.path, progress: file.progress, backup: restored.backup)
            .forEach(Output.line)
    }
}
