import Foundation
import Testing

@testable import Posix

@Suite struct AbandonedTempFileTests {
    @Test func onlyTempFilesOfGoneWritersAreRemoved() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-tmp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
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
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        AtomicFile.removeAbandonedTempFiles(for: dir + "/NitnemNow.json")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(
            left
                == [".NitnemNow.json.tmp-\(mine)", ".other.json.tmp-\(gone.processIdentifier)", "NitnemNow.json"]
                .sorted())
    }
}
