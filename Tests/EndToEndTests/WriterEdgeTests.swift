// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import NitnemClockKit
import TestSupport
import Testing

/// `nitnem mark` at the edges of writing: a temp file left by a writer whose pid lives on, and a
/// group folder that cannot be written.
@Suite struct WriterEdgeTests {
    static let env = ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"]

    @Test func markRemovesAnOldTempFileOfALivePid() throws {
        let group = try TempGroup(copying: StatusCommandTests.demo)
        defer { group.remove() }
        // pid 1 lives (init) but is no nitnem writer: by pid alone, the file would stay forever.
        let old = group.path + "/.nitnem-progress.json.tmp-1"
        try Support.write("{\"schema\":1,", to: old)
        try FileManager.default.setAttributes(
            [.modificationDate: Foundation.Date().addingTimeInterval(-600)], ofItemAtPath: old)
        let r = try NitnemBinary.run(["mark", "japji", "--group", group.path], environment: Self.env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: old))
    }

    /// A read-only group: as root (whom modes do not stop) a read-only tmpfs; otherwise mode 0555.
    @Test func markInAReadOnlyGroupSaysTheFolderIsNotWritable() throws {
        let group = try TempGroup(copying: nil)
        defer { group.remove() }
        let root = getuid() == 0
        if root {
            try #require(Self.sh("mount -t tmpfs -o mode=0700 nitnem-ro '\(group.path)'"))
        }
        defer { if root { _ = Self.sh("umount '\(group.path)'") } }
        for name in ["nitnem-snapshot.json", "nitnem-progress.json"] {
            try Support.copy(StatusCommandTests.demo + "/" + name, to: group.path + "/" + name)
        }
        if root {
            try #require(Self.sh("mount -o remount,ro '\(group.path)'"))
        } else {
            chmod(group.path, 0o555)
        }
        defer { chmod(group.path, 0o700) }
        let before = Support.bytes(group.path + "/nitnem-progress.json")
        let r = try NitnemBinary.run(["mark", "japji", "--group", group.path], environment: Self.env)
        #expect(r.status == 1)
        let why = root ? "read-only file system" : "permission denied"
        #expect(r.stderr == "nitnem: \(group.path): the folder is not writable (\(why))\n")
        #expect(Support.bytes(group.path + "/nitnem-progress.json") == before)
    }

    static func sh(_ command: String) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}
