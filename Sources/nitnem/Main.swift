// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Glibc
import NitnemClockKit
import Scheduler

/// The top-level `nitnem` command: picks a subcommand, runs it and says how it ended (`fail`).
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
            do throws(CLIError) {
                try action.run(parsed)
                return 0
            } catch {
                return fail(error)
            }
        }
    }

    /// Says `error` on stderr (`nitnem: …`, then its usage lines) and returns its exit status.
    static func fail(_ error: CLIError) -> Int32 {
        Output.error(error.shownMessage, usages: error.usages)
        return error.exitCode
    }
}
