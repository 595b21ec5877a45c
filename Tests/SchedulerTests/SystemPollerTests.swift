import Foundation
import Glibc
import Testing

@testable import Scheduler

@Suite struct SystemPollerTests {
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
        let closed = try Poller.poll([reader, PollItem(fileDescriptor: ends[1])], timeoutMilliseconds: 0)
        #expect(closed[0].returnedEvents == [.readable, .hangup])
        #expect(closed[1].returnedEvents == .invalid)
        #expect(try Poller.poll([], timeoutMilliseconds: 0) == [])
    }
}
