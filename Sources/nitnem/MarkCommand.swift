// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem mark <bani>… [--next] [--band]`: records that banis were read to the end on a Nitnem day
/// (or undoes it), or lists the day's banis with `--list`.
enum MarkCommand {
    static let next = OptionSpec.flag(
        "next", "Also the bani status shows next (with --undo: the one read last that day).")
    static let band = OptionSpec.flag(
        "band", "Also every unread bani of the current band's set (with --undo: every read one).")
    static let undo = OptionSpec.flag("undo", "Remove the day from the banis' completed days instead.")
    static let day = OptionSpec(
        name: "day", value: "DAY", help: "The Nitnem day to mark: \(MarkDay.forms), never after today.",
        defaultValue: .described("today, the Nitnem day now; it rolls at 03:00")
    ).completing(.words(["today", "yesterday"]))
    static let list = OptionSpec.flag(
        "list", "Mark nothing: list the day's banis, read (✓) or not (○), and the next.")
    static let format = ChoiceOption<OutputFormat>.format()

    static let spec = CommandSpec(
        path: ["mark"],
        abstract: "Record banis as read today (or on --day), or undo that with --undo.",
        options: [
            next, band, undo, day, list, format.spec,
            .group,
        ],
        positionals: [
            PositionalSpec(
                name: "bani",
                help:
                    "A bani: an id or key (japji, kirtan_sohila), a title (\"Japji Sahib\", ਜਪੁ ਜੀ ਸਾਹਿਬ) or a short name (sohila, ਚੌਪਈ); several, or several joined by commas.",
                optional: true, repeats: true)
        ],
        discussion: """
            Give one or more banis, --next, --band, or any mix; each bani is marked once, in that order,
            one write (under the progress file's lock) per bani. Names are matched ignoring case, spaces,
            hyphens, underscores, apostrophes and a trailing Sahib (ਸਾਹਿਬ): "tav prasad savaiye",
            ਚੌਪਈ and ਜਪੁਜੀ ਸਾਹਿਬ all name a bani; an exact id, key or title comes first. A name that
            names no bani of the snapshot (the error offers the closest), or banis of several keys, is
            an error (exit 2) and nothing is written. Prints one line per bani and the day's count.
            --next --undo unmarks the daily bani with the latest read time that day (a mark sets it to
            now): it takes back the last --next or bar click.
            A key picks the default variant; for rehras, the snapshot's preferred Rehras variant.
            A progress file written by a newer schema is never changed (exit 1).
            --list prints the day's daily banis; --format (for --list only) json is for programs, such as
            the GNOME Shell extension's menu.

            ENVIRONMENT:
              SGGS_CLOCK_NOW   Pin "now" (RFC 3339, or a local wall time read in TZ), from
                               \(NitnemClock.rangeText).
              TZ               The time zone (else /etc/localtime).
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let names = NitnemSnapshot.names(in: args.positionals)
        let next = args.flag(Self.next)
        let band = args.flag(Self.band)
        let undo = args.flag(Self.undo)
        let list = args.flag(Self.list)
        if list, !names.isEmpty || next || band || undo {
            throw spec.usageError("--list marks nothing: give it no bani, --next, --band or --undo")
        }
        if !list, args.isGiven(Self.format) { throw spec.usageError("--format is for --list") }
        if !list, names.isEmpty, !next, !band { throw spec.usageError("missing <bani> (or --next, --band)") }

        let context = try Context.load()
        let now = context.clock.now()
        let today = context.calendar.dayKey(at: now)
        var day = today
        if let text = args.value(Self.day) {
            do throws(MarkDayError) {
                day = try MarkDay.parse(text, today: today, calendar: context.calendar)
            } catch {
                switch error.code {
                case .malformed: throw spec.usageError(error.description)
                case .future: throw error
                }
            }
        }
        let group = context.group(args)
        // The sets as you have them (`nitnem-mynitnem.json`): `--next`, `--band` and `--list` count them.
        let (snapshot, setWarnings) = try GroupFiles.loadSnapshotWithSets(group)
        // A progress file that cannot be read is bad input (exit 2), as for every command; what the
        // writer refuses after that (a newer schema, a failed write) is a failure (exit 1).
        let progress = try GroupFiles.loadProgress(group)
        // The band and order `status` shows now; the day's reads decide what is next on `day`.
        let state = TodayState(snapshot: snapshot, progress: progress.banis, at: now, calendar: context.calendar)
        if list {
            let checklist = DayChecklist(
                snapshot: snapshot, progress: progress.banis, day: day, current: state.band, order: state.order)
            // Config `titles` chooses the title shown; a bad config line is a warning, as for status.
            let (config, configWarnings) = try context.displayConfig(args)
            Output.warn(configWarnings + setWarnings + progress.warnings)
            Output.line(
                args.value(Self.format) == .json
                    ? checklist.json(titles: config.titles).compact
                    : checklist.text(today: today, titles: config.titles, localizer: context.localizer))
            return
        }
        let plan: MarkPlan
        do throws(MarkPlan.Problem) {
            // The day marked, in the band shown now: its next bani is decided by `TodayState` alone.
            let marked =
                day == today
                ? state
                : TodayState(
                    snapshot: snapshot, progress: progress.banis, day: context.calendar.nitnemDay(day),
                    band: state.band,
                    calendar: context.calendar)
            plan = try MarkPlan(
                names: names, next: next, band: band, undo: undo, snapshot: snapshot, progress: progress.banis,
                state: marked, dayInterval: context.calendar.dayInterval(day))
        } catch {
            switch error {
            case .unavailable:
                throw CLIError.badInput(
                    "\(group.snapshotPath): Nitnem not available in this database (no banis to mark)")
            case .names(let problems):
                throw CLIError.badInput(snapshot.explain(problems))
            }
        }
        let report = MarkReport(day: day, today: today, daily: snapshot.dailyIDs, undo: undo)
        var latest = progress
        for (index, bani) in plan.banis.enumerated() {
            let outcome: ProgressStore.Outcome
            do {
                outcome = try ProgressStore.record(
                    Mark(bani, day: day, today: today, undo: undo), clock: context.clock, in: group)
            } catch {
                // The files were read above: whatever the writer refuses now is a failure.
                throw CLIError(error, as: .failure)
            }
            latest = outcome.progress
            if index == 0 {
                Output.warn(outcome.progress.warnings)
            }
            Output.line(report.line(bani, wasMarked: outcome.wasMarked, progress: outcome.progress.banis))
        }
        for note in plan.notes { Output.line(report.line(note: note, progress: latest.banis)) }
    }
}
