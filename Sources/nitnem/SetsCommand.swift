// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem sets`: your own Nitnem — the three daily sets as they count, and changes to them, kept in
/// `<group>/nitnem-mynitnem.json` (under its lock, unknown fields kept byte for byte).
enum SetsCommand {
    static let to: OptionSpec = {
        var option = OptionSpec.choice("to", DailySet.self, help: "The daily set to put the banis in.")
        option.required = true
        return option
    }()
    static let from = OptionSpec.choice(
        "from", DailySet.self, help: "The daily set to remove them from (default: every set that has them).")
    static let at = OptionSpec(name: "at", value: "N", help: "Put them at this position (1 is first).")
    static let after = OptionSpec(name: "after", value: "BANI", help: "Put them right after this bani of the set.")
        .completing(.program(arguments: ["completions", "--list", "banis"], forwarding: ["group"]))
    static let format = OptionSpec.format()

    static let baniHelp =
        "A bani, named as 'nitnem mark' names it: an id or key (japji, sukhmani), a title (\"Japji Sahib\") or a short name (sohila); several, or several joined by commas."

    static let listSpec = CommandSpec(
        path: ["sets", "list"],
        abstract: "Show your three daily sets in order: each bani read today (✓) or not (○), and its reminder.",
        options: [format, .group],
        discussion: """
            'nitnem sets' alone does the same. A set is yours when nitnem-mynitnem.json lists it, else
            the snapshot's. The morning set is read in Amrit Vela and the Morning band.
            """
    )

    static let addSpec = CommandSpec(
        path: ["sets", "add"],
        abstract: "Add banis to one of your daily sets (at the end, --at N or --after BANI).",
        options: [to, at, after, .group],
        positionals: [PositionalSpec(name: "bani", help: baniHelp, repeats: true)],
        discussion: """
            A set you have not changed starts as the snapshot's. A bani already in the set moves to the
            place given. Status, the widget timeline, mark --next/--band, reminders, the journey and a
            running agent count the new set at once.
            """
    )

    static let removeSpec = CommandSpec(
        path: ["sets", "remove"],
        abstract: "Remove banis from your daily sets (from every set that has them, or --from SET).",
        options: [from, .group],
        positionals: [PositionalSpec(name: "bani", help: baniHelp, repeats: true)],
        discussion: """
            Removing every bani of a set leaves it empty: nothing to read in its band and no band
            reminder ('nitnem sets reset' gives the snapshot's set back). An id the snapshot does not
            have can be removed by giving it exactly.
            """
    )

    static let moveSpec = CommandSpec(
        path: ["sets", "move"],
        abstract: "Move a bani to a daily set (at the end, --at N or --after BANI), out of any other.",
        options: [to, at, after, .group],
        positionals: [PositionalSpec(name: "bani", help: "A bani, named as 'nitnem mark' names it.")]
    )

    static let resetSpec = CommandSpec(
        path: ["sets", "reset"],
        abstract: "Give a daily set (or all three) back to the snapshot: your file no longer lists it.",
        options: [.group],
        positionals: [
            PositionalSpec(name: "set", help: "morning, evening or night (default: all three).", optional: true)
                .completing(.words(DailySet.allCases.map(\.rawValue)))
        ]
    )

    static let remindSpec = CommandSpec(
        path: ["sets", "remind"],
        abstract: "Remind one bani daily at a time (HH:MM), or 'off' to stop.",
        options: [.group],
        positionals: [
            PositionalSpec(name: "bani", help: "A bani, named as 'nitnem mark' names it."),
            PositionalSpec(name: "time", help: "HH:MM (a wall time of the Nitnem day), or off."),
        ],
        discussion: """
            The time is stored in nitnem-mynitnem.json and shown by 'nitnem sets'. The agent shows the
            reminder at most once per Nitnem day at that local time (00:00-02:59 belongs to the day that
            began the evening before), skips it when the bani is already read that day or reminders are
            paused, and shows it late after a sleep only while the band of its time lasts. Its buttons
            are the band reminders': Read now, Mark read (that bani), Later. 'nitnem reminders list'
            and 'nitnem clock' list it.
            """
    )

    static let availableSpec = CommandSpec(
        path: ["sets", "available"],
        abstract: "List every bani you can put in a set: id, titles, source and the sets it is in.",
        options: [.group]
    )

    // MARK: - Running

