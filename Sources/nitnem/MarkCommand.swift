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
    static let format = OptionSpec.format()

    static let spec = CommandSpec(
        path: ["mark"],
        abstract: "Record banis as read today (or on --day), or undo that with --undo.",
        options: [
            next, band, undo, day, list, format,
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
              SGGS_CLOCK_NOW   Pin "now" (RFC 3339, or a local wall time read in TZ).
              TZ               The time zone (else /etc/localtime).
            """
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
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
                case .future: throw .badInput(error.description)
                }
            }
        }
        let group = context.group(args)
        // The sets as you have them (`nitnem-mynitnem.json`): `--next`, `--band` and `--list` count them.
        let snapshot: NitnemSnapshot
        let setWarnings: [String]
        do {
            (snapshot, setWarnings) = try GroupFiles.loadSnapshotWithSets(group)
        } catch {
            throw .badInput(error.description)
        }
        // A progress file that cannot be read is bad input (exit 2), as for every command; what the
        // writer refuses after that (a newer schema, a failed write) is a failure (exit 1).
        let progress: NitnemProgress
        do {
            progress = try GroupFiles.loadProgress(group)
        } catch {
            throw .badInput(error.description)
        }
        // The band and order `status` shows now; the day's reads decide what is next on `day`.
        let state = TodayState(snapshot: snapshot, progress: progress.banis, at: now, calendar: context.calendar)
        if list {
            let checklist = DayChecklist(
                snapshot: snapshot, progress: progress.banis, day: day, current: state.band, order: state.order)
            // Config `titles` chooses the title shown; a bad config line is a warning, as for status.
            let (config, configWarnings) = try context.displayConfig(args)
            for warning in configWarnings + setWarnings + progress.warnings { Output.error("warning: \(warning)") }
            Output.line(
                args.value(Self.format) == "json"
                    ? checklist.json(titles: config.titles).compact
                    : text(checklist, today: today, titles: config.titles, localizer: context.localizer))
            return
        }
        let plan: MarkPlan
        do throws(MarkPlan.Problem) {
            plan = try MarkPlan(
                names: names, next: next, band: band, undo: undo, snapshot: snapshot, progress: progress.banis,
                day: day, dayInterval: context.calendar.dayInterval(day), current: state.band, order: state.order)
        } catch {
            switch error {
            case .unavailable:
                throw .badInput("\(group.snapshotPath): Nitnem not available in this database (no banis to mark)")
            case .names(let problems):
                throw .badInput(snapshot.explain(problems))
            }
        }
        let daily = snapshot.dailyIDs
        func tally(_ progress: NitnemProgress) -> String {
            let done = daily.filter { progress.isRead($0, on: day) }.count
            return daily.isEmpty ? "" : " (\(done) of \(daily.count) \(day == today ? "today" : "that day"))"
        }
        var latest = progress
        var warned = false
        for bani in plan.banis {
            let outcome: ProgressStore.Outcome
            do {
                outcome = try ProgressStore.update(
                    bani.id, day: day, at: now, nLines: bani.nLines, undo: undo, movePosition: day == today,
                    in: group, now: context.clock.realNow())
            } catch {
                throw .failure(error.description)
            }
            latest = outcome.progress
            if !warned {
                for warning in outcome.progress.warnings { Output.error("warning: \(warning)") }
                warned = true
            }
            let title = Printable.escaped(
                bani.isDefault || bani.variant.isEmpty ? bani.titleEn : "\(bani.titleEn) (\(bani.variant))")
            let count = tally(outcome.progress)
            switch (undo, outcome.wasMarked) {
            case (false, false): Output.line("Marked \(title) read on \(day)\(count)")
            case (false, true):
                let updated = day == today ? "; last read time updated" : ""
                Output.line("\(title) was already marked read on \(day)\(updated)\(count)")
            case (true, true): Output.line("Unmarked \(title) on \(day)\(count)")
            case (true, false): Output.line("\(title) was not marked read on \(day); nothing to undo\(count)")
            }
        }
        for note in plan.notes {
            Output.line(Printable.escaped(note.prefix(1).uppercased() + note.dropFirst()) + tally(latest))
        }
    }

    /// `--list` for a person: the day and band, then one line per daily bani.
    static func text(
        _ checklist: DayChecklist, today: CivilDate, titles: TitleForm? = nil, localizer: Localizer = .english
    ) -> String {
        let l = localizer
        var lines = [
            l(
                checklist.day == today ? .listHeadingToday : .listHeadingThatDay,
                [
                    "band": l.band(checklist.band), "day": checklist.day.description, "done": "\(checklist.done)",
                    "total": "\(checklist.items.count)",
                ])
        ]
        let width = checklist.items.map { $0.bani.id.count }.max() ?? 0
        for item in checklist.items {
            let b = item.bani
            var line = "\(item.read ? "✓" : "○") \(b.id.padded(to: width))  "
            line += titles.or(.both).titleWithVariant(b, Printable.escaped)
            if item.next { line = l(.listNext, ["line": line]) }
            lines.append(line)
        }
        if checklist.items.isEmpty { lines.append(l(.noDailyBanis)) }
        return lines.joined(separator: "\n")
    }
}
