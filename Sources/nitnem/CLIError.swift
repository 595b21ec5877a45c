// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import NitnemClockKit

/// How a command ends other than with success: a code, the one line said and, for bad usage, the
/// usage lines. A command makes one only for what it finds itself (a bad value, nothing to do);
/// a library's error it rethrows as it is, and `Main.ending` makes this from it, so that each
/// message and exit status is decided once.
struct CLIError: Error {
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

    let code: Code
    /// What is wrong, for a person (several lines only where a list is said, one item a line).
    let message: String
    /// The usage lines shown after it (bad usage only).
    let usages: [String]

    init(_ code: Code, _ message: String, usages: [String] = []) {
        self.code = code
        self.message = message
        self.usages = usages
    }

    /// A library error, as its own code says (`CommandError.cliCode`), or as `code` when given: only
    /// the command knows when it met the error (after its input was read, a refused write is a
    /// failure), so the few such overrides stay at their call sites.
    init(_ error: some CommandError, as code: Code? = nil) {
        self.init(code ?? error.cliCode, error.description)
    }

    static func badInput(_ message: String) -> CLIError { CLIError(.badInput, message) }
    static func failure(_ message: String) -> CLIError { CLIError(.failure, message) }
    static func usage(_ message: String, usage: String) -> CLIError { CLIError(.usage, message, usages: [usage]) }
    static func alreadyRunning(_ message: String) -> CLIError { CLIError(.alreadyRunning, message) }

    var exitCode: Int32 { code.exitCode }

    /// The message as printed: bad usage is one line even when the argument it quotes holds a line
    /// break; other messages keep theirs (each line escaped by `Output.error`).
    var shownMessage: String { code == .usage ? Printable.escaped(message) : message }
}

extension CLIError {
    init(_ error: UsageError) { self.init(.usage, error.message, usages: error.usages) }
}

extension CommandSpec {
    var usage: String { usage(program: Main.program) }

    /// Bad usage of this command: `message`, shown with its usage line.
    func usageError(_ message: String) -> CLIError { .usage(message, usage: usage) }
}