    static func runList(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        // Config `titles` chooses the title shown (English when not set).
        let (config, configWarnings) = try context.displayConfig(args)
        for warning in configWarnings + files.warnings { Output.error("warning: \(warning)") }
        let form = config.titles.or(.english)
        let l = context.localizer
        let today = context.calendar.dayKey(at: context.clock.now())
        func read(_ id: String) -> Bool { files.progress.isRead(id, on: today) }
        if args.value(Self.format) == "json" {
            let sets = DailySet.allCases.map { set -> (key: String, value: JSONValue) in
                let banis = files.snapshot.ids(in: set).map { id -> JSONValue in
                    .object([
                        ("id", .string(id)),
                        ("title", .optional(files.snapshot.bani(id: id).map { form.title($0) })),
                        ("read", .bool(read(id))),
                        ("remind", .optional(files.mine?.reminder(for: id)?.description)),
                    ])
                }
                return (
                    set.rawValue,
                    .object([("yours", .bool(files.mine?.sets[set] != nil)), ("banis", .array(banis))])
                )
            }
            Output.line(JSONValue.object([("dayKey", .string(today.description)), ("sets", .object(sets))]).compact)
            return
        }
        var lines: [String] = []
        for set in DailySet.allCases {
            let ids = files.snapshot.ids(in: set)
            lines.append(l(files.mine?.sets[set] != nil ? .setsYours : .setsSnapshots, ["set": l.set(set)]))
            if ids.isEmpty { lines.append("  " + l(.setsNothingToRead)) }
            let width = ids.map(\.count).max() ?? 0
            for id in ids {
                var line = "  \(read(id) ? "✓" : "○") \(Printable.escaped(id).padding(width))"
                if let bani = files.snapshot.bani(id: id) { line += "  " + form.title(bani, Printable.escaped) }
                if let at = files.mine?.reminder(for: id) {
                    line = l(.setsRemind, ["line": line, "time": at.description])
                }
                lines.append(line)
            }
        }
        Output.line(lines.joined(separator: "\n"))
    }

    static func runAdd(_ args: ParsedArguments) throws(CLIError) {
        try place(args, spec: addSpec, names: NitnemSnapshot.names(in: args.positionals), moving: false)
    }

    static func runMove(_ args: ParsedArguments) throws(CLIError) {
        try place(args, spec: moveSpec, names: NitnemSnapshot.names(in: args.positionals), moving: true)
    }

