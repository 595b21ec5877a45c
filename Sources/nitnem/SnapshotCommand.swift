// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Snapshot
import SnapshotExport

/// `nitnem snapshot export`: writes the App-Group snapshot from a SQLite corpus database.
enum SnapshotCommand {
    static let db = OptionSpec(
        name: "db", value: "FILE", help: "The corpus database to read (opened read-only).", required: true)
    static let force = OptionSpec.flag(
        "force", "Replace a snapshot that has banis even from a database without a registry.")

    static let exportSpec = CommandSpec(
        path: ["snapshot", "export"],
        abstract: "Write the snapshot (the banis and daily sets) from a SQLite corpus database.",
        options: [
            db,
            .group,
            force,
        ],
        discussion: """
            Reads the bani registry (banis, bani_lines, lines, extra_lines, and the optional
            bani_sets and meta tables), checks it, and replaces <group>/nitnem-snapshot.json
            atomically. A database without a registry (an older corpus) gives a snapshot with
            banisAvailable=false; it does not replace a snapshot that has banis unless --force.
            On any error the old snapshot is left as it was (exit 1).
            """
    )

    static func runExport(_ args: ParsedArguments) throws {
        guard let db = args.value(Self.db), !db.isEmpty else {
            throw exportSpec.usageError("missing --db FILE")
        }
        let context = try Context.load()
        let group = context.group(args)
        var snapshot: NitnemSnapshot
        let old = try? GroupFiles.loadSnapshot(group)
        do throws(GroupFileError) {
            snapshot = try SnapshotExporter(databasePath: db).snapshot(
                now: context.clock.now(), calendar: context.calendar)
            // The reader's choices live in the snapshot too: a re-export keeps them when they still apply.
            if let old, old.source == .snapshot,
                let variant = old.snapshot.preferences.rehrasVariant,
                snapshot.banis.contains(where: { $0.key == "rehras" && $0.variant == variant })
            {
                snapshot.preferences.rehrasVariant = variant
            }
        } catch {
            // The database is an argument, but one that cannot be exported is a failure (exit 1).
            throw CLIError(error, as: .failure)
        }
        // An older corpus (no registry) would take the banis away from the applets and the agent:
        // only on purpose.
        if !snapshot.banisAvailable, !args.flag(Self.force), let old, old.source == .snapshot,
            !old.snapshot.banis.isEmpty
        {
            throw CLIError.failure(
                "\(group.snapshotPath) has \(old.snapshot.banis.count) banis and \(db) has no bani registry "
                    + "(an older corpus): not replaced; use --force to replace it with a snapshot without banis")
        }
        if let pointed = try AtomicFile.write(
            Array(snapshot.json.pretty.utf8), to: group.snapshotPath, links: .replace)
        {
            Output.warn(AtomicFile.replacedLink(group.snapshotPath, pointed: pointed))
        }
        guard snapshot.banisAvailable else {
            Output.line(
                "this database has no bani registry (an older corpus): wrote a snapshot with banisAvailable=false to \(group.snapshotPath)"
            )
            return
        }
        let sets = NitnemSnapshot.setNames.compactMap { name in snapshot.sets[name].map { "\(name) \($0.count)" } }
        var summary =
            "wrote \(group.snapshotPath): \(snapshot.banis.count) banis; sets: "
            + (sets.isEmpty ? "none" : sets.joined(separator: ", "))
        let underReview = snapshot.banis.filter { $0.underReview }.count
        if underReview > 0 { summary += "; \(underReview) under scholarly review" }
        Output.line(summary)
    }
}
