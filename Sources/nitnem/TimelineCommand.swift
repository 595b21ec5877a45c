// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem timeline`: the widget timeline the agent would write now.
enum TimelineCommand {
    static let write = OptionSpec.flag("write", "Also write it to <group>/widgets/NitnemNow.json (atomically, 0600).")

    static let spec = CommandSpec(
        path: ["timeline"],
        abstract: "Print the widget timeline (NitnemNow.json) the agent would write now.",
        options: [
            .group,
            .config,
            write,
        ]
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let group = context.group(args)
        let (config, warnings) = try context.displayConfig(args)
        Output.warn(warnings)
        let files = try context.loadFiles(group).configured(config)
        let timeline = WidgetTimeline(
            snapshot: files.snapshot, progress: files.progress.banis, now: context.clock.now(),
            calendar: context.calendar,
            options: WidgetTimeline.DisplayOptions(titles: config.titles, listen: config.listen != nil))
        let text = timeline.json(calendar: context.calendar, localizer: context.localizer).pretty
        Output.write(fd: 1, text)
        if args.flag(Self.write) {
            if let pointed = try AtomicFile.write(Array(text.utf8), to: group.timelinePath, links: .replace) {
                Output.warn(AtomicFile.replacedLink(group.timelinePath, pointed: pointed))
            }
        }
    }
}