    static func runRemove(_ args: ParsedArguments) throws(CLIError) {
        let names = NitnemSnapshot.names(in: args.positionals)
        if names.isEmpty { throw removeSpec.usageError("missing <bani>") }
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let only = args.value(Self.from, as: DailySet.self)
        let sets = only.map { [$0] } ?? DailySet.allCases
        // An id given exactly (an unknown one included) is removed as given.
        let listed = Set(
            DailySet.allCases.flatMap { SetEdit.current($0, mine: files.mine, snapshotSets: files.snapshotSets) })
        var ids: [String] = []
        var problems: [NitnemSnapshot.NameProblem] = []
        for name in names {
            if listed.contains(name) {
                ids.append(name)
                continue
            }
            do throws(NitnemSnapshot.NameProblem) {
                let bani = try files.snapshot.bani(named: name)
                // Any form of the key (Rehras as the set lists it, whichever variant counts).
                ids += files.snapshot.banis.filter { $0.key == bani.key }.map(\.id)
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty { throw .badInput(files.snapshot.explain(problems)) }
        let mine = try write(group, context: context) { mine in
            sets.compactMap { set in
                let list = SetEdit.current(set, mine: mine, snapshotSets: files.snapshotSets)
                let edited = SetEdit.removing(ids, from: list)
                return edited == list ? nil : .set(set, edited)
            }
        }
        try show(sets, group: group, context: context, mine: mine)
    }

    static func runReset(_ args: ParsedArguments) throws(CLIError) {
        var sets = DailySet.allCases
        if let name = args.positionals.first {
            guard let set = DailySet(rawValue: name) else {
                throw resetSpec.usageError("'\(name)' is not a daily set; use morning, evening or night")
            }
            sets = [set]
        }
        let context = try Context.load()
        let group = context.group(args)
        let mine = try write(group, context: context) { mine in
            sets.compactMap { mine?.sets[$0] == nil ? nil : .set($0, nil) }
        }
        try show(sets, group: group, context: context, mine: mine)
    }

    static func runRemind(_ args: ParsedArguments) throws(CLIError) {
        let name = args.positionals[0]
        let text = args.positionals[1]
        var at: WallTime?
        if text != "off" {
            guard let time = WallTime(text) else {
                throw remindSpec.usageError("'\(text)' is not a time; use HH:MM (e.g. 10:00) or off")
            }
            at = time
        }
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        let bani: NitnemSnapshot.Bani
        do throws(NitnemSnapshot.NameProblem) {
            bani = try files.snapshot.bani(named: name)
        } catch {
            throw .badInput(files.snapshot.explain([error]))
        }
        _ = try write(group, context: context) { _ in [.reminder(id: bani.id, at: at)] }
        Output.line(
            at.map { "\(Printable.escaped(bani.titleEn)): remind at \($0)" }
                ?? "\(Printable.escaped(bani.titleEn)): no reminder")
    }

    static func runAvailable(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let files = try context.loadFiles(context.group(args))
        for warning in files.warnings { Output.error("warning: \(warning)") }
        let width = files.snapshot.banis.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for bani in files.snapshot.banis {
            let inSets = DailySet.allCases.filter { files.snapshot.ids(in: $0).contains(bani.id) }.map(\.rawValue)
            var line = "\(Printable.escaped(bani.id).padding(width))  \(Printable.escaped(bani.titleEn))"
            if let gurmukhi = bani.titleGurmukhi { line += " · " + Printable.escaped(gurmukhi) }
            line += " · " + Printable.escaped(bani.source)
            if bani.nLines == 0 { line += " · no line count" }
            if !inSets.isEmpty { line += " · in " + inSets.joined(separator: ", ") }
            lines.append(line)
        }
        Output.line(lines.joined(separator: "\n"))
    }

    // MARK: - Helpers

    /// `sets add` and `sets move`: the banis named, at the place given, in `--to`'s set (and, for a
    /// move, out of the others).
    static func place(_ args: ParsedArguments, spec: CommandSpec, names: [String], moving: Bool) throws(CLIError) {
        if names.isEmpty { throw spec.usageError("missing <bani>") }
        if moving, names.count > 1 { throw spec.usageError("move takes one bani") }
        guard let set = args.value(Self.to, as: DailySet.self) else { throw spec.usageError("missing --to") }
        if args.isGiven(Self.at), args.isGiven(Self.after) { throw spec.usageError("give --at or --after, not both") }
        var where_ = SetEdit.Place.end
        if let text = args.value(Self.at) {
            guard let n = Int(text), n >= 1 else {
                throw spec.usageError("'\(text)' is not a valid value for '--at'; use a position, 1 or more")
            }
            where_ = .position(n)
        }
        let context = try Context.load()
        let group = context.group(args)
        let files = try context.loadFiles(group)
        var ids: [String] = []
        var problems: [NitnemSnapshot.NameProblem] = []
        for name in names {
            do throws(NitnemSnapshot.NameProblem) {
                ids.append(try files.snapshot.bani(named: name).id)
            } catch {
                problems.append(error)
            }
        }
        if let anchor = args.value(Self.after) {
            do throws(NitnemSnapshot.NameProblem) {
                let bani = try files.snapshot.bani(named: anchor)
                // The set may list another form of the key (Rehras as the snapshot lists it).
                let list = SetEdit.current(set, mine: files.mine, snapshotSets: files.snapshotSets)
                where_ = .after(list.first { files.snapshot.bani(id: $0)?.key == bani.key } ?? bani.id)
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty { throw .badInput(files.snapshot.explain(problems)) }
        let place = where_
        var notInSet: SetEdit.Problem?
        let mine = try write(group, context: context) { mine in
            var changes: [MyNitnemWriter.Change] = []
            if moving {
                for other in DailySet.allCases where other != set {
                    let list = SetEdit.current(other, mine: mine, snapshotSets: files.snapshotSets)
                    let edited = SetEdit.removing(ids, from: list)
                    if edited != list { changes.append(.set(other, edited)) }
                }
            }
            let list = SetEdit.current(set, mine: mine, snapshotSets: files.snapshotSets)
            do throws(SetEdit.Problem) {
                changes.append(.set(set, try SetEdit.inserting(ids, into: list, at: place, set: set)))
            } catch {
                notInSet = error
                return []
            }
            return changes
        }
        if case .notInSet(let id, let set)? = notInSet {
            let title = files.snapshot.bani(id: id)?.titleEn ?? id
            throw .badInput("--after: \(Printable.escaped(title)) is not in your \(set.rawValue) set; nothing written")
        }
        try show(moving ? DailySet.allCases : [set], group: group, context: context, mine: mine)
    }

    /// Changes the file under its lock; a file that cannot be read is bad input (exit 2), a write
    /// refused or failed (a newer schema, a full disk) a failure (exit 1).
    static func write(
        _ group: AppGroup, context: Context, _ change: (MyNitnem?) -> [MyNitnemWriter.Change]
    ) throws(CLIError) -> MyNitnem {
        do {
            return try MyNitnemStore.update(
                in: group, at: context.clock.now(), now: context.clock.realNow()
            ) { mine in change(mine) }.mine
        } catch {
            switch error.code {
            case .notWritten, .newerSchema: throw .failure(error.description)
            default: throw .badInput(error.description)
            }
        }
    }

    /// The sets `sets` as they now count: `Your morning set: Japji Sahib, Sukhmani Sahib`.
    static func show(_ sets: [DailySet], group: AppGroup, context: Context, mine: MyNitnem) throws(CLIError) {
        let files = try context.loadFiles(group)
        for warning in files.warnings { Output.error("warning: \(warning)") }
        for set in sets {
            let titles = files.snapshot.ids(in: set).map {
                Printable.escaped(files.snapshot.bani(id: $0)?.titleEn ?? $0)
            }
            let whose = files.mine?.sets[set] != nil ? "Your" : "The snapshot's"
            Output.line(
                "\(whose) \(set.rawValue) set: " + (titles.isEmpty ? "nothing to read" : titles.joined(separator: ", "))
            )
        }
    }
}

extension String {
    /// This text padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
