#if canImport(Glibc)
    import Glibc
#endif

/// A child process for test fixtures, started with `posix_spawn`.
///
/// - Important: Foundation's `Process` passes on the spawning thread's signal mask, and
///   test-runner threads block almost every signal: a server started that way never sees
///   `SIGTERM`. This spawns with an empty mask and default dispositions instead.
public final class ChildProcess {
    /// The child's pid.
    public let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `path arguments` with `environment`; stdout and stderr go to the given
    /// descriptors (duplicated into the child), stdin is `/dev/null`.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String], stdout: Int32, stderr: Int32
    ) throws(DesktopSession.Failure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw DesktopSession.Failure(description: "\(path): cannot start: \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    deinit { terminate() }

    /// Whether the child has not exited yet (reaps it when it has).
    public var isRunning: Bool {
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
    public func wait() -> Int32 {
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
    public func terminate(grace: Duration = .seconds(3)) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if isRunning { kill(pid, SIGKILL) }
        wait()
    }
}
