// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Posix

#if canImport(Glibc)
    import Glibc
#endif

/// `dbus-monitor` on a test session bus, recording the `Notify` calls clients make, with
/// every argument and hint (dunst's `-print` shows no hints).
package final class BusMonitor {
    private var process: ChildProcess?
    private let output: URL

    /// Starts `dbus-monitor --session <rule>` in `environment` and waits until it is
    /// monitoring; its output goes to a file in `directory`.
    init(directory: URL, environment: [String: String], rule: String) throws {
        output = directory.appendingPathComponent("monitor-\(UUID().uuidString.prefix(8)).out")
        let fd = open(output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw DesktopSession.Failure(
                description: SystemError(call: "create", errno: errno, path: output.path).description)
        }
        defer { Glibc.close(fd) }
        let process = try ChildProcess(
            "/usr/bin/dbus-monitor", ["--session", rule], environment: environment, stdout: fd, stderr: fd)
        self.process = process
        // Becoming a monitor drops the connection's unique name: NameLost is its last word
        // before the calls it watches.
        let deadline = ContinuousClock.now + .seconds(10)
        while !text.contains("member=NameLost") {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw DesktopSession.Failure(description: "dbus-monitor did not start: \(text.suffix(300))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit { stop() }

    /// Every `Notify` call recorded so far, in order.
    package func notifyCalls() -> [NotifyCall] {
        NotifyCall.parseAll(text)
    }

    /// The calls once there are at least `count`, or `nil` after `timeout`.
    package func waitForNotifyCalls(_ count: Int, timeout: Duration = .seconds(5)) -> [NotifyCall]? {
        let deadline = ContinuousClock.now + timeout
        repeat {
            let calls = notifyCalls()
            if calls.count >= count { return calls }
            Thread.sleep(forTimeInterval: 0.02)
        } while ContinuousClock.now < deadline
        return nil
    }

    /// Stops `dbus-monitor` (SIGTERM, reaped); idempotent.
    package func stop() {
        process?.terminate()
        process = nil
    }

    private var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
}
