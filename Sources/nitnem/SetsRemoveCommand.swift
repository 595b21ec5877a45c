// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets remove <bani>… [--from SET]`: banis out of your daily sets.
enum SetsRemoveCommand {
    static let spec = CommandSpec(
        path: ["sets", "remove"],
        abstract: "Remove banis from your daily sets (from every set that has them, or --from SET).",
        options: [SetsCommand.from.spec, .group],
        positionals: [PositionalSpec(name: "bani", help: SetsCommand.baniHelp, repeats: true)],
        discussion: """
            Removing every bani of a set leaves it empty: nothing to read in its band and no band
            reminder ('nitnem sets reset' gives the snapshot's set back). An id the snapshot does not
            have can be removed by giving it exactly.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let names = try SetsCommand.names(args, spec)
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let sets = args.value(SetsCommand.from).map { [$0] } ?? DailySet.allCases
        let ids: [String]
        do throws(SetEdit.NamesProblem) {
            ids = try SetEdit.idsToRemove(
                named: names, in: files.snapshot, mine: files.mine, snapshotSets: files.snapshotSets)
        } catch {
            throw SetsCommand.badNames(error, files)
        }
        _ = try SetsCommand.write(group, context: context) { mine in
            SetEdit.removing(ids, from: sets, mine: mine, snapshotSets: files.snapshotSets)
        }
        try SetsCommand.show(sets, group: group, context: context)
    }
}
