import AgentShell
import Foundation
import Glibc
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@Suite struct SystemJournalTests {
    @Test(
        arguments: [
            (LogLevel.error, "cannot write timeline", "<3>cannot write timeline"),
            (.warning, "progress file: not JSON", "<4>progress file: not JSON"),
            (.notice, "clock changed", "<5>clock changed"),
            (.info, "timeline written", "<6>timeline written"),
            (.debug, "two\nlines\r", "<7>two\\nlines\\r"),
            (.info, "", "<6>"),
        ] as [(LogLevel, String, String)])
    func formatPrefixesThePriority(level: LogLevel, message: String, line: String) {
        #expect(Journal.format(message, level: level) == line)
    }

    @Test func levelsOrderBySeverity() {
        #expect(LogLevel.allCases.sorted() == [.error, .warning, .notice, .info, .debug])
        #expect(LogLevel.warning.prefix == "<4>")
    }

    @Test func logWritesWholeLinesToItsDescriptor() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let journal = Journal(fileDescriptor: ends[1])
        journal.log(.warning, "snapshot: bad JSON\nat line 3")
        journal.log(.info, "ready")
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(
            String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "<4>snapshot: bad JSON\\nat line 3\n<6>ready\n"
        )
        #expect(Journal().fileDescriptor == 2)
    }
}
