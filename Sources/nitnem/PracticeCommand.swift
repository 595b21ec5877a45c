// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem practice …`: one bani read daily for a number of days. The practice is a choice kept in
/// `nitnem-mynitnem.json` (`Practice`); its days are counted from the progress file (`PracticeProgress`)
/// and what changes is decided by `PracticePlan`.
enum PracticeCommand {
    static let format = ChoiceOption<OutputFormat>.format()
    static let days = OptionSpec(
        name: "days", value: "N",
        help: "How many Nitnem days it lasts (1 to \(Practice.lengths.upperBound)).",
        defaultValue: .described("\(Practice.defaultLength)"))
    static let from = OptionSpec(
        name: "from", value: "DAY", help: "Its first Nitnem day: \(MarkDay.forms).",
        defaultValue: .described("today, the Nitnem day now; it rolls at 03:00")
    ).completing(.words(["today", "yesterday"]))
    static let remind = OptionSpec(
        name: "remind", value: "HH:MM", help: "Its daily reminder's time, while its bani is unread that day.",
        defaultValue: .described(
            "16:00 for a bani of your morning set, 20:00 of the evening's or of none, 22:30 of the night's"))
    static let bani = PositionalSpec(name: "bani", help: "A bani, named as 'nitnem mark' names it.")

