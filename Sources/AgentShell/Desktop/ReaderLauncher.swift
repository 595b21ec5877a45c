// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Posix
import Snapshot

/// Runs what `ReaderTemplate.resolve` decided (`nitnem open`, Read now, a bar's click): the program
/// with its argv, never a shell, and reaps it.
///
/// The child gets an empty signal mask, default dispositions and `/dev/null` as stdin
/// (`CleanSpawn`); its stdout goes to our stderr, so nothing a reader or `xdg-open` prints can reach
/// our stdout (a bar or script reading it); its stderr is ours.
///
/// Zombies: each spawned pid is remembered, with what it was started for, and reaped with
/// `waitpid(pid, WNOHANG)` by `reap()`, which `start` also calls first. The agent calls `reap()`
/// whenever it wakes (SIGCHLD wakes it), so a finished reader is a zombie at most until then. One
/// launcher serves every launch of a process.
package final class ReaderLauncher {
    /// Why a reader did not open.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// What went wrong.
        package enum Code: Equatable, Sendable {
            /// The launch has no program (an empty `open` or `reader`).
            case emptyProgram
            /// An opener's link starts with `-`: openers parse options and few honour `--`.
            case optionLikeLink
            /// The program is not on `PATH` (or not at the path given).
            case notFound
            /// A player's argument names a file (an absolute path) that does not exist.
            case missingFile
            /// `posix_spawn` failed otherwise.
            case cannotRun
            /// The program ran and exited with this status (128 + n: killed by signal n).
            case exited(Int32)
        }

        /// What went wrong.
        package let code: Code
        /// One line: `xdg-open exited 3 for https://…`.
        package let description: String
    }

    /// A launch that finished.
    package struct Finished: Equatable, Sendable {
        /// Its pid.
        package let pid: Int32
        /// The program that ran.
        package let program: String
        /// What it was started for (the link or URL).
        package let target: String
        /// Its exit status (128 + n: killed by signal n; -1: someone else reaped it).
        package let status: Int32
    }

    /// The launches started and not yet reaped, by pid.
    package private(set) var running: [Int32: ReaderLaunch] = [:]
    /// Launches reaped by `start` and not yet handed out by `reap()`.
    private var reaped: [Finished] = []

    /// A launcher with nothing running.
    package init() {}

    /// Starts `launch.argv` (looked up on `PATH` unless the program holds a `/`) and returns the
    /// child's pid, without waiting for it. With `quiet`, its stdout and stderr go to `/dev/null`
    /// (a player left running after `nitnem listen` returns must not hold the caller's pipes).
    /// - Throws: a one-line `Failure` when it cannot be started; for a player (`listen`), also when
    ///   an argument that is an absolute path names no file (`~/Music/Nitnem/japji.mp3` missing).
    @discardableResult
    package func start(_ launch: ReaderLaunch, quiet: Bool = false) throws(Failure) -> Int32 {
        // Finished ones are reaped now (no zombie waits for the next wake) and handed out by `reap()`.
        reaped = reap()
        let key =
            switch launch.via {
            case .opener: "open"
            case .command: "reader"
            case .listen: "listen"
            }
        let program = launch.program
        guard !program.isEmpty else {
            throw Failure(code: .emptyProgram, description: "the \(key) program is empty (config key `\(key)`)")
        }
        // The link is the opener's last word: it must not be able to pass for an option.
        if launch.via == .opener, launch.argv.count > 1, launch.argv.last?.hasPrefix("-") == true {
            throw Failure(
                code: .optionLikeLink,
                description: "refusing a link that starts with '-': \(Printable.bounded(launch.target))")
        }
        if launch.via == .listen,
            let missing = launch.argv.dropFirst().first(where: { $0.hasPrefix("/") && FileStatus.lookup($0) == nil })
        {
            throw Failure(
                code: .missingFile, description: "no such file: \(Printable.bounded(missing)) (config key `listen`)")
        }
        let null = quiet ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1
        defer { if null >= 0 { close(null) } }
        let output: (stdout: Int32, stderr: Int32?) = null >= 0 ? (null, null) : (2, nil)
        switch CleanSpawn.start(
            program, Array(launch.argv.dropFirst()), searchPath: true, environment: Self.environment(for: launch),
            stdout: output.stdout, stderr: output.stderr)
        {
        case .success(let pid):
            running[pid] = launch
            return pid
        case .failure(let error) where error.programNotFound:
            throw Failure(
                code: .notFound,
                description: "program '\(Printable.bounded(program))' not found (config key `\(key)`, PATH)")
        case .failure(let error):
            throw Failure(code: .cannotRun, description: "cannot run '\(Printable.bounded(program))': \(error.reason)")
        }
    }

    /// The environment `launch` runs in: ours (`nil`), or, when a notification server gave an
    /// activation token with the press, ours with it as `XDG_ACTIVATION_TOKEN` (Wayland's
    /// xdg-activation) and `DESKTOP_STARTUP_ID` (X11's startup notification), so the reader may take
    /// the focus.
    static func environment(for launch: ReaderLaunch) -> [String: String]? {
        guard let token = launch.activationToken, !token.isEmpty else { return nil }
        var environment = ProcessEnvironment.current()
        environment["XDG_ACTIVATION_TOKEN"] = token
        environment["DESKTOP_STARTUP_ID"] = token
        return environment
    }

    /// Starts `launch` and waits for it (`nitnem open`).
    /// - Throws: `Failure` when it cannot be started or exits with a status other than 0.
    package func run(_ launch: ReaderLaunch) throws(Failure) {
        let pid = try start(launch)
        running[pid] = nil
        let status = CleanSpawn.reap(pid, block: true) ?? -1
        guard status == 0 else {
            throw Failure(
                code: .exited(status),
                description:
                    "\(Printable.bounded(launch.program)) exited \(status) for \(Printable.bounded(launch.target))")
        }
    }

    /// Reaps every finished child, without blocking; returns them (and those `start` reaped since
    /// the last call) in pid order.
    @discardableResult
    package func reap() -> [Finished] {
        var finished = reaped
        reaped = []
        for (pid, launch) in running.sorted(by: { $0.key < $1.key }) {
            guard let status = CleanSpawn.reap(pid) else { continue }
            running[pid] = nil
            finished.append(Finished(pid: pid, program: launch.program, target: launch.target, status: status))
        }
        return finished.sorted { $0.pid < $1.pid }
    }
}
