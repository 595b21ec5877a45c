// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// i3blocks in `interval=persist` mode writes clicks to the block's stdin: a left click opens what is
/// shown in the reader (config `reader`, default the SikhiToTheMax page opened with `open`), a right
/// click marks it read.
@Suite struct FollowClickTests {
    /// Children of `pid` in state Z, from /proc.
    static func zombieChildren(of pid: Int32) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int32($0) != nil }.filter { entry in
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] == "Z" && Int32(fields[1]) == pid
        }.count
    }

    @Test func aLeftClickOpensTheCurrentDeepLink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-click-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Support.makeFolder(root + "/config/nitnem")
        try FileManager.default.copyItem(
            atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path,
            toPath: root + "/group")
        let opener = root + "/opener"
        try "#!/bin/sh\necho \"$@\" >> \(root)/opened\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        try "open = \(opener)\n".write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)

        let process = try NitnemProcess(
            ["status", "--follow", "--format", "i3blocks", "--group", root + "/group"],
            environment: [
                "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00", "XDG_CONFIG_HOME": root + "/config",
                "HOME": root, "PATH": "/usr/bin:/bin",
            ], stderrPath: root + "/follow.err", stdin: true)
        defer { process.send(SIGTERM) }
        // The block shows Savaiye next. A right click marks it (as `nitnem mark --next`); garbage is
        // ignored; then the block shows Chaupai, and a left click opens it in the reader.
        let first = try #require(process.readLine(timeout: 10), "no first line: \(process.stderr)")
        #expect(first.contains("Savaiye"), "\(first)")
        process.write("{\"name\":\"nitnem\",\"button\":3}\nnot json\n")
        var shown = ""
        for _ in 0..<3 {
            shown = process.readLine(timeout: 10) ?? ""
            if shown.contains("Chaupai") { break }
        }
        #expect(shown.contains("Chaupai"), "no update after the right click: \(shown) \(process.stderr)")
        let progress = try String(contentsOfFile: root + "/group/nitnem-progress.json", encoding: .utf8)
        #expect(progress.contains("2026-11-29"))
        process.write("{\"name\":\"nitnem\",\"button\":1,\"x\":10}\n")
        let opened = Support.text(onceWritten: root + "/opened", settle: 0.2)
        #expect(opened == "https://www.sikhitothemax.org/sundar-gutka/9\n", "\(process.stderr)")
        // The finished opener is reaped at once (SIGCHLD), not left a zombie until the next wake.
        let zombies = NitnemProcess.waitUntil(timeout: 5) { Self.zombieChildren(of: process.pid) == 0 }
        #expect(zombies)
        // Closing stdin stops reading clicks, not following.
        try process.closeStdin()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(process.isRunning, "\(process.stderr)")
    }
}
