// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Glibc
import NitnemClockKit
import Scheduler

/// The top-level `nitnem` command: picks a subcommand, runs it and says how it ended (`ending`).
@main
enum Main {
    /// What runs a command. It throws what went wrong as the library says it (untyped), so that
    /// `ending(_:)` alone decides the line and the exit status. (A struct, not the bare function type
    /// as the table's `Action`: Swift 6.3 crashes lowering a typed-throws function reference into a
    /// generic parameter, and a command may still be written with typed throws.)
    struct Action: Sendable {
        let run: @Sendable (ParsedArguments) throws -> Void
        init(_ run: @escaping @Sendable (ParsedArguments) throws -> Void) { self.run = run }
    }

    /// The program's name in usage lines.
    static let program = "nitnem"

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
            .init(SetsListCommand.spec, Action(SetsListCommand.run)),
            .init(SetsAddCommand.spec, Action(SetsAddCommand.run)),
            .init(SetsRemoveCommand.spec, Action(SetsRemoveCommand.run)),
            .init(SetsMoveCommand.spec, Action(SetsMoveCommand.run)),
            .init(SetsResetCommand.spec, Action(SetsResetCommand.run)),
            .init(SetsRemindCommand.spec, Action(SetsRemindCommand.run)),
            .init(SetsAvailableCommand.spec, Action(SetsAvailableCommand.run)),
            .init(PracticeCommand.spec, Action(PracticeCommand.run)),
            .init(PracticeCommand.startSpec, Action(PracticeCommand.runStart)),
            .init(PracticeCommand.stopSpec, Action(PracticeCommand.runStop)),
            .init(PracticeCommand.restartSpec, Action(PracticeCommand.runRestart)),
            .init(PracticeCommand.resetSpec, Action(PracticeCommand.runReset)),
            .init(JourneyCommand.spec, Action(JourneyCommand.run)),
            .init(JourneyCommand.clearSpec, Action(JourneyCommand.runClear)),
            .init(JourneyCommand.restoreSpec, Action(JourneyCommand.runRestore)),
            .init(SyncCommand.mergeSpec, Action(SyncCommand.runMerge)),
            .init(SyncCommand.setupSpec, Action(SyncCommand.runSetup)),
            .init(RemindersCommand.spec, Action(RemindersCommand.run)),
            .init(RemindersTestCommand.spec, Action(RemindersTestCommand.run)),
            .init(RemindersPauseCommand.spec, Action(RemindersPauseCommand.run)),
            .init(RemindersPauseCommand.resumeSpec, Action(RemindersPauseCommand.runResume)),
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
        defaultSubcommands: ["reminders": "list", "sets": "list", "practice": "list"],
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
            return fail(CLIError(error))
        case .run(let action, _, let parsed):
            do {
                try action.run(parsed)
                return 0
            } catch {
                return fail(ending(error))
            }
        }
    }

    /// The one mapping from what a command threw to how it ends: a `CLIError` as the command made it,
    /// a library's error by its own code (`CommandError.swift`). Commands rethrow library errors as
    /// they are, so a message and its exit status are decided here, once, and not per call site.
    static func ending(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError: error
        case let error as any CommandError: CLIError(error)
        // Every error a command can meet conforms above; one that does not is still a failure, said.
        default: .failure(String(describing: error))
        }
    }

    static func fail(_ error: CLIError) -> Int32 {
        Output.error(error.shownMessage, usages: error.usages)
        return error.exitCode
    }
}
