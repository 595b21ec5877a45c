// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// The built `nitnem` binary, for end-to-end tests: the one place tests find the package root and
/// the binary, and the one function that runs it to completion (`run`). `NitnemProcess` starts a
/// long-running one with the same `path` and `environment(_:)`.
package enum NitnemBinary {
    /// The package root (from this file's path): the only place a test finds it.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<package>/fixtures/<relative>`.
    package static func fixture(_ relative: String) -> String {
        packageRoot.path + "/fixtures/" + relative
    }

    /// `$NITNEM_BIN`, else `<package>/.build/debug/nitnem` (`make test` builds it first).
    package static var path: String {
        ProcessInfo.processInfo.environment["NITNEM_BIN"]
            ?? packageRoot.appendingPathComponent(".build/debug/nitnem").path
    }

    /// The environment a child gets: exactly `environment`, plus `PATH=/usr/bin:/bin` when it has none.
    package static func environment(_ environment: [String: String]) -> [String: String] {
        var env = environment
        env["PATH"] = env["PATH"] ?? "/usr/bin:/bin"
        return env
    }

    /// What one run printed and how it ended.
    package struct Result: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
        /// Whether it had to be killed after its timeout (it did not exit by itself).
        package let timedOut: Bool
        /// The signal that ended it (a runtime trap is SIGILL or SIGTRAP), or nil when it exited.
        /// `status` is then the signal's number, not an exit code: `Process` does not add 128.
        package let signal: Int32?
    }

    /// Runs `nitnem arguments…` (or `executable`) with `environment(environment)`, `stdin` as its
    /// input (else an empty one), in `currentDirectory` (else the test's), waits at most `timeout`
    /// seconds (then kills it: `timedOut`), and returns its output.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, executable: String? = nil,
        currentDirectory: String? = nil, timeout: Double = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? path)
        process.arguments = arguments
        process.environment = Self.environment(environment)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        let pid = process.processIdentifier
        nonisolated(unsafe) var killed = false
        let watchdog = DispatchWorkItem {
            killed = true
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), timedOut: killed,
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}

/// Golden files under `fixtures/golden/`: compared byte for byte; re-recorded (never hand-edited)
/// when `NITNEM_RECORD_GOLDEN=1`.
package enum Golden {
    /// Whether this run records instead of comparing.
    package static var recording: Bool { ProcessInfo.processInfo.environment["NITNEM_RECORD_GOLDEN"] == "1" }

    /// The expected text of golden file `name`, or (when recording) writes `actual` there and returns it.
    package static func expected(_ name: String, actual: String) throws -> String {
        let url = URL(fileURLWithPath: NitnemBinary.fixture("golden/\(name)"))
        if recording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return actual
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
