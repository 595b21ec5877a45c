// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

@testable import Posix

@Suite struct SystemInotifyTests {
    private static let folderMask: InotifyMask = [.closeWrite, .movedTo, .movedFrom, .create, .delete]

    /// Reads events until `done` says enough, or 5 s pass without any.
    private func collect(_ inotify: Inotify, until done: ([InotifyEvent]) -> Bool) throws -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        while !done(events) {
            let ready = try Poller.poll([PollItem(fileDescriptor: inotify.fileDescriptor)], timeoutMilliseconds: 5000)
            guard ready[0].isReady else { break }
            events += try inotify.readEvents()
        }
        return events
    }

    @Test func renameIntoTheFolderIsMovedToWithTheName() throws {
        let outside = try SystemTestSupport.makeFolder("inotify-src")
        let watched = try SystemTestSupport.makeFolder("inotify")
        defer {
            SystemTestSupport.removeFolder(outside)
            SystemTestSupport.removeFolder(watched)
        }
        let inotify = try Inotify()
        defer { inotify.close() }
        let watch = try inotify.addWatch(watched, mask: Self.folderMask)
        #expect(try inotify.readEvents() == [])

        try SystemTestSupport.writeFile(outside + "/staged", "{}")
        #expect(rename(outside + "/staged", watched + "/nitnem-progress.json") == 0)
        let events = try collect(inotify) { !$0.isEmpty }
        // A rename from an unwatched folder still carries a cookie; only its movedTo half is seen.
        #expect(events.count == 1)
        #expect(events.first?.watch == watch)
        #expect(events.first?.mask == .movedTo)
        #expect(events.first?.name == "nitnem-progress.json")
        #expect(events.first?.cookie != 0)
    }

    @Test func writeThenRenameWithinThenDelete() throws {
        let watched = try SystemTestSupport.makeFolder("inotify")
        defer { SystemTestSupport.removeFolder(watched) }
        let inotify = try Inotify()
        defer { inotify.close() }
        let watch = try inotify.addWatch(watched, mask: Self.folderMask)

        try SystemTestSupport.writeFile(watched + "/a.json", "1")
        let written = try collect(inotify) { $0.count >= 2 }
        #expect(
            written == [
                InotifyEvent(watch: watch, mask: .create, name: "a.json"),
                InotifyEvent(watch: watch, mask: .closeWrite, name: "a.json"),
            ])

        #expect(rename(watched + "/a.json", watched + "/b.json") == 0)
        let moved = try collect(inotify) { $0.count >= 2 }
        #expect(moved.map(\.mask) == [.movedFrom, .movedTo])
        #expect(moved.map(\.name) == ["a.json", "b.json"])
        #expect(moved[0].cookie != 0 && moved[0].cookie == moved[1].cookie)

        #expect(unlink(watched + "/b.json") == 0)
        #expect(mkdir(watched + "/sub", 0o700) == 0)
        let later = try collect(inotify) { $0.count >= 2 }
        #expect(
            later == [
                InotifyEvent(watch: watch, mask: .delete, name: "b.json"),
                InotifyEvent(watch: watch, mask: [.create, .isDir], name: "sub"),
            ])
    }

    @Test func aBurstOf100WritesParsesWithNamesIntact() throws {
        let watched = try SystemTestSupport.makeFolder("inotify")
        defer { SystemTestSupport.removeFolder(watched) }
        let inotify = try Inotify()
        defer { inotify.close() }
        let watch = try inotify.addWatch(watched, mask: .closeWrite)

        // Lengths 1…40 so the records' NUL padding lands on every alignment.
        let names = (0..<100).map { "f\($0)-" + String(repeating: "x", count: $0 % 37) }
        for name in names { try SystemTestSupport.writeFile(watched + "/" + name, name) }
        let events = try collect(inotify) { $0.count >= names.count }
        #expect(events.count == names.count)
        // Names intact (the point: variable-length records parse). Not their order: another test's
        // process spawn can hold a copy of a descriptor for a moment and delay its close event.
        #expect(events.compactMap(\.name).sorted() == names.sorted())
        #expect(events.allSatisfy { $0.watch == watch && $0.mask == .closeWrite && $0.cookie == 0 })
    }

    @Test func removedAndDeletedWatchesReportIgnored() throws {
        let parent = try SystemTestSupport.makeFolder("inotify")
        defer { SystemTestSupport.removeFolder(parent) }
        let inotify = try Inotify()
        defer { inotify.close() }
        let folder = parent + "/group"
        #expect(mkdir(folder, 0o700) == 0)
        let watch = try inotify.addWatch(folder, mask: [.deleteSelf, .moveSelf])
        #expect(rmdir(folder) == 0)
        let gone = try collect(inotify) { $0.count >= 2 }
        #expect(gone == [InotifyEvent(watch: watch, mask: .deleteSelf), InotifyEvent(watch: watch, mask: .ignored)])
        #expect(throws: SystemError(call: "inotify_rm_watch", errno: EINVAL)) { try inotify.removeWatch(watch) }

        let other = try inotify.addWatch(parent, mask: .create)
        try inotify.removeWatch(other)
        #expect(try collect(inotify) { !$0.isEmpty } == [InotifyEvent(watch: other, mask: .ignored)])
    }

    @Test func aMissingPathFailsNamingTheCallAndPath() throws {
        let inotify = try Inotify()
        defer { inotify.close() }
        let path = "/nonexistent-nitnem-\(getpid())/x"
        let error = #expect(throws: SystemError.self) { try inotify.addWatch(path, mask: .create) }
        #expect(error == SystemError(call: "inotify_add_watch", errno: ENOENT, path: path))
        #expect(error?.description == "inotify_add_watch \(path): ENOENT (No such file or directory)")
    }

    @Test func parseHandlesPaddingEmptyNamesAndATruncatedTail() {
        var bytes: [UInt8] = []
        func record(_ wd: Int32, _ mask: UInt32, _ cookie: UInt32, _ name: [UInt8]) {
            for value in [UInt32(bitPattern: wd), mask, cookie, UInt32(name.count)] {
                withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
            }
            bytes += name
        }
        record(3, InotifyMask.movedTo.rawValue, 7, Array("a.json".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        record(-1, InotifyMask.qOverflow.rawValue, 0, [])
        record(4, InotifyMask.closeWrite.rawValue, 0, Array("cut".utf8) + [0])
        bytes.removeLast(2)
        let events = bytes.withUnsafeBytes { InotifyEvent.parse($0) }
        #expect(
            events == [
                InotifyEvent(watch: WatchDescriptor(rawValue: 3), mask: .movedTo, cookie: 7, name: "a.json"),
                InotifyEvent(watch: WatchDescriptor(rawValue: -1), mask: .qOverflow),
            ])
        #expect(InotifyMask([.create, .isDir]).description == "[create, isDir]")
    }
}
