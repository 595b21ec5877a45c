import Posix
import Snapshot

/// Runs the program that opens a link (`open = xdg-open`), never a shell, and reaps it.
///
/// The link is one `argv` element: `program url`. The child gets an empty signal mask, default
/// dispositions and `/dev/null` as stdin (`CleanSpawn`); stdout and stderr are inherited.
///
/// Zombies: each spawned pid is remembered and reaped with `waitpid(pid, WNOHANG)` by `reap()`,
/// which `open` also calls first. The agent calls `reap()` whenever it wakes (SIGCHLD wakes it), so
/// a finished opener is a zombie at most until then. One `Opener` serves every open of a process.
public final class Opener {
    /// The program run with the link, looked up on `PATH` unless it contains a `/`.
    public var program: String
    /// Words given before the link (`open = firefox --new-tab`).
    public var arguments: [String]
    /// Pids spawned and not yet reaped.
    public private(set) var running: Set<Int32> = []

    /// An opener running `program` (default `xdg-open`).
    public init(program: String = "xdg-open", arguments: [String] = []) {
        self.program = program
        self.arguments = arguments
    }

    /// Why a link could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        public enum Code: Equatable, Sendable { case emptyProgram, optionLikeLink, notFound, cannotRun, notRunning }
        public let code: Code
        public let description: String
    }

    /// Starts `program arguments… url` (`posix_spawnp`) and returns the child's pid.
    /// - Throws: a one-line `OpenError` when the program cannot be found or started.
    @discardableResult
    public func open(_ url: String) throws(OpenError) -> Int32 {
        // Openers parse options (`xdg-open --help`) and few honour `--`: a link must not
        // be able to pass for one.
        guard !url.hasPrefix("-") else {
            throw OpenError(code: .optionLikeLink, description: "open: refusing a link that starts with '-': \(url)")
        }
        return try start(arguments + [url])
    }

    /// Starts the reader `launch` resolved (its argv as is, never a shell) and returns the pid. Its
    /// output goes to our stderr, never to our stdout (which may be a bar's).
    @discardableResult
    public func open(_ launch: ReaderLaunch) throws(OpenError) -> Int32 {
        program = launch.program
        arguments = []
        return try start(Array(launch.argv.dropFirst()))
    }

    private func start(_ words: [String]) throws(OpenError) -> Int32 {
        reap()
        guard !program.isEmpty else {
            throw OpenError(code: .emptyProgram, description: "open: the opener program is empty (config key `open`)")
        }
        switch CleanSpawn.start(program, words, searchPath: true, stdout: 2) {
        case .success(let pid):
            running.insert(pid)
            return pid
        case .failure(let error) where error.programNotFound:
            throw OpenError(
                code: .notFound,
                description: "open: program '\(program)' not found (config keys `open`, `reader`; PATH)")
        case .failure(let error):
            throw OpenError(code: .cannotRun, description: "open: cannot run '\(program)': \(error.reason)")
        }
    }

    /// Reaps every finished child; returns their exit codes by pid (128 + signal number for a
    /// child killed by a signal, -1 for one someone else reaped).
    @discardableResult
    public func reap() -> [Int32: Int32] {
        var finished: [Int32: Int32] = [:]
        for pid in running {
            if let code = CleanSpawn.reap(pid) { finished[pid] = code }
        }
        running.subtract(finished.keys)
        return finished
    }

    /// Waits for `pid` (spawned by this opener) to finish and returns its exit code.
    public func wait(for pid: Int32) throws(OpenError) -> Int32 {
        guard running.remove(pid) != nil else {
            throw OpenError(code: .notRunning, description: "open: pid \(pid) is not a running opener")
        }
        return CleanSpawn.reap(pid, block: true) ?? -1
    }
}
