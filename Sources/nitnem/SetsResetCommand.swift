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
        ],
        discussion: """
            Also fixes a nitnem-mynitnem.json that cannot be read: a set that is not a list of banis
            goes with it (a 'sets' that is not an object goes whole), and reset without a set also
            takes out a reminder that is not a time; a file that cannot be read at all (not JSON) is
            started afresh. Before anything that could not be read is replaced, the file is kept
            beside it as nitnem-mynitnem.unreadable-<UTC time>.json (0600), and the copy is named.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        var sets = DailySet.allCases
        if let name = args.positionals.first {
            guard let set = DailySet(rawValue: name) else {
                throw spec.usageError("'\(Printable.bounded(name))' is not a daily set; use morning, evening or night")
            }
            sets = [set]
        }
        let context = try Context.load()
        let group = context.group(args)
        _ = try SetsCommand.write(group, context: context, resetting: true) { mine in
            SetEdit.resetting(sets, mine: mine)
        }
        try SetsCommand.show(sets, group: group, context: context)
    }
}
