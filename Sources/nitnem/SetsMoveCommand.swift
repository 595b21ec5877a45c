// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets move <bani> --to SET [--at N | --after BANI]`: one bani into a set, out of the others.
enum SetsMoveCommand {
    static let spec = CommandSpec(
        path: ["sets", "move"],
        abstract: "Move a bani to a daily set (at the end, --at N or --after BANI), out of any other.",
        options: [SetsCommand.to.spec, SetsCommand.at, SetsCommand.after, .group],
        positionals: [PositionalSpec(name: "bani", help: "A bani, named as 'nitnem mark' names it.")]
    )

    static func run(_ args: ParsedArguments) throws {
        let names = try SetsCommand.names(args, spec)
        if names.count > 1 { throw spec.usageError("move takes one bani") }
        try SetsAddCommand.place(args, spec: spec, names: names, moving: true)
    }
}
