import NitnemClockKit
import Posix
import Snapshot

/// Runs what `ReaderTemplate.resolve` decided (`nitnem open`): the program with its argv, never a
/// shell, and waits for it.
///
/// The child's stdout goes to our stderr, so nothing a reader or `xdg-open` prints can reach our
/// stdout (a bar or script reading it); its stderr is ours. Its exit status is reported as it is.
public enum ReaderLauncher {
    /// Why a reader did not open.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What went wrong.
        public enum Code: Equatable, Sendable {
            /// The launch has no program (an empty `open`).
            case emptyProgram
            /// The program is not on `PATH` (or not at the path given).
            case notFound
            /// `posix_spawn` failed otherwise.
            case cannotRun
            /// The program ran and exited with this status (128 + n: killed by signal n).
            case exited(Int32)
        }

        /// What went wrong.
        public let code: Code
        /// One line: `xdg-open exited 3 for https://…`.
        public let description: String
    }

    /// Runs `launch.argv` (looked up on `PATH` unless the program holds a `/`) and waits for it.
    /// - Throws: `Failure` when it cannot be started or exits with a status other than 0.
    public static func run(_ launch: ReaderLaunch) throws(Failure) {
        let key = launch.via == .opener ? "open" : "reader"
        let program = launch.program
        guard !program.isEmpty else {
            throw Failure(code: .emptyProgram, description: "the \(key) program is empty (config key `\(key)`)")
        }
        switch CleanSpawn.start(program, Array(launch.argv.dropFirst()), searchPath: true, stdout: 2) {
        case .success(let pid):
            let status = CleanSpawn.reap(pid, block: true) ?? -1
            guard status == 0 else {
                throw Failure(
                    code: .exited(status),
                    description: "\(program) exited \(status) for \(Printable.escaped(launch.target))")
            }
        case .failure(let error) where error.programNotFound:
            throw Failure(
                code: .notFound, description: "program '\(program)' not found (config key `\(key)`, PATH)")
        case .failure(let error):
            throw Failure(code: .cannotRun, description: "cannot run '\(program)': \(error.reason)")
        }
    }
}
