// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem reminders list` says what the agent will do: a band already read is skipped (never "due
/// now"), an `off` slot is off, and "Next" is never a slot the list calls skipped.
@Suite struct RemindersListTests {
    /// A temp home (config, state) around an empty group (the embedded registry).
    final class Home {
        let root: String
        let group: String
        let environment: [String: String]
        var config: String { root + "/config/nitnem/config" }

        init() throws {
            root = Support.tempFolder()
            group = root + "/group"
            try Support.makeFolder(group)
            try Support.makeFolder(root + "/config/nitnem")
            environment = [
                "HOME": root, "TZ": "Asia/Kolkata", "XDG_STATE_HOME": root + "/state",
                "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "SGGS_APP_GROUP": group,
            ]
        }

        func run(_ arguments: [String], at now: String) throws -> NitnemBinary.Result {
            try NitnemBinary.run(arguments, environment: environment.merging(["SGGS_CLOCK_NOW": now]) { $1 })
        }

        /// `reminders list` at `now`: its stdout, after checking it succeeded quietly.
        func list(at now: String) throws -> String {
            let r = try run(["reminders", "list"], at: now)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr == "")
            return r.stdout
        }

        deinit { Support.cleanup(root) }
    }

    @Test func aBandAlreadyReadIsSkippedNeverDueNow() throws {
        let home = try Home()
        #expect(try home.run(["mark", "rehras"], at: "2026-11-29T17:30").status == 0)
        // Before the slot and after it: the Evening reminder will be skipped; Next is Night.
        #expect(
            try home.list(at: "2026-11-29T17:45") == """
                Reminders for Nitnem day 2026-11-29
                  Amrit Vela  06:00  not reminded, and the band has ended
                  Evening     18:00  will be skipped: the band's banis are read
                  Night       21:30  scheduled

                Next: Night at 21:30

                """)
        let after = try home.list(at: "2026-11-29T18:30")
        #expect(after.contains("  Evening     18:00  will be skipped: the band's banis are read\n"), "\(after)")
        #expect(!after.contains("due now"))
        #expect(after.hasSuffix("\nNext: Night at 21:30\n"))

        // remind-when-done = yes: the agent reminds anyway, and the list says so.
        try Support.write("remind-when-done = yes\n", to: home.config)
        let anyway = try home.list(at: "2026-11-29T18:30")
        #expect(anyway.contains("  Evening     18:00  due now (the agent reminds while the band lasts)\n"), "\(anyway)")
        #expect(anyway.hasSuffix("\nNext: Evening, due now\n"))
    }

    @Test func nextIsNeverASkippedSlotAcrossTheRoll() throws {
        let home = try Home()
        // Kirtan Sohila read at 22:00; at 02:30 it is still Nitnem day 2026-11-29.
        #expect(try home.run(["mark", "sohila"], at: "2026-11-29T22:00").status == 0)
        #expect(
            try home.list(at: "2026-11-30T02:30") == """
                Reminders for Nitnem day 2026-11-29
                  Amrit Vela  06:00  not reminded, and the band has ended
                  Evening     18:00  not reminded, and the band has ended
                  Night       21:30  will be skipped: the band's banis are read

                Next: Amrit Vela at 2026-11-30 06:00

                """)
        // 03:00: a new Nitnem day; yesterday's reading does not count.
        let next = try home.list(at: "2026-11-30T03:00")
        #expect(next.hasPrefix("Reminders for Nitnem day 2026-11-30\n  Amrit Vela  06:00  scheduled\n"), "\(next)")
        #expect(next.hasSuffix("\nNext: Amrit Vela at 06:00\n"))
    }

    @Test func anOffSlotIsOffAndNeverNext() throws {
        let home = try Home()
        try Support.write("reminder.evening = off\nreminder.night = 00:30\n", to: home.config)
        #expect(
            try home.list(at: "2026-11-29T17:30") == """
                Reminders for Nitnem day 2026-11-29
                  Amrit Vela  06:00  not reminded, and the band has ended
                  Evening     —      off (reminder.evening = off)
                  Night       00:30  scheduled

                Next: Night at 00:30

                """)
        // Past the night slot, before the roll: due now (the band lasts until 03:00).
        let late = try home.list(at: "2026-11-30T01:00")
        #expect(late.contains("  Night       00:30  due now (the agent reminds while the band lasts)\n"), "\(late)")
        #expect(late.hasSuffix("\nNext: Night, due now\n"))
    }

    @Test func whatTheLedgerRecordedIsShownInWallTime() throws {
        let home = try Home()
        try Support.makeFolder(home.root + "/state/nitnem")
        try Support.write(
            """
            {"schema":1,"entries":[
            {"dayKey":"2026-11-29","band":"amritVela","at":"2026-11-29T01:12:00Z","outcome":"fired","bani":"japji","late":true,"reason":null},
            {"dayKey":"2026-11-29","band":"evening","at":"2026-11-29T12:30:00Z","outcome":"snoozed","bani":"rehras","late":false,"reason":null,"snoozedUntil":"2026-11-29T12:45:00Z","deferrals":1}
            ]}
            """, to: home.root + "/state/nitnem/reminders.json")
        #expect(
            try home.list(at: "2026-11-29T18:10") == """
                Reminders for Nitnem day 2026-11-29
                  Amrit Vela  06:00  reminded Japji Sahib at 06:42 (late)
                  Evening     18:00  snoozed until 18:15 (Later ×1)
                  Night       21:30  scheduled

                Next: Evening again at 18:15 (Later)

                """)
        // Read meanwhile: when "Later" ends it is skipped, so Next is Night.
        #expect(try home.run(["mark", "rehras"], at: "2026-11-29T18:12").status == 0)
        let read = try home.list(at: "2026-11-29T18:12")
        #expect(
            read.contains(
                "  Evening     18:00  snoozed until 18:15 (Later ×1), then skipped: the band's banis are read\n"),
            "\(read)")
        #expect(read.hasSuffix("\nNext: Night at 21:30\n"))
    }

    @Test func aGroupThatCannotBeReadIsAWarning() throws {
        let home = try Home()
        try Support.write("{", to: home.group + "/nitnem-progress.json")
        let r = try home.run(["reminders", "list"], at: "2026-11-29T17:30")
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("nitnem: warning: \(home.group)/nitnem-progress.json: "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" (not known which bands are read)\n"), "\(r.stderr)")
        #expect(r.stdout.contains("  Evening     18:00  scheduled\n"))
    }
}
