// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Snapshot

/// `nitnem sync merge`: the conflict copies a sync engine left in the group, merged by hand as the
/// agent merges them; `nitnem sync setup`: the `.stignore` that keeps device-local files local.
enum SyncCommand {
    static let mergeSpec = CommandSpec(
        path: ["sync", "merge"],
        abstract: "Merge the conflict copies a sync engine left in the group into the main files.",
        options: [.group],
        discussion: """
            Finds the conflict copies of nitnem-progress.json and nitnem-mynitnem.json (Syncthing's
            <name>.sync-conflict-<date>-<time>-<device>.json, Nextcloud's and Dropbox's '(conflicted
            copy …)') and merges each into its file under the writers' lock, as the running agent does
            when one arrives. Progress: per bani the completed days of both (a day undone on one
            machine stays undone unless it was read again later), the position of the later reading,
            every field of the file kept. Your sets: the version changed last wins whole, the per-bani
            reminders of both are kept. Each merged copy is moved to $XDG_STATE_HOME/nitnem/merged/
            (kept 30 days); a copy that cannot be read is left where it is and said (exit 1).
            """
    )

    static let setupSpec = CommandSpec(
        path: ["sync", "setup"],
        abstract: "Keep this machine's own files out of Syncthing: write or extend the .stignore.",
        options: [.group],
        discussion: """
            Adds to the .stignore of the Syncthing folder the group is in (at its root, where
            .stfolder is; in the group itself when none is found yet) the files that belong to one
            machine: widgets/ (each agent writes its own timeline), the writers' lock files and their
            temp files. Lines already there stay; nothing is removed. 'nitnem doctor' says whether
            they are ignored.
            """
    )

    static func runMerge(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let group = context.group(args)
        let report = SyncMerger.mergeAll(
            in: group, mergedFolder: context.paths.agent().merged, at: context.clock.now(),
            now: context.clock.realNow())
        for name in report.waiting {
            Output.line("\(Printable.escaped(name)): its main file is not there (yet); not merged")
        }
        if report.merged.isEmpty && report.problems.isEmpty && report.waiting.isEmpty {
            Output.line("No conflict copies in \(Printable.escaped(group.path))")
            return
        }
        for line in report.merged { Output.line(Printable.escaped(line)) }
        if !report.problems.isEmpty {
            throw CLIError.failure(report.problems.map { Printable.escaped($0) }.joined(separator: "\n"))
        }
    }

    static func runSetup(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let group = context.group(args)
        let setup = SyncSetup(group: group)
        let added = try setup.write()
        let path = Printable.escaped(setup.ignorePath)
        if added.isEmpty {
            Output.line("\(path) already keeps this machine's files local")
        } else {
            Output.line("\(path): added \(added.joined(separator: " "))")
        }
        if setup.root == nil {
            Output.line(
                "No Syncthing folder (.stfolder) at or above \(Printable.escaped(group.path)) yet: share the group folder itself"
            )
        }
    }
}
