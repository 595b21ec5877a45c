// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

@testable import Posix

/// The one rule for a symlink where nitnem writes (`AtomicFile.Links`) and for the folders it writes
/// in (`Folder.checkTrusted`), for every kind of thing a link can point to. Another user's file and
/// folder are made with chown (uid 4321), which needs root: these tests run in the root tier.
@Suite struct LinkRuleTests {
    /// What a planted link at the written path points to.
    enum Pointed: String, CaseIterable, Sendable {
        case ownFile = "a regular file of this user's"
        case othersFile = "another user's regular file"
        case nothing = "nothing (dangling)"
        case folder = "a folder"
        case device = "a device (/dev/null)"
    }

    /// A new temp folder (the caller removes it) with a link `name` in it planted as `pointed` says.
    static func planted(_ pointed: Pointed, named name: String) throws -> (dir: String, path: String, target: String) {
        let dir = Support.tempFolder()
        let path = dir + "/" + name
        return (dir, path, try plant(pointed, at: path, in: dir))
    }

    /// Plants `path` → what `pointed` says in `dir`; returns the target path.
    static func plant(_ pointed: Pointed, at path: String, in dir: String) throws -> String {
        let target: String
        switch pointed {
        case .ownFile, .othersFile:
            target = dir + "/precious"
            try Support.write("precious\n", to: target)
            if pointed == .othersFile { #expect(chown(target, 4321, 4321) == 0) }
        case .nothing: target = dir + "/nowhere"
        case .folder:
            target = dir + "/elsewhere"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        case .device: target = "/dev/null"
        }
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return target
    }

    /// `.replace`: whatever the link pointed to, the link becomes the file and the target is untouched.
    @Test(arguments: Pointed.allCases)
    func replaceNeverFollows(_ pointed: Pointed) throws {
        let (dir, path, target) = try Self.planted(pointed, named: "NitnemNow.json")
        defer { Support.cleanup(dir) }
        let replaced = try AtomicFile.write(Array("new\n".utf8), to: path, links: .replace)
        #expect(replaced == target)
        #expect(FileStatus.lookup(path, followingLinks: false)?.kind == .regular)
        #expect(Support.bytes(path) == Array("new\n".utf8))
        if pointed == .ownFile || pointed == .othersFile { #expect(Support.bytes(target) == Array("precious\n".utf8)) }
        if pointed == .nothing { #expect(!FileManager.default.fileExists(atPath: target)) }
        #expect(try FileStatus.of(path).permissions == 0o600)
    }

    /// `.followToOwnFile`: only to a regular file of this user's; anything else refused, nothing made.
    @Test(arguments: Pointed.allCases)
    func followOnlyToOwnFile(_ pointed: Pointed) throws {
        let (dir, path, target) = try Self.planted(pointed, named: "nitnem-progress.json")
        defer { Support.cleanup(dir) }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        if pointed == .ownFile {
            try AtomicFile.write(Array("new\n".utf8), to: path, links: .followToOwnFile)
            #expect(Support.bytes(target) == Array("new\n".utf8))
            #expect(FileStatus.lookup(path, followingLinks: false)?.kind == .symlink)
            return
        }
        #expect {
            try AtomicFile.write(Array("new\n".utf8), to: path, links: .followToOwnFile)
        } throws: { error in
            (error as? FileError)?.code == .symlink
                && (error as? FileError)?.description
                    == "\(path): is a symbolic link to \(target), which is not a regular file of yours; nothing written"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == before)
        #expect(FileStatus.lookup(path, followingLinks: false)?.kind == .symlink)
        if pointed == .othersFile { #expect(Support.bytes(target) == Array("precious\n".utf8)) }
        if pointed == .nothing { #expect(!FileManager.default.fileExists(atPath: target)) }
    }

    /// `.refuse`, and a lock file: any link refused with one line naming it.
    @Test(arguments: Pointed.allCases)
    func refuseAndLocksNeverFollow(_ pointed: Pointed) throws {
        let (dir, path, target) = try Self.planted(pointed, named: ".stignore")
        defer { Support.cleanup(dir) }
        let expected = "\(path): is a symbolic link (to \(target)); nitnem does not write through it: remove it"
        #expect {
            try AtomicFile.write(Array("new\n".utf8), to: path, links: .refuse)
        } throws: { error in
            (error as? FileError)?.description == expected
        }
        let other = dir + "/lock"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        let lock = other + "/.nitnem-progress.lock"
        let lockTarget = try Self.plant(pointed, at: lock, in: other)
        var ran = false
        do {
            try AtomicFile.withLock(lock) { ran = true }
            Issue.record("a symlinked lock file was taken")
        } catch {
            guard case .lock(let problem) = error else { throw error }
            #expect(problem.code == .symlink)
        }
        #expect(!ran)
        for target in [target, lockTarget] {
            if pointed == .nothing { #expect(!FileManager.default.fileExists(atPath: target)) }
            if pointed == .ownFile { #expect(Support.bytes(target) == Array("precious\n".utf8)) }
        }
    }

    /// The folders nitnem writes in: its user's or root's, writable by no one else.
    @Test(arguments: [
        (0o700, 0, true), (0o755, 0, true), (0o777, 0, false), (0o757, 0, false), (0o1777, 0, false),
        (0o700, 4321, false), (0o775, 4321, false),
    ])
    func trustedFolders(_ mode: Int, _ owner: Int, _ trusted: Bool) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let folder = dir + "/group"
        #expect(mkdir(folder, 0o700) == 0 && chmod(folder, mode_t(mode)) == 0)
        if owner != 0 { #expect(chown(folder, uid_t(owner), gid_t(owner)) == 0) }
        if trusted {
            try Folder.checkTrusted(folder)
            try AtomicFile.write(Array("x\n".utf8), to: folder + "/file", links: .replace)
        } else {
            #expect(throws: FileError.self) { try Folder.checkTrusted(folder) }
            #expect {
                try AtomicFile.write(Array("x\n".utf8), to: folder + "/file", links: .replace)
            } throws: { error in
                (error as? FileError)?.code == .untrustedFolder
                    && (error as? FileError)?.description.hasPrefix("\(folder): ") == true
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/file"))
        }
    }
}
