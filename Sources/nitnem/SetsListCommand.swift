// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets list` (and `nitnem sets` alone): your three daily sets, each bani read today or not.
enum SetsListCommand {
    static let format = ChoiceOption<OutputFormat>.format()

    static let spec = CommandSpec(
        path: ["sets", "list"],
        abstract: "Show your three daily sets in order: each bani read today (✓) or not (○), and its reminder.",
        options: [format.spec, .group],
        discussion: """
            'nitnem sets' alone does the same. A set is yours when nitnem-mynitnem.json lists it, else
            the snapshot's. The morning set is read in Amrit Vela and the Morning band.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        // Config `titles` chooses the title shown (English when not set).
        let (config, configWarnings) = try context.displayConfig(args)
        Output.warn(configWarnings + files.warnings)
        let form = config.titles.or(.english)
        let today = context.calendar.dayKey(at: context.clock.now())
        let listing = SetsListing(snapshot: files.snapshot, mine: files.mine)
        let banis = files.progress.banis
        switch args.value(Self.format) ?? .text {
        case .json:
            let words = SettingsWords(localizer: context.localizer)
            Output.line(listing.json(today: today, progress: banis, titles: form, words: words).compact)
        case .text: Output.line(listing.text(today: today, progress: banis, titles: form, localizer: context.localizer))
        }
    }
}
