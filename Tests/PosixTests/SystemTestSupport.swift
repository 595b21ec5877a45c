// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// Helpers for the System* tests: real files, real processes, and the realtime clock (tests may
/// read it; product code reads "now" only through NitnemClock).
enum SystemTestSupport {
    /// The realtime clock a timerfd runs on: `clock_gettime(CLOCK_REALTIME)`.
    static func realtimeNow() -> Date {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Date(timeIntervalSince1970: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
    }

    /// A fresh private folder under the system temp folder.
    static func makeFolder(_ label: String) throws -> String {
        try Support.makeFolder(NSTemporaryDirectory() + "nitnem-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
    }

    /// Removes a folder made by `makeFolder`.
    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` with open/write/close (no temp file, no rename), so inotify sees CREATE then CLOSE_WRITE.
    static func writeFile(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(fd >= 0, "open \(path): errno \(errno)")
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }

    /// Runs `body` in a forked child (only the forking thread exists there) and returns its wait
    /// status. The child is killed by SIGALRM after 10 s if it hangs.
    /// - Important: `body` must not return control to the test runner: its result becomes `_exit`'s code.
    static func inForkedChild(_ body: () -> Int32) -> Int32 {
        let child = fork()
        if child == 0 {
            // Drop the copies of every descriptor the test process had open: other tests running
            // meanwhile must see their pipes hang up and their files close when they close them.
            for fd in Int32(3)..<4096 { close(fd) }
            alarm(10)
            _exit(body())
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The exit code of a wait status, nil when the child died of a signal.
    static func exitCode(_ status: Int32) -> Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
    /// The signal that killed the child, nil when it exited.
    static func killingSignal(_ status: Int32) -> Int32? { status & 0x7f == 0 ? nil : status & 0x7f }

    /// Runs a program to completion and returns its exit status.
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