    static let spec = CommandSpec(
        path: ["practice", "list"],
        abstract: "Show each practice: day k of N, days read and missed, what today needs.",
        options: [format.spec, .config, .group],
        discussion: """
            A practice is one bani read on each Nitnem day for a number of days (40 by default). A day
            counts when the bani is recorded read that Nitnem day, on any machine: read before 03:00, it
            counts for the day that began the evening before. A day not read is shown as missed, never
            forgiven; 'nitnem practice restart <bani>' begins again from today. 'nitnem practice' alone
            does the same as this command. --format json is for programs (a settings window): each
            practice with the argv of its Stop and Begin again buttons, the group's words in your
            language, and the banis a practice can be begun of, as 'nitnem sets available' lists them.
            """
    )
    static let startSpec = CommandSpec(
        path: ["practice", "start"],
        abstract: "Begin a practice: read one bani daily for N days (40 by default).",
        options: [days, from, remind, .group],
        positionals: [bani],
        discussion: """
            Kept in nitnem-mynitnem.json with your sets (synced and merged as they are). Several
            practices may run at once, one per bani. --from counts days already read: a practice begun
            three days ago is '--from -3'. While the agent runs, one reminder on each of its days says
            'Sukhmani Sahib · day 12 of 40' when the bani is still unread at the --remind time (with
            reminders on; a bani's own 'nitnem sets remind' time counts instead when it has one).
            """
    )
    static let stopSpec = CommandSpec(
        path: ["practice", "stop"], abstract: "Stop the running practice of a bani (it stays in the record).",
        options: [.group], positionals: [bani])
    static let restartSpec = CommandSpec(
        path: ["practice", "restart"],
        abstract: "Begin a bani's practice again from today (the running one is stopped).",
        options: [days, remind, .group], positionals: [bani],
        discussion: "Its length is the last practice's unless --days gives another.")
    static let resetSpec = CommandSpec(
        path: ["practice", "reset"],
        abstract: "Forget every practice (a copy of the file is kept first when they could not be read).",
        options: [yes, .group],
        discussion: "Without --yes it only says how many practices it would forget, and writes nothing.")
    static let yes = OptionSpec.flag("yes", "Do it: forget every practice of nitnem-mynitnem.json.")

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        let (config, configWarnings) = try context.displayConfig(args)
        Output.warn(configWarnings + files.warnings)
        let l = context.localizer
        let today = context.calendar.dayKey(at: context.clock.now())
        let form = config.titles.or(.english)
        let all = progress(files, today: today, calendar: context.calendar)
        let title = { (id: String) in files.snapshot.bani(id: id).map { form.title($0, Printable.escaped) } ?? id }
        switch args.value(Self.format) ?? .text {
        case .json:
            // A settings page's words, buttons' argv and the banis to begin, beside the practices.
            let listing = SetsListing(snapshot: files.snapshot, mine: files.mine)
            let json = PracticeListing(all, today: today).json(
                title: title, words: SettingsWords(localizer: l),
                available: { listing.availableBanis(titles: form, except: $0) })
            Output.line(json.compact)
        case .text:
            guard !all.isEmpty else {
                Output.line(l(.practiceNone, ["command": "nitnem practice start <bani>"]))
                return
            }
            for item in all { Output.line(item.line(title: title(item.practice.bani), localizer: l)) }
        }
    }

    static func runStart(_ args: ParsedArguments) throws {
        let length = try days(args, startSpec) ?? Practice.defaultLength
        let time = try remindTime(args, startSpec)
        try change(args, startSpec) { bani, title, today, now, all throws in
            var first = today
            if let text = args.value(Self.from) {
                let calendar = try Context.load().calendar
                do throws(MarkDayError) {
                    first = try MarkDay.parse(text, today: today, calendar: calendar)
                } catch {
                    switch error.code {
                    case .malformed:
                        throw startSpec.usageError(error.description.replacing("'--day'", with: "'--from'"))
                    case .future: throw CLIError.badInput(error.description.replacing("--day", with: "--from"))
                    }
                }
            }
            return [
                try refused { () throws(PracticePlan.Refusal) in
                    try PracticePlan.start(
                        bani, title: title, days: length, from: first, remind: time, at: now, progress: all)
                }
            ]
        }
    }

    static func runStop(_ args: ParsedArguments) throws {
        try change(args, stopSpec) { bani, title, today, now, all throws in
            [
                try refused { () throws(PracticePlan.Refusal) in
                    try PracticePlan.stop(bani, title: title, today: today, at: now, progress: all)
                }
            ]
        }
    }

    static func runRestart(_ args: ParsedArguments) throws {
        let length = try days(args, restartSpec)
        let time = try remindTime(args, restartSpec)
        try change(args, restartSpec) { bani, title, today, now, all throws in
            try refused { () throws(PracticePlan.Refusal) in
                try PracticePlan.restart(
                    bani, title: title, days: length, remind: time, today: today, at: now, progress: all)
            }
        }
    }

    static func runReset(_ args: ParsedArguments) throws {
        let context = try Context.load()
        // A 40-day record goes with one word: said first, done only when asked twice.
        guard args.isGiven(Self.yes) else {
            let files = try context.loadFiles(context.group(args))
            // What --yes would meet: a file it would refuse, and every entry, read or skipped.
            if let problem = files.mineProblem { throw MyNitnemStore.refusal(problem) }
            Output.warn(files.warnings)
            var n = 0
            if case .array(let entries)? = files.mine?.raw["practices"] { n = entries.count }
            Output.line(
                "Would forget \(n) practice\(n == 1 ? "" : "s") (nothing written); to forget them: nitnem practice reset --yes"
            )
            return
        }
        _ = try SetsCommand.write(context.group(args), context: context) { _ in [.remove(.practices)] }
        Output.line(context.localizer(.practiceNone, ["command": "nitnem practice start <bani>"]))
    }

    /// Every practice of the file on `today`.
    static func progress(_ files: GroupFiles, today: CivilDate, calendar: NitnemCalendar) -> [PracticeProgress] {
        PracticeProgress.all(
            files.mine?.practices ?? [], progress: files.progress.banis, today: today, calendar: calendar)
    }

    /// `--days N`, checked.
    static func days(_ args: ParsedArguments, _ spec: CommandSpec) throws -> Int? {
        guard let text = args.value(Self.days) else { return nil }
        guard let n = Int(text), Practice.lengths.contains(n) else {
            throw spec.usageError(
                "'\(Printable.bounded(text))' is not a number of days; use 1 to \(Practice.lengths.upperBound)")
        }
        return n
    }

    /// `--remind HH:MM`, checked.
    static func remindTime(_ args: ParsedArguments, _ spec: CommandSpec) throws -> WallTime? {
        guard let text = args.value(Self.remind) else { return nil }
        guard let time = WallTime(text) else {
            throw spec.usageError("'\(Printable.bounded(text))' is not a time; use HH:MM (e.g. 20:00)")
        }
        return time
    }

    static func refused<T>(_ body: () throws(PracticePlan.Refusal) -> T) throws -> T {
        do throws(PracticePlan.Refusal) { return try body() } catch { throw CLIError.badInput(error.message) }
    }

    /// Writes the practices `plan` decides for the bani named (from the file as it is under its lock),
    /// then prints the bani's practices as they now stand.
    static func change(
        _ args: ParsedArguments, _ spec: CommandSpec,
        _ plan: (_ bani: String, _ title: String, _ today: CivilDate, _ now: Date, _ all: [PracticeProgress])
            throws -> [Practice]
    ) throws {
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        Output.warn(files.warnings)
        let named: NitnemSnapshot.Bani
        do throws(NitnemSnapshot.NameProblem) {
            named = try files.snapshot.bani(named: args.positionals[0])
        } catch {
            throw CLIError.badInput(files.snapshot.explain([error]))
        }
        let now = context.clock.now()
        let today = context.calendar.dayKey(at: now)
        let title = Printable.escaped(named.titleEn)
        // Decided from the file as it is under its lock; a refusal there ends the command, nothing written.
        var refusal: (any Error)?
        var changed: [Practice] = []
        let mine = try SetsCommand.write(group, context: context) { current in
            do {
                let all = PracticeProgress.all(
                    current?.practices ?? [], progress: files.progress.banis, today: today, calendar: context.calendar)
                changed = try plan(named.id, title, today, now, all)
                return changed.map { .practice($0) }
            } catch {
                refusal = error
                return []
            }
        }
        if let refusal { throw refusal }
        // The practices changed (or, when nothing was, the running one), as they now stand.
        let l = context.localizer
        let all = PracticeProgress.all(
            mine.practices, progress: files.progress.banis, today: today, calendar: context.calendar)
        let shown = all.filter { item in
            changed.isEmpty
                ? item.practice.bani == named.id && item.isRunning
                : changed.contains { $0.isVersion(of: item.practice) }
        }
        for item in shown { Output.line(item.line(title: title, localizer: l)) }
    }
}
