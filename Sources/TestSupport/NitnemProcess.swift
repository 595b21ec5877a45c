// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// A long-running `nitnem` (the agent, `status --follow`) for end-to-end tests: stdout is a pipe the
/// test reads line by line with bounded waits, stderr goes to a file the test can read at any time.
///
/// - Important: Every wait is bounded: a test fails after its timeout rather than hanging.
package final class NitnemProcess: @unchecked Sendable {
    let process = Process()
    let stdoutPipe = Pipe()
    let stdinPipe: Pipe?
    let stderrPath: String
    var pending: [UInt8] = []

    /// Starts `NitnemBinary.path arguments…` with `NitnemBinary.environment(environment)`; stderr goes
    /// to `stderrPath`. Its stdin is `/dev/null`, or with `stdin` a pipe the test writes to (`write`).
    /// With `journal` (the default) the stderr file stands in for the journal as under systemd:
    /// `JOURNAL_STREAM` names its device and inode (unless `environment` sets it), so the agent's
    /// lines carry `<N>` priorities; without, they carry a timestamp and a level word. It runs in
    /// `currentDirectory`, else the test's.
    package init(
        _ arguments: [String], environment: [String: String], stderrPath: String, stdin: Bool = false,
        journal: Bool = true, currentDirectory: String? = nil
    ) throws {
        self.stderrPath = stderrPath
        stdinPipe = stdin ? Pipe() : nil
        try Data().write(to: URL(fileURLWithPath: stderrPath))
        process.executableURL = URL(fileURLWithPath: NitnemBinary.path)
        process.arguments = arguments
        var environment = environment
        if journal, environment["JOURNAL_STREAM"] == nil {
            environment["JOURNAL_STREAM"] = Self.journalStream(of: stderrPath)
        }
        process.environment = NitnemBinary.environment(environment)
        process.standardOutput = stdoutPipe
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = stdinPipe ?? FileHandle.nullDevice
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        try process.run()
    }

    /// `"<device>:<inode>"` of the file at `path`, as systemd writes `JOURNAL_STREAM`; nil when
    /// nothing is there.
    package static func journalStream(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The child's pid.
    package var pid: Int32 { process.processIdentifier }

    /// Whether it is still running.
    package var isRunning: Bool { process.isRunning }

    /// Everything written to stderr so far.
    package var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Whether it exited because of a signal (after `waitForExit` saw it end).
    package var terminatedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    /// Writes `text` to its stdin (started with `stdin: true`).
    package func write(_ text: String) { stdinPipe?.fileHandleForWriting.write(Data(text.utf8)) }

    /// Closes its stdin (started with `stdin: true`): it reads end of file.
    package func closeStdin() throws { try stdinPipe?.fileHandleForWriting.close() }

    /// Sends `signal` (SIGTERM, SIGHUP…).
    package func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits up to `timeout` seconds for the exit; its status, or nil if it is still running.
    package func waitForExit(timeout: TimeInterval) -> Int32? {
        let ok = Self.waitUntil(timeout: timeout) { !self.process.isRunning }
        return ok ? process.terminationStatus : nil
    }

    /// Waits up to `timeout` seconds for `text` in its stderr: whether it came.
    package func waitForStderr(_ text: String, timeout: TimeInterval) -> Bool {
        Self.waitUntil(timeout: timeout) { self.stderr.contains(text) }
    }

    /// Sends SIGTERM and waits up to `timeout` seconds for the exit: its status, or nil if it is still running.
    package func terminate(timeout: TimeInterval) -> Int32? {
        send(SIGTERM)
        return waitForExit(timeout: timeout)
    }

    /// The next stdout line (without its newline), or nil after `timeout` seconds or at end of file.
    package func readLine(timeout: TimeInterval) -> String? {
        let fd = stdoutPipe.fileHandleForReading.fileDescriptor
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&item, 1, Int32(left.components.seconds * 1000) + 10) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            pending += buffer[..<n]
        }
    }

    /// Closes the test's end of stdout: the child's next write (or poll) sees its reader gone.
    package func closeStdout() throws { try stdoutPipe.fileHandleForReading.close() }

    /// Checks `condition` every 10 ms until it holds (true) or `timeout` seconds pass (false).
    package static func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        // The test's own real waiting, not the product's notion of now.
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        while clock.now < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
