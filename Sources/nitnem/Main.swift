// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Glibc
import NitnemClockKit
import Scheduler

/// The top-level `nitnem` command: picks a subcommand and maps errors to exit codes.
@main
enum Main {
    /// What runs a command. (A struct, not the bare function type as the table's `Action`: Swift 6.3
    /// crashes lowering a typed-throws function reference into a generic parameter.)
    struct Action: Sendable {
        let run: @Sendable (ParsedArguments) throws(CLIError) -> Void
        init(_ run: @escaping @Sendable (ParsedArguments) throws(CLIError) -> Void) { self.run = run }
    }

    /// The program's name in usage lines.
    static let program = "nitnem"

    /// This build's version.
    static let version = "0.1.0"

    /// Every command, in the order `nitnem --help` lists them.
    static let table = CommandTable<Action>(
        program: program, version: version,
        abstract: """
            nitnem — your daily Nitnem on the Linux desktop: the next bani, today's progress,
            a widget timeline for status bars, and a gentle reminder at 06:00, 18:00 and 21:30.
            """,
        commands: [
            .init(RunCommand.spec, Action(RunCommand.run)),
            .init(StatusCommand.spec, Action(StatusCommand.run)),
            .init(OpenCommand.spec, Action(OpenCommand.run)),
            .init(ListenCommand.spec, Action(ListenCommand.run)),
            .init(MarkCommand.spec, Action(MarkCommand.run)),
            .init(SetsCommand.listSpec, Action(SetsCommand.runList)),
            .init(SetsCommand.addSpec, Action(SetsCommand.runAdd)),
            .init(SetsCommand.removeSpec, Action(SetsCommand.runRemove)),
            .init(SetsCommand.moveSpec, Action(SetsCommand.runMove)),
            .init(SetsCommand.resetSpec, Action(SetsCommand.runReset)),
            .init(SetsCommand.remindSpec, Action(SetsCommand.runRemind)),
            .init(SetsCommand.availableSpec, Action(SetsCommand.runAvailable)),
            .init(JourneyCommand.spec, Action(JourneyCommand.run)),
            .init(JourneyCommand.clearSpec, Action(JourneyCommand.runClear)),
            .init(JourneyCommand.restoreSpec, Action(JourneyCommand.runRestore)),
            .init(SyncCommand.mergeSpec, Action(SyncCommand.runMerge)),
            .init(SyncCommand.setupSpec, Action(SyncCommand.runSetup)),
            .init(RemindersCommand.listSpec, Action(RemindersCommand.runList)),
            .init(RemindersCommand.testSpec, Action(RemindersCommand.runTest)),
            .init(RemindersCommand.pauseSpec, Action(RemindersCommand.runPause)),
            .init(RemindersCommand.resumeSpec, Action(RemindersCommand.runResume)),
            .init(TimelineCommand.spec, Action(TimelineCommand.run)),
            .init(SimulateCommand.spec, Action(SimulateCommand.run)),
            .init(DoctorCommand.spec, Action(DoctorCommand.run)),
            .init(ConfigCommand.spec, Action(ConfigCommand.run)),
            .init(ConfigSetCommand.setSpec, Action(ConfigSetCommand.runSet)),
            .init(ConfigSetCommand.unsetSpec, Action(ConfigSetCommand.runUnset)),
            .init(ClockCommand.spec, Action(ClockCommand.run)),
            .init(SnapshotCommand.exportSpec, Action(SnapshotCommand.runExport)),
            .init(CompletionsCommand.spec, Action(CompletionsCommand.run)),
        ],
        // `nitnem reminders` alone lists them, as it did before it had subcommands.
        defaultSubcommands: ["reminders": "list", "sets": "list"],
        // `nitnem` alone: what to read next, the question a person asks most.
        defaultCommand: ["status"]
    )

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    static func run(_ arguments: [String]) -> Int32 {
        switch table.resolve(arguments) {
        case .output(let text):
            Output.line(text)
            return 0
        case .usageError(let error):
            // A usage error is one line, even when the argument it quotes holds a line break.
            Output.error(Printable.escaped(error.message), usages: error.usages)
            return 2
        case .run(let action, _, let parsed):
            do throws(CLIError) {
                try action.run(parsed)
                return 0
            } catch {
                switch error {
                case .usage(let message, let usage): Output.error(Printable.escaped(message), usages: [usage])
                case .badInput(let message), .failure(let message), .alreadyRunning(let message): Output.error(message)
                }
                return error.exitCode
            }
        }
    }
}
