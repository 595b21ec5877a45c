// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets available`: every bani you can put in a set.
enum SetsAvailableCommand {
    static let spec = CommandSpec(
        path: ["sets", "available"],
        abstract: "List every bani you can put in a set: id, titles, source and the sets it is in.",
        options: [.group]
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        for warning in files.warnings { Output.error("warning: \(warning)") }
        Output.line(SetsListing(snapshot: files.snapshot, mine: files.mine).available.joined(separator: "\n"))
    }
}
