#if canImport(Glibc)
    import Glibc
#endif

/// Opens a deep link with the configured program (`open = xdg-open`), never a shell.
///
/// The link is one `argv` element: `program url`. The child gets an empty signal mask and
/// default dispositions (the agent blocks signals for `signalfd`; an opener must not
/// inherit that) and `/dev/null` as stdin; stdout and stderr are inherited.
///
/// Zombies: children are not double-forked (`posix_spawnp` cannot); each spawned pid is
/// remembered and reaped with `waitpid(pid, WNOHANG)` by `reap()`, which `open` also calls
/// first. The agent calls `reap()` whenever it wakes (or on `SIGCHLD`), so a finished
/// opener is a zombie at most until the agent's next wake-up.
public final class Opener {
    /// The program run with the link, looked up on `PATH` unless it contains a `/`.
    public let program: String
    /// Words given before the link (`open = firefox --new-tab`).
    public let arguments: [String]
    /// Pids spawned and not yet reaped.
    public private(set) var running: Set<Int32> = []

    /// An opener running `program` (default `xdg-open`).
    public init(program: String = "xdg-open", arguments: [String] = []) {
        self.program = program
        self.arguments = arguments
    }

    /// Starts `program url` (`posix_spawnp`) and returns the child's pid.
    ///
    /// Throws a one-line `NotifyError` when the program cannot be found or started.
    @discardableResult
    public func open(_ url: String) throws(NotifyError) -> Int32 {
        reap()
        guard !program.isEmpty else { throw NotifyError("open: the opener program is empty (config key `open`)") }
        // Openers parse options (`xdg-open --help`) and few honour `--`: a link must not
        // be able to pass for one.
        guard !url.hasPrefix("-") else { throw NotifyError("open: refusing a link that starts with '-': \(url)") }

        switch CleanSpawn.start(program, arguments + [url], searchPath: true) {
        case .success(let pid):
            running.insert(pid)
            return pid
        case .failure(let error) where error.code == ENOENT:
            throw NotifyError("open: program '\(program)' not found (config key `open`, PATH)")
        case .failure(let error):
            throw NotifyError("open: cannot run '\(program)': \(error.reason)")
        }
    }

    /// Reaps every finished child (`waitpid(pid, WNOHANG)`); returns their exit statuses
    /// by pid (128 + signal number for a child killed by a signal).
    @discardableResult
    public func reap() -> [Int32: Int32] {
        var finished: [Int32: Int32] = [:]
        for pid in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                finished[pid] = Self.exitCode(status)
            } else if result == -1, errno == ECHILD {
                // Someone else reaped it (e.g. a SIGCHLD handler set to SIG_IGN).
                finished[pid] = -1
            }
        }
        running.subtract(finished.keys)
        return finished
    }

    /// Waits for `pid` (spawned by this opener) to finish and returns its exit code.
    public func wait(for pid: Int32) throws(NotifyError) -> Int32 {
        guard running.contains(pid) else { throw NotifyError("open: pid \(pid) is not a running opener") }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
        running.remove(pid)
        guard result == pid else {
            throw NotifyError("open: waitpid(\(pid)): \(String(cString: strerror(errno)))")
        }
        return Self.exitCode(status)
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
