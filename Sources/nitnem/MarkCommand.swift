import AgentShell
import CommandLineKit
import Foundation
import NitnemClockKit
import Snapshot

/// `nitnem mark <bani>`: records that a bani was read to the end on a Nitnem day (or undoes it).
enum MarkCommand {
    static let spec = CommandSpec(
        path: ["mark"],
        abstract: "Record a bani as read today (or on --day), or undo that with --undo.",
        options: [
            .flag("undo", "Remove the day from the bani's completed days instead."),
            OptionSpec(
                name: "day", value: "YYYY-MM-DD", help: "The Nitnem day to mark.",
                defaultValue: .described("the Nitnem day now; it rolls at 03:00")),
            .group,
        ],
        positionals: [
            PositionalSpec(
                name: "bani", help: "A bani id (japji, rehras/taksal), key (rehras) or English title (\"Japji Sahib\")."
            )
        ],
        discussion: """
            A key picks the default variant; for rehras, the snapshot's preferred Rehras variant.
            A progress file written by a newer schema is never changed (exit 1).

            ENVIRONMENT:
              SGGS_CLOCK_NOW   Pin "now" (RFC 3339, or a local wall time read in TZ).
              TZ               The time zone (else /etc/localtime).
            """
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let now = context.clock.now()
        let today = context.calendar.dayKey(at: now)
        var day = today
        if let text = args.value("day") {
            guard let parsed = CivilDate(text) else {
                throw spec.usageError("'\(text)' is not a valid value for '--day'; use a date YYYY-MM-DD")
            }
            day = parsed
        }
        let group = context.group(args)
        let snapshot: NitnemSnapshot
        do {
            snapshot = try GroupFiles.loadSnapshot(group).snapshot
        } catch {
            throw .badInput(error.description)
        }
        let name = args.positionals[0]
        guard let bani = snapshot.lookup(name) else {
            let ids = snapshot.banis.map(\.id).joined(separator: ", ")
            guard snapshot.banisAvailable, !snapshot.banis.isEmpty else {
                throw .badInput("\(group.snapshotPath): Nitnem not available in this database (no banis to mark)")
            }
            throw .badInput("unknown bani '\(name)'; use an id, a key or an English title: \(ids)")
        }
        // A progress file that cannot be read is bad input (exit 2), as for every command; what the
        // writer refuses after that (a newer schema, a failed write) is a failure (exit 1).
        do {
            _ = try GroupFiles.loadProgress(group)
        } catch {
            throw .badInput(error.description)
        }
        let undo = args.flag("undo")
        let outcome: ProgressStore.Outcome
        do {
            outcome = try ProgressStore.update(
                bani.id, day: day, at: now, nLines: bani.nLines, undo: undo, movePosition: day == today, in: group,
                now: context.clock.realNow())
        } catch {
            throw .failure(error.description)
        }
        for warning in outcome.progress.warnings { Output.error("warning: \(warning)") }
        let title = Printable.escaped(
            bani.isDefault || bani.variant.isEmpty ? bani.titleEn : "\(bani.titleEn) (\(bani.variant))")
        let daily = snapshot.dailyIDs
        let done = daily.filter { outcome.progress.banis[$0]?.completedDays.contains(day) ?? false }.count
        let tally = daily.isEmpty ? "" : " (\(done) of \(daily.count) \(day == today ? "today" : "that day"))"
        switch (undo, outcome.wasMarked) {
        case (false, false): Output.line("Marked \(title) read on \(day)\(tally)")
        case (false, true):
            let updated = day == today ? "; last read time updated" : ""
            Output.line("\(title) was already marked read on \(day)\(updated)\(tally)")
        case (true, true): Output.line("Unmarked \(title) on \(day)\(tally)")
        case (true, false): Output.line("\(title) was not marked read on \(day); nothing to undo\(tally)")
        }
    }
}
