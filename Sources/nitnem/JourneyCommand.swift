import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem journey`: the month's reading record, from the progress file's completed days.
enum JourneyCommand {
    static let spec = CommandSpec(
        path: ["journey"],
        abstract: "Show the reading journey of a month: which days the daily banis were all read.",
        options: [
            OptionSpec(
                name: "month", value: "YYYY-MM", help: "The month.", defaultValue: .described("this Nitnem day's")),
            .format(),
            .group,
        ]
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let today = context.calendar.dayKey(at: context.clock.now())
        var year = today.year
        var month = today.month
        if let text = args.value("month") {
            guard let first = CivilDate(text + "-01"), text.count == 7 else {
                throw spec.usageError("'\(text)' is not a valid value for '--month'; use YYYY-MM")
            }
            year = first.year
            month = first.month
        }
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let journey = Journey(
            year: year, month: month, snapshot: files.snapshot, progress: files.progress.banis, today: today)
        Output.line(args.value("format") == "json" ? journey.json.compact : journey.text)
    }
}
