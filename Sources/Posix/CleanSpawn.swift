// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Starts a child with `posix_spawn` in a clean state: an empty signal mask and default
/// dispositions (the agent blocks signals for `signalfd`, and test-runner threads block most of
/// them; a child must not inherit that), `/dev/null` as stdin, and no descriptor of ours beyond
/// stdout and stderr (glibc's `posix_spawn_file_actions_addclosefrom_np`).
package enum CleanSpawn {
    /// Starts `program arguments…` (argv as given, never a shell) and returns its pid, or the
    /// `posix_spawn` error number.
    /// - Parameters:
    ///   - searchPath: look `program` up on `PATH` (`posix_spawnp`) unless it contains a `/`.
    ///   - environment: the child's environment; `nil` for ours.
    ///   - stdout, stderr: descriptors to duplicate into the child; `nil` to inherit ours.
    package static func start(
        _ program: String, _ arguments: [String], searchPath: Bool, environment: [String: String]? = nil,
        stdout: Int32? = nil, stderr: Int32? = nil
    ) -> Result<Int32, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        nitnem_spawn_close_from(&actions, 3)

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

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { env in
            env.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in argv + (envp ?? []) { free(pointer) } }
        var pid: Int32 = 0
        let status =
            if let envp {
                searchPath
                    ? posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
                    : posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            } else {
                searchPath
                    ? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
                    : posix_spawn(&pid, program, &actions, &attributes, argv, environ)
            }
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    /// A `posix_spawn` failure: the error number it returned.
    package struct SpawnError: Error, Equatable {
        /// The errno value (`ENOENT` when the program is not found).
        package let code: Int32
        /// `ENOENT (No such file or directory)`.
        package var reason: String { SystemError(call: "posix_spawn", errno: code).reason }
        /// Whether the program was not found (ENOENT).
        package var programNotFound: Bool { code == ENOENT }
    }

    /// How a child ended: its exit code, or 128 + the signal that killed it (as shells report it).
    package static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Reaps `pid` if it has finished (`waitpid(pid, WNOHANG)`; with `block`, waits for it).
    /// - Returns: its exit code (see `exitCode`), nil while it still runs, -1 when it is no child
    ///   of ours any more (someone else reaped it).
    package static func reap(_ pid: Int32, block: Bool = false) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, block ? 0 : WNOHANG)
            if result == pid { return exitCode(status) }
            if result == 0 { return nil }
            let code = nitnem_errno()
            if code == EINTR { continue }
            return -1
        }
    }
}
