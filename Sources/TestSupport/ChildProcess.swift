// SPDX-License-Identifier: GPL-3.0-or-later
import Posix

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for test fixtures, started with `posix_spawn`.
///
/// - Important: Foundation's `Process` passes on the spawning thread's signal mask, and
///   test-runner threads block almost every signal: a server started that way never sees
///   `SIGTERM`. This spawns through `CleanSpawn` (empty mask, default dispositions) instead.
package final class ChildProcess {
    /// The child's pid.
    package let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `path arguments` with `environment`; stdout and stderr go to the given
    /// descriptors (duplicated into the child), stdin is `/dev/null`.
    package init(
        _ path: String, _ arguments: [String], environment: [String: String], stdout: Int32, stderr: Int32
    ) throws(DesktopSession.Failure) {
        switch CleanSpawn.start(
            path, arguments, searchPath: false, environment: environment, stdout: stdout, stderr: stderr)
        {
        case .success(let pid): self.pid = pid
        case .failure(let error):
            throw DesktopSession.Failure(description: "\(path): cannot start: \(error.reason)")
        }
    }

    deinit { terminate() }

    /// Whether the child has not exited yet (reaps it when it has).
    package var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return false
        }
        return true
    }

    /// Waits for the child to exit; returns its exit code (128 + signal when killed).
    @discardableResult
    package func wait() -> Int32 {
        if exitStatus == nil {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
            exitStatus = result == pid ? status : 0
        }
        let status = exitStatus!
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Sends `SIGTERM`, waits up to `grace` and then sends `SIGKILL`; always reaps. Idempotent.
    package func terminate(grace: Duration = .seconds(3)) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if isRunning { kill(pid, SIGKILL) }
        wait()
    }
}
