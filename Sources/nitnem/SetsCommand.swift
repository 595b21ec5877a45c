// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets …`: your own Nitnem — the three daily sets as they count, and changes to them, kept
/// in `<group>/nitnem-mynitnem.json` (under its lock, unknown fields kept byte for byte). What the
/// commands share: their options, the write and the sets shown after it. `SetEdit` decides every
/// change and `SetsListing` words what is shown; each command has its own file.
enum SetsCommand {
    static let to = ChoiceOption<DailySet>("to", help: "The daily set to put the banis in.", required: true)
    static let from = ChoiceOption<DailySet>(
        "from", help: "The daily set to remove them from (default: every set that has them).")
    static let at = OptionSpec(name: "at", value: "N", help: "Put them at this position (1 is first).")
    static let after = OptionSpec(name: "after", value: "BANI", help: "Put them right after this bani of the set.")
        .completing(.program(arguments: ["completions", "--list", "banis"], forwarding: ["group"]))

    static let baniHelp =
        "A bani, named as 'nitnem mark' names it: an id or key (japji, sukhmani), a title (\"Japji Sahib\") or a short name (sohila); several, or several joined by commas."

    /// The names given (several joined by commas split); none is bad usage of `spec`.
    static func names(_ args: ParsedArguments, _ spec: CommandSpec) throws -> [String] {
        let names = NitnemSnapshot.names(in: args.positionals)
        if names.isEmpty { throw spec.usageError("missing <bani>") }
        return names
    }

    /// Changes the file under its lock (`change` decides from the file as it is then). A file that
    /// cannot be read, or a change built on a part of it that cannot be read, is bad input (exit 2:
    /// one line naming the file, the part and the command that fixes it); `resetting` (`sets reset`)
    /// starts a file that cannot be read at all afresh instead. A write refused or failed (a newer
    /// schema, a full disk) is a failure (exit 1). A copy kept of what the change replaced that could
    /// not be read is said first.
    static func write(
        _ group: AppGroup, context: Context, resetting: Bool = false, _ change: (MyNitnem?) -> [MyNitnemWriter.Change]
    ) throws -> MyNitnem {
        let outcome = try MyNitnemStore.update(
            in: group, at: context.clock.now(), now: context.clock.realNow(), stamp: context.backupStamp,
            resetting: resetting
        ) { mine in change(mine) }
        if let backup = outcome.backup {
            Output.line(
                SetsListing.keptUnreadable(group.mynitnemPath, as: backup, startedAfresh: outcome.startedAfresh))
        }
        return outcome.mine
    }

    /// Prints the sets `sets` as they now count: `Your morning set: Japji Sahib, Sukhmani Sahib`.
    static func show(_ sets: [DailySet], group: AppGroup, context: Context) throws {
        let files = try context.loadFiles(group)
        Output.warn(files.warnings)
        let listing = SetsListing(snapshot: files.snapshot, mine: files.mine)
        for line in listing.shown(sets, localizer: context.localizer) { Output.line(line) }
    }

    /// The names' problems, for a person (bad input).
    static func badNames(_ problem: SetEdit.NamesProblem, _ files: GroupFiles) -> CLIError {
        .badInput(files.snapshot.explain(problem.problems))
    }
}
