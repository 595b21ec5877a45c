// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Posix
import TestSupport
import Testing

/// `AtomicFile.replace`: the new bytes swapped in (`renameat2(RENAME_EXCHANGE)`), and a version that
/// landed after the read seen in what was swapped out, never silently overwritten.
@Suite struct AtomicReplaceTests {
    func folder() -> String { Support.tempFolder() }

    @Test func theFileReadIsReplaced() throws {
        let dir = folder()
        defer { Support.cleanup(dir) }
        let path = dir + "/f.json"
        try Support.write("read", to: path)
        #expect(
            try AtomicFile.replace(Array("new".utf8), at: path, expecting: Array("read".utf8), links: .followToOwnFile)
                == .done)
        #expect(Support.bytes(path) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.json"])  // no temp file left
    }

    @Test func aVersionThatLandedIsHandedBack() throws {
        let dir = folder()
        defer { Support.cleanup(dir) }
        let path = dir + "/f.json"
        try Support.write("landed", to: path)  // renamed over ours by a sync engine after we read "read"
        let outcome = try AtomicFile.replace(
            Array("new".utf8), at: path, expecting: Array("read".utf8), links: .followToOwnFile)
        #expect(outcome == .raced(landed: Array("landed".utf8), now: Array("new".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.json"])
    }

    @Test func noFileExpectedButOneCame() throws {
        let dir = folder()
        defer { Support.cleanup(dir) }
        let path = dir + "/f.json"
        try Support.write("landed", to: path)
        let outcome = try AtomicFile.replace(Array("new".utf8), at: path, expecting: nil, links: .followToOwnFile)
        #expect(outcome == .raced(landed: Array("landed".utf8), now: Array("landed".utf8)))
        #expect(Support.bytes(path) == Array("landed".utf8))  // untouched
        // And none there: created.
        let other = dir + "/g.json"
        #expect(try AtomicFile.replace(Array("new".utf8), at: other, expecting: nil, links: .followToOwnFile) == .done)
        #expect(Support.bytes(other) == Array("new".utf8))
    }

    @Test func aFileRemovedMeanwhileIsSaid() throws {
        let dir = folder()
        defer { Support.cleanup(dir) }
        let path = dir + "/f.json"
        let outcome = try AtomicFile.replace(
            Array("new".utf8), at: path, expecting: Array("read".utf8), links: .followToOwnFile)
        #expect(outcome == .raced(landed: nil, now: Array("new".utf8)))
        #expect(Support.bytes(path) == Array("new".utf8))
    }
}
