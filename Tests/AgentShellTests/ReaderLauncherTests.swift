// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// One launcher for `nitnem open`, Read now and a bar's click: argv never through a shell, every
/// child reaped, each finished one named with what it was started for.
@Suite struct ReaderLauncherTests {
    private func scratch() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nitnem-opener-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// An opener's launch: `program url`.
    private func opener(_ program: String, _ url: String) -> ReaderLaunch {
        ReaderLaunch(argv: [program, url], via: .opener, target: url, note: nil)
    }

    @Test func passesTheLinkAsOneArgumentWithoutAShell() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // `touch` creates a file named exactly by its one argument: every character a shell
        // would act on (spaces, quotes, `;`, `$( )`, backticks, `&`, `|`, globs) must arrive
        // untouched, and no second file may appear.
        let name = "sggs:bani jap ji 'q' \"dq\"; touch PWNED $(touch PWNED2) `x` & | *.txt"
        let launcher = ReaderLauncher()
        try launcher.run(opener("touch", dir.appendingPathComponent(name).path))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files == [name])
        #expect(launcher.running.isEmpty)
    }

    /// Read now after a press that came with an activation token: the reader gets it as
    /// XDG_ACTIVATION_TOKEN and DESKTOP_STARTUP_ID (it may take the focus); without one, neither.
    @Test func theServersActivationTokenGoesToTheReader() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("env").path
        let script = "printf '%s|%s' \"$XDG_ACTIVATION_TOKEN\" \"$DESKTOP_STARTUP_ID\" > \"$1\""
        var launch = ReaderLaunch(argv: ["sh", "-c", script, "sh", out], via: .command, target: out, note: nil)
        launch.activationToken = "gnome-shell/nitnem/42_TIME0"
        try ReaderLauncher().run(launch)
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == "gnome-shell/nitnem/42_TIME0|gnome-shell/nitnem/42_TIME0")
        launch.activationToken = nil
        try ReaderLauncher().run(launch)
        #expect(ReaderLauncher.environment(for: launch) == nil)
        // Without a token the reader has our environment as it is (empty here unless we have them).
        let ours = ProcessInfo.processInfo.environment
        let inherited = (ours["XDG_ACTIVATION_TOKEN"] ?? "") + "|" + (ours["DESKTOP_STARTUP_ID"] ?? "")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == inherited)
    }

    @Test func missingProgramIsAClearError() {
        let launcher = ReaderLauncher()
        #expect(
            throws: ReaderLauncher.Failure(
                code: .notFound,
                description: "program 'nitnem-no-such-opener' not found (config key `open`, PATH)")
        ) {
            try launcher.start(opener("nitnem-no-such-opener", "sggs://bani/japji"))
        }
        #expect(launcher.running.isEmpty)
    }

    @Test func refusesALinkThatLooksLikeAnOption() {
        let launcher = ReaderLauncher()
        #expect(
            throws: ReaderLauncher.Failure(
                code: .optionLikeLink, description: "refusing a link that starts with '-': --help")
        ) {
            try launcher.start(opener("/bin/true", "--help"))
        }
        #expect(launcher.running.isEmpty)
    }

    /// Two launches of two programs: each finished one is named with its own program and link
    /// (one opener used to be renamed by every launch, so an exit could name the wrong program).
    @Test func reapsFinishedChildrenWithoutBlockingEachWithItsOwnProgram() throws {
        let launcher = ReaderLauncher()
        let first = try launcher.start(opener("/bin/true", "sggs://bani/japji"))
        let second = try launcher.start(
            ReaderLaunch(
                argv: ["/bin/false", "https://example.org/x"], via: .command, target: "https://example.org/x", note: nil
            ))
        var finished: [ReaderLauncher.Finished] = []
        for _ in 0..<500 where finished.count < 2 {
            finished += launcher.reap()
            if finished.count < 2 { usleep(10_000) }
        }
        #expect(
            Set(finished.map { "\($0.pid) \($0.program) \($0.target) \($0.status)" }) == [
                "\(first) /bin/true sggs://bani/japji 0", "\(second) /bin/false https://example.org/x 1",
            ])
        #expect(launcher.running.isEmpty)
        // Reaped means gone: the kernel no longer knows the pid as our child.
        #expect(waitpid(first, nil, WNOHANG) == -1)
    }

    @Test func runReportsTheExitStatus() {
        #expect(
            throws: ReaderLauncher.Failure(code: .exited(1), description: "/bin/false exited 1 for sggs://nitnem")
        ) {
            try ReaderLauncher().run(opener("/bin/false", "sggs://nitnem"))
        }
    }
}
