// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit

/// How a command ends other than with success.
enum CLIError: Error {
    /// Bad usage: the message, and the usage line to show (exit 2).
    case usage(String, usage: String)
    /// Bad input, such as a malformed environment variable or file (exit 2).
    case badInput(String)
    /// The command could not do its work (exit 1).
    case failure(String)
    /// `nitnem run`: another agent holds the one-per-user lock (exit 3, which the systemd unit
    /// does not restart on: a second agent cannot start until the first one stops).
    case alreadyRunning(String)

    var exitCode: Int32 {
        switch self {
        case .usage, .badInput: 2
        case .failure: 1
        case .alreadyRunning: 3
        }
    }
}

extension CommandSpec {
    /// This command's usage line.
    var usage: String { usage(program: Main.program) }

    /// Bad usage of this command: `message`, shown with its usage line.
    func usageError(_ message: String) -> CLIError { .usage(message, usage: usage) }
}
