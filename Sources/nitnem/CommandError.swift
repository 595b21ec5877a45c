// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

/// A library's error as a command ends on it: each says, from its own code, whether it is bad
/// input (exit 2) or a failure (exit 1). Every such decision is in this file, so that commands can
/// rethrow what they meet and `Main.ending` says it. Bad input is what the person must fix in what
/// they gave (a variable, an argument, a file of theirs): running again fails the same way, so
/// contrib/nitnem.service does not restart on 2. A failure is the system refusing (a write, a
/// call, a server), which may pass.
protocol CommandError: Error, CustomStringConvertible {
    var cliCode: CLIError.Code { get }
}

/// The kinds of a `CodedError` that all end a command alike.
protocol CommandErrorCode: ErrorCode {
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

extension ClockError: CommandError { var cliCode: CLIError.Code { .badInput } }
extension ConfigError: CommandError { var cliCode: CLIError.Code { .badInput } }
extension PauseUntilError: CommandError { var cliCode: CLIError.Code { .badInput } }
extension DeepLinkErrorCode: CommandErrorCode { static var cliCode: CLIError.Code { .badInput } }
/// A `--day` after today; one that names no day is bad usage instead, said by `mark` with its usage line.
extension MarkDayError: CommandError { var cliCode: CLIError.Code { .badInput } }
extension FileError: CommandError { var cliCode: CLIError.Code { .failure } }
extension SystemError: CommandError { var cliCode: CLIError.Code { .failure } }
extension NotifyErrorCode: CommandErrorCode { static var cliCode: CLIError.Code { .failure } }
extension ReaderLauncher.Failure: CommandError { var cliCode: CLIError.Code { .failure } }
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
