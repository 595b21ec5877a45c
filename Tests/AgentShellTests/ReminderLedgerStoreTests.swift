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
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/reminders.json"
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        let (ledger, problem) = ReminderLedgerStore.load(path: path)
        #expect(ledger.entries.isEmpty)
        #expect(problem?.contains("set aside as \(path).corrupt") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
    /// A ledger file as the flags-based ledger wrote it (every field and each combination it
    /// wrote: skipped with a reason, an unknown reason, a per-bani one; fired late and on screen;
    /// withdrawn after a restore; a take-over in flight; a "Later" after a restore) reads as states
    /// and is written back byte for byte.
    static let writtenBefore = #"""
        {
          "schema": 1,
          "entries": [
            {
              "dayKey": "2026-11-28",
              "band": "amritVela",
              "at": "2026-11-28T00:30:00Z",
              "outcome": "skipped",
              "bani": null,
              "late": false,
              "reason": "band-complete"
            },
            {
              "dayKey": "2026-11-28",
              "band": "morning",
              "at": "2026-11-28T04:45:00Z",
              "outcome": "skipped",
              "bani": null,
              "late": false,
              "reason": "bani-read",
              "deferrals": 1,
              "reminderOf": "sukhmani"
            },
            {
              "dayKey": "2026-11-28",
              "band": "night",
              "at": "2026-11-28T16:00:00Z",
              "outcome": "skipped",
              "bani": null,
              "late": false,
              "reason": "holiday"
            },
            {
              "dayKey": "2026-11-29",
              "band": "amritVela",
              "at": "2026-11-29T01:10:00Z",
              "outcome": "fired",
              "bani": "japji",
              "late": true,
              "reason": null,
              "notificationId": 41
            },
            {
              "dayKey": "2026-11-29",
              "band": "morning",
              "at": "2026-11-29T04:30:00Z",
              "outcome": "snoozed",
              "bani": "sukhmani",
              "late": false,
              "reason": null,
              "snoozedUntil": "2026-11-29T04:45:00Z",
              "deferrals": 2,
              "reminderOf": "sukhmani",
              "restored": true
            },
            {
              "dayKey": "2026-11-29",
              "band": "evening",
              "at": "2026-11-29T12:30:00Z",
              "outcome": "fired",
              "bani": "rehras",
              "late": false,
              "reason": null,
              "withdrawn": true,
              "restored": true
            },
            {
              "dayKey": "2026-11-29",
              "band": "evening",
              "at": "2026-11-29T12:40:00Z",
              "outcome": "pending",
              "bani": "anand",
              "late": false,
              "reason": null,
              "deferrals": 1,
              "reminderOf": "anand",
              "restored": true,
              "notificationId": 7
            },
            {
              "dayKey": "2026-11-29",
              "band": "night",
              "at": "2026-11-29T16:00:00Z",
              "outcome": "pending",
              "bani": "kirtan_sohila",
              "late": false,
              "reason": null
            },
            {
              "dayKey": "2026-11-27",
              "band": "evening",
              "at": "2026-11-27T13:00:00Z",
              "outcome": "fired",
              "bani": "rehras",
              "late": false,
              "reason": null,
              "deferrals": 3,
              "restored": true,
              "notificationId": 12
            }
          ]
        }
        """#

    @Test func aLedgerWrittenBeforeRoundTripsByteForByte() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/reminders.json"
        try (Self.writtenBefore + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let (ledger, problem) = ReminderLedgerStore.load(path: path)
        #expect(problem == nil)
        func day(_ text: String) -> CivilDate { CivilDate(text)! }
        let shown = ReminderLedger.Shown.init(bani:late:again:)
        #expect(
            ledger.entries.map(\.state) == [
                .skipped(.bandComplete), .skipped(.baniRead), .skipped(.other("holiday")),
                .shown(shown("japji", true, false), .onScreen(serverID: 41)),
                .snoozed(until: Fixture.instant("2026-11-29T04:45:00Z"), shown("sukhmani", false, true)),
                .shown(shown("rehras", false, true), .withdrawn),
                .pending(shown("anand", false, true), replacing: 7),
                .pending(shown("kirtan_sohila", false, false), replacing: nil),
                .shown(shown("rehras", false, true), .onScreen(serverID: 12)),
            ])
        #expect(ledger.entry(day("2026-11-28"), .bani("sukhmani"))?.deferrals == 1)
        #expect(ledger.entry(day("2026-11-29"), .bani("anand"))?.band == .evening)
        #expect(ledger.entry(day("2026-11-29"), .evening)?.state == .shown(shown("rehras", false, true), .withdrawn))
        let again = dir + "/again.json"
        try ReminderLedgerStore.save(ledger, to: again)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == Self.writtenBefore + "\n")
    }
}
