// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Posix

#if canImport(Glibc)
    import Glibc
#endif

/// A private desktop for tests: its own session bus (`dbus-daemon`), X server (`Xvfb`)
/// and notification server (`dunst -print`), so notification tests never touch the
/// user's desktop and never skip.
///
/// A test can press any action of a shown notification (`press(_:of:)`, through dunst's
/// context menu), count what dunst displays and keeps (`count(_:)`), read its history
/// (`history()`) and watch the `Notify` calls on the bus (`monitorNotifyCalls()`).
///
/// - Important: libnotify reads `DBUS_SESSION_BUS_ADDRESS` from the test process itself;
///   call `useInThisProcess()` before the first notifier call, and run such tests
///   serialized (`@Suite(.serialized)`).
package final class DesktopSession {
    /// A failure to start part of the session, naming the program.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed.
        package let description: String
    }

    /// The variables a client of this session needs: `DBUS_SESSION_BUS_ADDRESS`,
    /// `DISPLAY`, `XDG_RUNTIME_DIR`.
    package internal(set) var environment: [String: String]
    /// The session's private temporary folder (bus socket, dunstrc, dunst's output, the menu
    /// script).
    package let directory: URL

    var bus: ChildProcess?
    var xserver: ChildProcess?
    var server: ChildProcess?
    let serverOutput: URL
    var seen = 0

    let markup: Bool
    let timeout: Int

    /// Starts the bus, the X server and dunst; throws when any cannot start.
    ///
    /// `markup` configures dunst's `markup = full` (it then lists `body-markup` in its
    /// capabilities) or `markup = no`. `timeout` is dunst's `timeout` in seconds for every
    /// urgency, applied to notifications that ask for the server's default expiry
    /// (0: they never expire).
    package init(markup: Bool = true, timeout: Int = 0) throws {
        self.markup = markup
        self.timeout = timeout
        directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nitnem-desktop-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        serverOutput = directory.appendingPathComponent("dunst.out")
        environment = ["XDG_RUNTIME_DIR": directory.path]
        do {
            try startBus()
            try startXServer()
            try startServer()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Points this process's D-Bus clients (libnotify/GIO) at the private bus (`setenv`).
    package func useInThisProcess() {
        setenv("DBUS_SESSION_BUS_ADDRESS", environment["DBUS_SESSION_BUS_ADDRESS"]!, 1)
    }

    /// Starts dunst (again) and waits until it owns `org.freedesktop.Notifications`.
    package func startServer() throws {
        guard server == nil else { return }
        let config = directory.appendingPathComponent("dunstrc")
        try writeMenuScript()
        // By default nothing expires, so a replaced notification is still on screen to be
        // replaced; the context menu is the script `press(_:of:)` steers.
        try """
        [global]
            monitor = 0
            follow = none
            notification_limit = 0
            dmenu = \(menuScript.path)
            markup = \(markup ? "full" : "no")
        [urgency_low]
            timeout = \(timeout)
        [urgency_normal]
            timeout = \(timeout)
        [urgency_critical]
            timeout = \(timeout)

        """.write(to: config, atomically: true, encoding: .utf8)
        // Appended to, so records of an earlier dunst in this session stay counted.
        let output = open(serverOutput.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw Failure(description: SystemError(call: "open", errno: errno, path: serverOutput.path).description)
        }
        defer { Glibc.close(output) }
        let process = try launch("/usr/bin/dunst", ["-print", "-config", config.path], stdout: output)
        server = process
        try waitUntil("dunst owning org.freedesktop.Notifications") {
            guard process.isRunning else { throw Failure(description: "dunst exited early: \(self.log("dunst"))") }
            return try self.nameHasOwner("org.freedesktop.Notifications")
        }
    }

    /// Stops dunst (SIGTERM, reaped); the bus and X server keep running.
    package func stopServer() {
        server?.terminate()
        server = nil
    }

    /// The next notification dunst printed that this call has not returned before, or `nil`
    /// after `timeout`.
    package func waitForNotification(timeout: Duration = .seconds(5)) -> DunstRecord? {
        let deadline = ContinuousClock.now + timeout
        repeat {
            let text = (try? String(contentsOf: serverOutput, encoding: .utf8)) ?? ""
            let records = DunstRecord.parseAll(text)
            if records.count > seen {
                seen += 1
                return records[seen - 1]
            }
            Thread.sleep(forTimeInterval: 0.02)
        } while ContinuousClock.now < deadline
        return nil
    }

    /// Every notification dunst has printed so far (each show and each update in place), in
    /// order; does not change what `waitForNotification` returns next.
    package func printedNotifications() -> [DunstRecord] {
        DunstRecord.parseAll((try? String(contentsOf: serverOutput, encoding: .utf8)) ?? "")
    }

    /// What `count(_:)` counts (`dunstctl count displayed|history|waiting`).
    package enum Count: String, Sendable {
        /// On screen.
        case displayed
        /// Closed and kept in dunst's history.
        case history
        /// Queued, not yet on screen.
        case waiting
    }

    /// How many notifications dunst has `which` (`dunstctl count <which>`).
    package func count(_ which: Count) throws -> Int {
        let text = try dunstctl(["count", which.rawValue]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(text) else {
            throw Failure(description: "dunstctl count \(which.rawValue) printed \(text.debugDescription)")
        }
        return count
    }

    /// The closed notifications dunst keeps, newest first (`dunstctl history`, JSON).
    package func history() throws -> [DunstHistoryEntry] {
        let text = try dunstctl(["history"])
        guard let entries = DunstHistoryEntry.parseAll(text) else {
            throw Failure(description: "dunstctl history printed no history: \(text.prefix(200))")
        }
        return entries
    }

    /// Presses the action `actionID` of the displayed notification with dunst's id
    /// `serverID` (of any displayed notification offering it when `nil`): `dunstctl
    /// context` runs the menu script with every action of the displayed notifications on
    /// stdin, one per line as `#<label> (<summary>) [<id>,<action>]`, and the script
    /// prints the matching line back, so dunst sends `ActionInvoked`.
    ///
    /// Returns the menu's lines; throws when the menu did not offer the action, and at
    /// once when no notification dunst printed (its last print per id) offers it: dunst
    /// runs no menu then.
    @discardableResult
    package func press(_ actionID: String, of serverID: Int? = nil) throws -> [String] {
        let choice = "\(serverID.map { "[\($0)" } ?? ""),\(actionID)]"
        let latest = Dictionary(printedNotifications().map { ($0.id ?? 0, $0) }) { $1 }
        guard latest.values.contains(where: { ($0.id == serverID || serverID == nil) && $0.actions[actionID] != nil })
        else {
            throw Failure(description: "no notification dunst printed offers \(choice)")
        }
        try? FileManager.default.removeItem(at: menuDone)
        try choice.write(to: menuChoice, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: menuChoice) }
        try dunstctl(["context"])
        try waitUntil("dunst's context menu") { FileManager.default.fileExists(atPath: menuDone.path) }
        let lines = lastMenu()
        guard lines.contains(where: { $0.hasSuffix(choice) }) else {
            throw Failure(description: "dunst's menu offers no \(choice): \(lines)")
        }
        return lines
    }

    /// The lines dunst passed the menu script last (empty before any menu).
    package func lastMenu() -> [String] {
        let text = (try? String(contentsOf: menuInput, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Starts `dbus-monitor` on the session bus, recording every `Notify` call from now on.
    package func monitorNotifyCalls() throws -> BusMonitor {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        return try BusMonitor(
            directory: directory, environment: env,
            rule: "type='method_call',interface='org.freedesktop.Notifications',member='Notify'")
    }

    /// Runs `dunstctl arguments` against this session; returns its stdout.
    @discardableResult
    package func dunstctl(_ arguments: [String]) throws -> String {
        try run("/usr/bin/dunstctl", arguments)
    }

    /// Stops dunst, the X server and the bus (each SIGTERM, then reaped) and removes the
    /// session folder; idempotent.
    package func stop() {
        stopServer()
        xserver?.terminate()
        xserver = nil
        bus?.terminate()
        bus = nil
        try? FileManager.default.removeItem(at: directory)
    }
}
