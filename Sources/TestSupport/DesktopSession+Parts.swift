// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Posix

#if canImport(Glibc)
    import Glibc
#endif

/// The parts of a private desktop: the bus, the X server, the menu program dunst calls, the processes and
/// their pipes.
extension DesktopSession {
    var menuScript: URL { directory.appendingPathComponent("menu") }
    var menuChoice: URL { directory.appendingPathComponent("menu.choice") }
    var menuInput: URL { directory.appendingPathComponent("menu.in") }
    var menuDone: URL { directory.appendingPathComponent("menu.done") }

    /// dunst's `dmenu`: saves the menu, prints the line ending with `menu.choice` (the
    /// first line when there is no choice, e.g. after `dunstctl action 0`), then marks the
    /// pick done; the choice is used once.
    func writeMenuScript() throws {
        try """
        #!/bin/sh
        cat > '\(menuInput.path)'
        choice=$(cat '\(menuChoice.path)' 2>/dev/null)
        rm -f '\(menuChoice.path)'
        if [ -z "$choice" ]; then
            head -n 1 '\(menuInput.path)'
        else
            while IFS= read -r line || [ -n "$line" ]; do
                case $line in *"$choice") printf '%s\\n' "$line"; break ;; esac
            done < '\(menuInput.path)'
        fi
        : > '\(menuDone.path)'

        """.write(to: menuScript, atomically: true, encoding: .utf8)
        guard chmod(menuScript.path, 0o700) == 0 else {
            throw Failure(description: SystemError(call: "chmod", errno: errno, path: menuScript.path).description)
        }
    }

    func startBus() throws {
        let config = directory.appendingPathComponent("bus.conf")
        // No services to activate (the file says why); {dir} is the socket's folder.
        let template = try String(contentsOfFile: NitnemBinary.fixture("desktop/session-bus.conf"), encoding: .utf8)
        try template.replacingOccurrences(of: "{dir}", with: directory.path)
            .write(to: config, atomically: true, encoding: .utf8)
        let (read, write) = try Self.makePipe()
        defer { Glibc.close(read) }
        do {
            defer { Glibc.close(write) }
            bus = try launch(
                "/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--print-address=1"],
                stdout: write)
        }
        guard let address = Self.readLine(read), !address.isEmpty else {
            throw Failure(description: "dbus-daemon printed no address: \(log("dbus-daemon"))")
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
    }

    func startXServer() throws {
        let (read, write) = try Self.makePipe()
        defer { Glibc.close(read) }
        do {
            defer { Glibc.close(write) }
            // -displayfd picks a free display number and prints it once the server is ready.
            xserver = try launch(
                "/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"],
                stdout: write)
        }
        guard let display = Self.readLine(read), Int(display) != nil else {
            throw Failure(description: "Xvfb printed no display number: \(log("Xvfb"))")
        }
        environment["DISPLAY"] = ":\(display)"
    }

    // MARK: - Processes

    func launch(_ path: String, _ arguments: [String], stdout: Int32) throws -> ChildProcess {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let errorLog = directory.appendingPathComponent("\(name).err").path
        let stderr = open(errorLog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard stderr >= 0 else {
            throw Failure(description: SystemError(call: "create", errno: errno, path: errorLog).description)
        }
        defer { Glibc.close(stderr) }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        return try ChildProcess(path, arguments, environment: env, stdout: stdout, stderr: stderr)
    }

    /// Runs `path arguments` to completion; returns its stdout, throws on a non-zero exit.
    func run(_ path: String, _ arguments: [String]) throws -> String {
        let (read, write) = try Self.makePipe()
        defer { Glibc.close(read) }
        let child: ChildProcess
        do {
            defer { Glibc.close(write) }
            child = try launch(path, arguments, stdout: write)
        }
        let output = Self.readAll(read)
        let status = child.wait()
        guard status == 0 else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")): exit \(status)")
        }
        return output
    }

    func nameHasOwner(_ name: String) throws -> Bool {
        let reply = try run(
            "/usr/bin/dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
            ])
        return reply.contains("boolean true")
    }

    func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    func log(_ name: String) -> String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("\(name).err"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(3).joined(separator: " | ")
    }

    static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else {
            throw Failure(description: SystemError(call: "pipe", errno: errno).description)
        }
        // pipe2(O_CLOEXEC) is not imported; without CLOEXEC another child spawned meanwhile
        // would hold the write end open and a reader would never see end of file.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// One line from `fd` (blocking until a newline or end of file).
    static func readLine(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count == -1, errno == EINTR { continue }
            if count != 1 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    static func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count == -1, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
