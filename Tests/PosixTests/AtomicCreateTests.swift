// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

@testable import Posix

/// `AtomicFile.create`: a whole new file with its mode, its folder made, never over anything there.
@Suite struct AtomicCreateTests {
    @Test func createsTheFileAndItsFolderWithTheMode() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/a/b/config"
        try AtomicFile.create(Array("x = 1\n".utf8), at: path, mode: 0o644)
        #expect(Support.bytes(path) == Array("x = 1\n".utf8))
        let mode = try FileStatus.of(path).permissions
        #expect(mode == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/a/b") == ["config"])
    }

    /// A file, a folder, a symlink (dangling too): each stays as it was, and no temp file is left.
    @Test(arguments: ["file", "folder", "symlink", "dangling symlink"])
    func neverReplacesWhatIsThere(_ what: String) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/config"
        switch what {
        case "file": try Support.write("mine\n", to: path)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "symlink":
            try Support.write("mine\n", to: dir + "/target")
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir + "/target")
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir + "/nowhere")
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect {
            try AtomicFile.create(Array("new\n".utf8), at: path, mode: 0o644)
        } throws: { error in
            (error as? FileError) == FileError(.exists, path: path, problem: "already exists")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == before)
        if what == "file" || what == "symlink" { #expect(Support.bytes(path) == Array("mine\n".utf8)) }
        if what == "dangling symlink" { #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere")) }
    }
}
