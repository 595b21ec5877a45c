// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets available`: every bani you can put in a set.
enum SetsAvailableCommand {
    static let format = ChoiceOption<OutputFormat>.format()

    static let spec = CommandSpec(
        path: ["sets", "available"],
        abstract: "List every bani you can put in a set: id, titles, source and the sets it is in.",
        options: [format.spec, .group],
        discussion: """
            --format json is for programs (a settings window): per bani its id, its title as config
            titles gives it (a non-default variant named), the daily sets it is in, its source and
            line count (null when the snapshot gives none).
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        let listing = SetsListing(snapshot: files.snapshot, mine: files.mine)
        switch args.value(Self.format) ?? .text {
        case .json:
            // Config `titles` chooses the title (English when not set), as for `sets`.
            let (config, configWarnings) = try context.displayConfig(args)
            Output.warn(configWarnings + files.warnings)
            Output.line(listing.availableJSON(titles: config.titles.or(.english)).compact)
        case .text:
            Output.warn(files.warnings)
            Output.line(listing.available.joined(separator: "\n"))
        }
    }
}
