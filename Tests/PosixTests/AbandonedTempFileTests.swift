// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Posix

@Suite struct AbandonedTempFileTests {
    @Test func onlyTempFilesOfGoneWritersAreRemoved() throws {
        let dir = try Support.makeFolder(
            FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-tmp-\(UUID().uuidString)").path)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A writer that is gone: a process that ran and was reaped.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let mine = getpid()
        for name in [
            ".NitnemNow.json.tmp-\(gone.processIdentifier)", ".NitnemNow.json.tmp-\(mine)",
            ".other.json.tmp-\(gone.processIdentifier)",
            "NitnemNow.json",
        ] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()))
        }
        AtomicFile.removeAbandonedTempFiles(for: dir + "/NitnemNow.json", now: nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(
            left
                == [".NitnemNow.json.tmp-\(mine)", ".other.json.tmp-\(gone.processIdentifier)", "NitnemNow.json"]
                .sorted())
    }

    /// A temp file named after a live pid that is not a writer (pid 1) is removed once it is older
    /// than 5 minutes by the real clock; a fresh one, or any without `now`, stays.
    @Test func oldTempFilesOfLivePidsAreRemoved() throws {
        let dir = try Support.makeFolder(
            FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-tmp-\(UUID().uuidString)").path)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(kill(1, 0) == 0 || errno == EPERM)  // pid 1 is alive
        let old = dir + "/.nitnem-progress.json.tmp-1"
        let fresh = dir + "/.nitnem-progress.json.tmp-\(getpid())"
        #expect(FileManager.default.createFile(atPath: old, contents: Data("{".utf8)))
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data("{".utf8)))
        let now = Date.realNow()
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-6 * 60).foundation], ofItemAtPath: old)
        AtomicFile.removeAbandonedTempFiles(for: dir + "/nitnem-progress.json", now: nil)
        #expect(FileManager.default.fileExists(atPath: old))
        AtomicFile.removeAbandonedTempFiles(for: dir + "/nitnem-progress.json", now: now)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
