// SPDX-License-Identifier: GPL-3.0-or-later
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
    /// A message at each level, its journal line, and its line on a terminal at 18:00 in Kolkata.
    static let lines: [(LogLevel, String, String, String)] = [
        (.error, "cannot write timeline", "<3>cannot write timeline", "error cannot write timeline"),
        (.warning, "progress file: not JSON", "<4>progress file: not JSON", "warning progress file: not JSON"),
        (.notice, "clock changed", "<5>clock changed", "notice clock changed"),
        (.info, "timeline written", "<6>timeline written", "info timeline written"),
        (.debug, "two\nlines\r", "<7>two\\nlines\\r", "debug two\\nlines\\r"),
        (.info, "", "<6>", "info "),
    ]

    @Test(arguments: lines)
    func formatPrefixesThePriority(level: LogLevel, message: String, line: String, _: String) {
        #expect(Journal.format(message, level: level) == line)
    }

    @Test(arguments: lines)
    func formatForATerminalStampsTheLocalTimeAndTheLevel(level: LogLevel, message: String, _: String, line: String)
        throws
    {
        let kolkata = ZoneFiles.calendar("Asia/Kolkata")
        let at = Fixture.instant("2026-12-01T12:30:00Z")
        #expect(Journal.format(message, level: level, at: at, in: kolkata) == "2026-12-01T18:00:00+05:30 " + line)
        let utc = ZoneFiles.calendar("UTC")
        #expect(Journal.format("x", level: .info, at: at, in: utc) == "2026-12-01T12:30:00+00:00 info x")
    }

    @Test func levelWordsOfEverySyslogPriority() {
        #expect(
            (0...7).map { Journal.levelWord(priority: Int32($0)) }
                == ["emergency", "alert", "critical", "error", "warning", "notice", "info", "debug"])
    }

    @Test func journalStreamMustNameTheDescriptorsDeviceAndInode() throws {
        let ends = try TestPipe()
        defer { ends.close() }
        let status = try FileDescriptor.status(ends.write)
        #expect(status.kind == .fifo)
        let stream = "\(status.device):\(status.inode)"
        #expect(Journal.isJournalStream(stream, fileDescriptor: ends.write))
        for other in [
            nil, "", "\(status.device):\(status.inode + 1)", "\(status.device + 1):\(status.inode)",
            "\(status.device)", "\(stream):1", "x:\(status.inode)", " \(stream)",
        ] as [String?] {
            #expect(!Journal.isJournalStream(other, fileDescriptor: ends.write), "\(other ?? "nil")")
        }
        // A closed descriptor is not the journal.
        #expect(!Journal.isJournalStream(stream, fileDescriptor: 9_999))
    }

    /// The agent's journal: journald lines when `JOURNAL_STREAM` names its descriptor, else lines stamped
    /// with the clock's (virtual) now in `TZ`.
    @Test func theAgentsJournalPicksItsFormFromJournalStream() throws {
        let ends = try TestPipe()
        defer { ends.close() }
        let status = try FileDescriptor.status(ends.write)
        let start = Fixture.instant("2026-12-01T18:00:00+05:30")
        // A real clock that stands still: the stamp stays at 18:00:00.
        let real = WallClock.now()
        let clock = NitnemClock.pinned(at: start, real: { real })
        let zone = ["TZ": "Asia/Kolkata"]
        let journald = Journal(
            environment: zone.merging(["JOURNAL_STREAM": "\(status.device):\(status.inode)"]) { $1 }, clock: clock,
            fileDescriptor: ends.write)
        let elsewhere = Journal(
            environment: zone.merging(["JOURNAL_STREAM": "\(status.device):\(status.inode + 1)"]) { $1 },
            clock: clock, fileDescriptor: ends.write)
        let unset = Journal(environment: ["TZ": "Europe/Helsinki"], clock: clock, fileDescriptor: ends.write)
        #expect(journald.isJournald)
        #expect(!elsewhere.isJournald)
        journald.log(.notice, "one")
        elsewhere.log(.warning, "two\u{1B}[2J")
        unset.log(.info, "three")
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(ends.read, $0.baseAddress, $0.count) }
        #expect(
            String(decoding: buffer[..<max(count, 0)], as: UTF8.self)
                == "<5>one\n2026-12-01T18:00:00+05:30 warning two\\u{1B}[2J\n2026-12-01T14:30:00+02:00 info three\n")
    }

    @Test func levelsOrderBySeverity() {
        #expect(LogLevel.allCases.sorted() == [.error, .warning, .notice, .info, .debug])
        #expect(LogLevel.warning.prefix == "<4>")
    }

    @Test func logWritesWholeLinesToItsDescriptor() throws {
        let ends = try TestPipe()
        defer { ends.close() }
        let journal = Journal(fileDescriptor: ends.write)
        journal.log(.warning, "snapshot: bad JSON\nat line 3")
        journal.log(.info, "ready")
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(ends.read, $0.baseAddress, $0.count) }
        #expect(
            String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "<4>snapshot: bad JSON\\nat line 3\n<6>ready\n"
        )
        #expect(Journal().fileDescriptor == 2)
    }
}
