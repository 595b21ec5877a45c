// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import Posix

@Suite struct SystemPollerTests {
    /// A descriptor number no test opens (a just-closed one may be reused at once by another test).
    static let neverOpen: Int32 = 999_999

    @Test func pipeReadinessHangupAndInvalidDescriptors() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let reader = PollItem(fileDescriptor: ends[0])

        let idle = try Poller.poll([reader], timeoutMilliseconds: 20)
        #expect(idle == [reader])
        #expect(!idle[0].isReady)

        let byte: [UInt8] = [7]
        #expect(byte.withUnsafeBytes { write(ends[1], $0.baseAddress, 1) } == 1)
        let writer = PollItem(fileDescriptor: ends[1], events: .writable)
        let skipped = PollItem(fileDescriptor: -1)
        let both = try Poller.poll([skipped, reader, writer], timeoutMilliseconds: 1000)
        #expect(both.map(\.returnedEvents) == [[], .readable, .writable])
        #expect(both.map(\.fileDescriptor) == [-1, ends[0], ends[1]])

        close(ends[1])
        // Another test's process spawn may hold a copy of the write end for a moment: wait (bounded)
        // for the hang-up rather than expect it at once.
        var closed = try Poller.poll([reader, PollItem(fileDescriptor: Self.neverOpen)], timeoutMilliseconds: 0)
        for _ in 0..<200 where !closed[0].returnedEvents.contains(.hangup) {
            usleep(10_000)
            closed = try Poller.poll([reader, PollItem(fileDescriptor: Self.neverOpen)], timeoutMilliseconds: 0)
        }
        #expect(closed[0].returnedEvents == [.readable, .hangup])
        #expect(closed[1].returnedEvents == .invalid)
        #expect(try Poller.poll([], timeoutMilliseconds: 0) == [])
    }
}

/// A poll set answers by source name: what was ready, never where it sat in the poll array.
@Suite struct PollSetTests {
    @Test func readyIsAnsweredBySource() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var set = PollSet()
        set.add(.signals, fileDescriptor: -1)
        set.add(.clicks, fileDescriptor: ends[0])
        // No events asked: only an error or hang-up is reported.
        set.add(.output, fileDescriptor: ends[1], events: [])
        #expect(set.count == 3)
        #expect(try set.wait(timeoutMilliseconds: 0).isEmpty, "nothing ready: timed out")

        let byte: [UInt8] = [7]
        #expect(byte.withUnsafeBytes { write(ends[1], $0.baseAddress, 1) } == 1)
        let one = try set.wait(timeoutMilliseconds: 1000)
        #expect(one[.clicks] == .readable)
        #expect(one[.output].isEmpty && one[.signals].isEmpty && one[.glib].isEmpty)
        #expect(one.descriptors(of: .clicks).map(\.fileDescriptor) == [ends[0]])

        // Two descriptors of one source: the union of what each reported.
        var two = PollSet()
        two.add(.glib, fileDescriptor: ends[0])
        two.add(.glib, fileDescriptor: ends[1], events: .writable)
        let both = try two.wait(timeoutMilliseconds: 1000)
        #expect(both[.glib] == [.readable, .writable])
        #expect(both.descriptors(of: .glib).count == 2)
        close(ends[1])
    }
}
