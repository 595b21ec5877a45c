// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real bar: polybar on a private Xvfb, with `contrib/polybar.ini`'s module as shipped, clicked with
/// xdotool. A right click marks the shown bani (`nitnem mark --next`) and the bar's text turns to the
/// next one; a left click opens it in the reader (`nitnem open`). (`scripts/deps.sh` installs
/// polybar, xdotool, xwd and Xvfb: nothing here is skipped.)
///
/// What the bar shows is read two ways: polybar logs every label it draws that has a character its
/// fonts lack, and the module's prefix ੴ is one with only DejaVu Sans listed, so the log names
/// each text drawn; and the screen (`xwd`) changes after the click.
@Suite(.serialized) struct PolybarClickTests {
    /// A child process, stopped at the end.
    final class Child {
        let process = Process()
        init(_ path: String, _ arguments: [String], environment: [String: String], log: String) throws {
            try Data().write(to: URL(fileURLWithPath: log))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = environment
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }
        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            let deadline = Foundation.Date().addingTimeInterval(5)
            while process.isRunning, Foundation.Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Runs `path arguments` to the end; its stdout.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    static func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Foundation.Date().addingTimeInterval(seconds)
        while Foundation.Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }

    static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test(.timeLimit(.minutes(2))) func aRightClickMarksTheNextBaniAndTheBarChanges() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-polybar-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/config/nitnem", withIntermediateDirectories: true)
        try fm.copyItem(
            atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path,
            toPath: root + "/group")
        // The bar runs `nitnem` from PATH, as an installed one would be.
        try fm.createSymbolicLink(atPath: root + "/bin/nitnem", withDestinationPath: NitnemBinary.path)
        let opener = root + "/bin/opener"
        try "#!/bin/sh\necho \"$@\" >> \(root)/opened\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        try "open = \(opener)\n".write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
        // The shipped module, verbatim, under a bar that lists one font without Gurmukhi.
        let module = try String(
            contentsOf: NitnemBinary.packageRoot.appendingPathComponent("contrib/polybar.ini"), encoding: .utf8)
        let bar = """
            [bar/nitnem]
            width = 100%
            height = 28
            modules-left = nitnem
            font-0 = "DejaVu Sans:size=12;3"
            background = #222222
            foreground = #eeeeee

            """
        try (bar + module).write(toFile: root + "/polybar.ini", atomically: true, encoding: .utf8)

        let base = ["PATH": "/usr/bin:/bin", "HOME": root, "XDG_RUNTIME_DIR": root]
        let displayFile = root + "/display"
        let xvfb = try Child(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x80x24"], environment: base,
            log: displayFile)
        defer { xvfb.stop() }
        // The number is the line that is only digits: warnings on stderr (the same file) may come
        // first, as when a display another server took was tried and the next one chosen.
        func displayNumber() -> Int? {
            Self.text(displayFile).split(separator: "\n").lazy.compactMap { Int($0.trimmingWhitespace()) }.first
        }
        let gotDisplay = Self.waitUntil(20) { displayNumber() != nil }
        try #require(gotDisplay, "Xvfb printed no display: \(Self.text(displayFile))")
        let display = ":\(displayNumber() ?? 0)"
        var x = base
        x["DISPLAY"] = display
        func screen() throws -> Data { try Self.run("/usr/bin/xwd", ["-root", "-silent"], environment: x) }
        let blank = try screen()

        var env = x
        env["PATH"] = root + "/bin:/usr/bin:/bin"
        env["SGGS_APP_GROUP"] = root + "/group"
        env["XDG_CONFIG_HOME"] = root + "/config"
        env["TZ"] = "Asia/Kolkata"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T13:00"
        let log = root + "/polybar.log"
        let polybar = try Child(
            "/usr/bin/polybar", ["-l", "info", "-c", root + "/polybar.ini", "nitnem"], environment: env, log: log)
        defer { polybar.stop() }

        func drawn(_ label: String) -> Bool { Self.text(log).contains("in 'ੴ \(label)'") }
        // Drawn and settled: the screen is no longer blank and the same twice in a row.
        var before = blank
        let shown = try Self.waitUntil(30) {
            guard drawn("Tav-Prasad Savaiye · 2/7") else { return false }
            let a = try screen()
            Thread.sleep(forTimeInterval: 0.3)
            before = try screen()
            return a == before && before != blank
        }
        try #require(shown, "polybar did not show the first line: \(Self.text(log))")

        // Right click on the module (the bar's left edge): `nitnem mark --next`.
        _ = try Self.run("/usr/bin/xdotool", ["mousemove", "40", "14", "click", "3"], environment: x)
        let redrawn = Self.waitUntil(30) { drawn("Benti Chaupai · 3/7") }
        #expect(redrawn, "no new text after the right click: \(Self.text(log))")
        let progress = try GroupFiles.loadProgress(AppGroup(path: root + "/group"))
        #expect(progress.banis["savaiye"]?.completedDays.contains(CivilDate("2026-11-29")!) == true)
        #expect(Self.text(log).contains("Executing shell command: nitnem mark --next"), "\(Self.text(log))")
        let status = try NitnemBinary.run(["status", "--group", root + "/group"], environment: env)
        #expect(status.stdout.contains("next: Benti Chaupai"), "\(status.stdout)")
        let changed = try Self.waitUntil(10) { try screen() != before }
        #expect(changed, "the screen did not change after the right click")

        // Left click: `nitnem open`, the shown bani (Benti Chaupai) in the reader.
        _ = try Self.run("/usr/bin/xdotool", ["mousemove", "40", "14", "click", "1"], environment: x)
        let opened = Self.waitUntil(30) { Self.text(root + "/opened").contains("\n") }
        #expect(opened, "\(Self.text(log))")
        #expect(Self.text(root + "/opened") == "https://www.sikhitothemax.org/sundar-gutka/9\n")
    }
}
