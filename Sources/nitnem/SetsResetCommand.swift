// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets reset [SET]`: a daily set (or all three) back to the snapshot's.
enum SetsResetCommand {
    static let spec = CommandSpec(
        path: ["sets", "reset"],
        abstract: "Give a daily set (or all three) back to the snapshot: your file no longer lists it.",
        options: [.group],
        positionals: [
            PositionalSpec(name: "set", help: "morning, evening or night (default: all three).", optional: true)
                .completing(.words(DailySet.allCases.map(\.rawValue)))
        ]
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        var sets = DailySet.allCases
        if let name = args.positionals.first {
            guard let set = DailySet(rawValue: name) else {
                throw spec.usageError("'\(Printable.bounded(name))' is not a daily set; use morning, evening or night")
            }
            sets = [set]
        }
        let context = try Context.load()
        let group = context.group(args)
        _ = try SetsCommand.write(group, context: context) { mine in SetEdit.resetting(sets, mine: mine) }
        try SetsCommand.show(sets, group: group, context: context)
    }
}
