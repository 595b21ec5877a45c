// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import NitnemClockKit

/// How a command ends other than with success: a code, the one line said and, for bad usage, the
/// usage lines. `Main.fail` prints it and exits with `code.exitCode`: the one mapping from what
/// went wrong to the exit status.
struct CLIError: Error {
    /// What kind of ending.
    enum Code: Equatable, Sendable {
        /// Bad usage: an argument the command does not take (exit 2, with the usage lines).
        case usage
        /// Bad input: a malformed environment variable, file or value (exit 2).
        case badInput
        /// The command could not do its work (exit 1).
        case failure
        /// `nitnem run`: another agent holds the one-per-user lock (exit 3, which the systemd unit
        /// does not restart on: a second agent cannot start until the first one stops).
        case alreadyRunning

        /// The exit status: 0 ok, 1 failure, 2 usage or bad input, 3 another agent.
        var exitCode: Int32 {
            switch self {
            case .usage, .badInput: 2
            case .failure: 1
            case .alreadyRunning: 3
            }
        }
    }

    /// What kind of ending.
    let code: Code
    /// What is wrong, for a person (several lines only where a list is said, one item a line).
    let message: String
    /// The usage lines shown after it (bad usage only).
    let usages: [String]

    /// An error of `code` saying `message`.
    init(_ code: Code, _ message: String, usages: [String] = []) {
        self.code = code
        self.message = message
        self.usages = usages
    }

    /// A library error, as its own code says (`CommandError.cliCode`), or as `code` when given: the
    /// command knows the error came after its input was read (a refused write is then a failure).
    init(_ error: some CommandError, as code: Code? = nil) {
        self.init(code ?? error.cliCode, error.description)
    }

    /// Bad input saying `message` (exit 2).
    static func badInput(_ message: String) -> CLIError { CLIError(.badInput, message) }
    /// A failure saying `message` (exit 1).
    static func failure(_ message: String) -> CLIError { CLIError(.failure, message) }
    /// Bad usage: `message`, then `usage` (exit 2).
    static func usage(_ message: String, usage: String) -> CLIError { CLIError(.usage, message, usages: [usage]) }
    /// Another agent runs: `message` (exit 3).
    static func alreadyRunning(_ message: String) -> CLIError { CLIError(.alreadyRunning, message) }

    /// The exit status.
    var exitCode: Int32 { code.exitCode }

    /// The message as printed: bad usage is one line even when the argument it quotes holds a line
    /// break; other messages keep theirs (each line escaped by `Output.error`).
    var shownMessage: String { code == .usage ? Printable.escaped(message) : message }
}

extension CLIError {
    /// Bad usage found by the parser.
    init(_ error: UsageError) { self.init(.usage, error.message, usages: error.usages) }
}

extension CommandSpec {
    /// This command's usage line.
    var usage: String { usage(program: Main.program) }

    /// Bad usage of this command: `message`, shown with its usage line.
    func usageError(_ message: String) -> CLIError { .usage(message, usage: usage) }
}
