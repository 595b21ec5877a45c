// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@Suite struct ReminderLedgerStoreTests {
    @Test func corruptLedgerIsSetAside() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-ledger-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/reminders.json"
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        let (ledger, problem) = ReminderLedgerStore.load(path: path)
        #expect(ledger.entries.isEmpty)
        #expect(problem?.contains("set aside as \(path).corrupt") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
