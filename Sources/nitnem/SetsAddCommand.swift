// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets add <bani>… --to SET [--at N | --after BANI]`: banis into one of your daily sets.
enum SetsAddCommand {
    static let spec = CommandSpec(
        path: ["sets", "add"],
        abstract: "Add banis to one of your daily sets (at the end, --at N or --after BANI).",
        options: [SetsCommand.to.spec, SetsCommand.at, SetsCommand.after, .group],
        positionals: [PositionalSpec(name: "bani", help: SetsCommand.baniHelp, repeats: true)],
        discussion: """
            A set you have not changed starts as the snapshot's. A bani already in the set moves to the
            place given. Status, the widget timeline, mark --next/--band, reminders, the journey and a
            running agent count the new set at once.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        try place(args, spec: spec, names: SetsCommand.names(args, spec), moving: false)
    }

    /// `sets add` and `sets move`: the banis named, at the place given, in `--to`'s set (and, for a
    /// move, out of the others); `SetEdit` decides the lists.
    static func place(_ args: ParsedArguments, spec: CommandSpec, names: [String], moving: Bool) throws {
        guard let set = args.value(SetsCommand.to) else { throw spec.usageError("missing --to") }
        if args.isGiven(SetsCommand.at), args.isGiven(SetsCommand.after) {
            throw spec.usageError("give --at or --after, not both")
        }
        var place = SetEdit.Place.end
        if let text = args.value(SetsCommand.at) {
            guard let n = Int(text), n >= 1 else {
                throw spec.usageError(
                    "'\(Printable.bounded(text))' is not a valid value for '--at'; use a position, 1 or more")
            }
            place = .position(n)
        }
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        var problems = FirstFew<NitnemSnapshot.NameProblem>()
        var ids: [String] = []
        do throws(SetEdit.NamesProblem) {
            ids = try SetEdit.ids(named: names, in: files.snapshot)
        } catch {
            problems = error.problems
        }
        if let anchor = args.value(SetsCommand.after) {
            do throws(NitnemSnapshot.NameProblem) {
                place = try SetEdit.place(
                    after: anchor, in: set, snapshot: files.snapshot, mine: files.mine, snapshotSets: files.snapshotSets
                )
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty { throw SetsCommand.badNames(SetEdit.NamesProblem(problems: problems), files) }
        var refused: SetEdit.Problem?
        var changed: [DailySet] = []
        _ = try SetsCommand.write(group, context: context) { [place] mine in
            do throws(SetEdit.Problem) {
                let changes = try SetEdit.placing(
                    ids, in: set, at: place, moving: moving, mine: mine, snapshotSets: files.snapshotSets)
                changed = changes.compactMap { if case .set(let other, _) = $0, other != set { other } else { nil } }
                return changes
            } catch {
                refused = error
                return []
            }
        }
        if let refused {
            throw CLIError.badInput(SetsListing(snapshot: files.snapshot, mine: files.mine).notInSet(refused))
        }
        // The set the banis went to first (the line a settings page shows), then the sets they left.
        try SetsCommand.show([set] + changed, group: group, context: context)
    }
}
