// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// A library's error as a command ends on it: each says, from its own code, whether it is bad
/// input (exit 2) or a failure (exit 1). Every such decision is in this file.
protocol CommandError: Error, CustomStringConvertible {
    /// How a command that meets it ends.
    var cliCode: CLIError.Code { get }
}

/// The kinds of a `CodedError` that all end a command alike.
protocol CommandErrorCode: ErrorCode {
    /// How a command that meets an error of these kinds ends.
    static var cliCode: CLIError.Code { get }
}

extension CodedError: CommandError where Kinds: CommandErrorCode { var cliCode: CLIError.Code { Code.cliCode } }

extension GroupFileError: CommandError {
    /// A file that cannot be read or is wrong is bad input; a write refused (a newer schema) or failed
    /// is a failure.
    var cliCode: CLIError.Code {
        switch code {
        case .notWritten, .newerSchema: .failure
        case .unreadable, .empty, .syntax, .truncated, .shape: .badInput
        }
    }
}

/// A malformed `TZ`, zone link or `SGGS_CLOCK_NOW`: bad input.
extension ClockError: CommandError { var cliCode: CLIError.Code { .badInput } }
/// A config file that is missing (when named), unreadable or wrong: bad input.
extension ConfigError: CommandError { var cliCode: CLIError.Code { .badInput } }
/// A `--until` that names no time to come: bad input.
extension PauseUntilError: CommandError { var cliCode: CLIError.Code { .badInput } }
/// A link that names nothing to open: bad input.
extension DeepLinkErrorCode: CommandErrorCode { static var cliCode: CLIError.Code { .badInput } }
/// A `--day` after today: bad input (one that names no day is bad usage, said with the usage line).
extension MarkDayError: CommandError { var cliCode: CLIError.Code { .badInput } }
/// A file that could not be written: a failure.
extension FileError: CommandError { var cliCode: CLIError.Code { .failure } }
/// A system call that failed: a failure.
extension SystemError: CommandError { var cliCode: CLIError.Code { .failure } }
/// No notification server, or one that refused: a failure.
extension NotifyErrorCode: CommandErrorCode { static var cliCode: CLIError.Code { .failure } }
/// A reader or player that could not run: a failure.
extension ReaderLauncher.Failure: CommandError { var cliCode: CLIError.Code { .failure } }
/// A key or value `config set` does not take: bad input.
extension ConfigEdit.Refusal: CommandError { var cliCode: CLIError.Code { .badInput } }

extension ConfigStore.Failure: CommandError {
    /// A config file that is not text, or not a config, is bad input; one that cannot be read or
    /// replaced, a failure.
    var cliCode: CLIError.Code {
        switch self {
        case .unreadable(let problem) where problem.code == .notText: .badInput
        case .notConfig: .badInput
        case .unreadable, .unwritten: .failure
        }
    }
}

extension Agent.StartError: CommandError {
    /// Another agent: exit 3, never restarted by the unit. A group folder that cannot be made, or a
    /// folder another user could change (the runtime folder's included), is bad input (exit 2, not
    /// restarted either: it would fail the same way every time). No lock or descriptors: a failure.
    var cliCode: CLIError.Code {
        switch self {
        case .lock(.alreadyRunning(pid: _)): .alreadyRunning
        case .group, .untrustedFolder, .lock(.unsafeFolder(_, _)): .badInput
        case .lock, .system: .failure
        }
    }
}
