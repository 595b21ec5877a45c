// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// A per-bani reminder (`nitnem sets remind`) through a real desktop (private D-Bus, Xvfb, dunst):
/// set while the agent runs, shown at its time, Mark read records that bani and closes it.
@Suite(.serialized) struct BaniReminderDesktopTests {
    typealias Sandbox = ReminderDesktopTests.Sandbox

    @Test func setWhileTheAgentRunsShownAtItsTimeAndMarkReadRecordsThatBani() throws {
        // 10:00 is in the Morning band, which has no band slot: the one reminder is the bani's.
        let (session, box, agent) = try ReminderDesktopTests.startedAgent(now: "2026-11-29T09:59:57", rate: "1")
        defer { agent.terminate(); session.stop() }
        #expect(ReminderActionTests.wait { box.logText.contains("timeline") || box.logText.contains("started") })
        let set = try NitnemBinary.run(
            ["sets", "remind", "sukhmani", "10:00", "--group", box.group], environment: box.environment)
        #expect(set.status == 0, "\(set.stderr)")
        let shown = try #require(session.waitForNotification(timeout: .seconds(10)), "no reminder: \(box.logText)")
        #expect(shown.summary == "Sukhmani Sahib · 10:00", "\(box.logText)")
        #expect(shown.body?.hasPrefix("your daily reminder · ") == true)
        #expect(shown.actions.keys.sorted() == ["default", "later", "mark", "read"])
        #expect(try session.count(.displayed) == 1)
        #expect(
            ReminderActionTests.wait { box.ledger.contains(#""reminderOf": "sukhmani""#) }, "\(box.ledger)")
        _ = try session.press("mark")
        #expect(
            ReminderActionTests.waitForRead(#""sukhmani"[^}]*2026-11-29"#, in: box),
            "\(ReminderActionTests.progress(box))\n\(box.logText)")
        #expect(try ReminderActionTests.wait { try session.count(.displayed) == 0 }, "\(box.logText)")
        // dunst closes it as the button is pressed; the agent logs why once it has read the mark.
        #expect(
            ReminderActionTests.wait { box.logText.contains("Sukhmani Sahib reminder closed: the bani is read") },
            "\(box.logText)")
        // Once a day: nothing more is shown.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(session.printedNotifications().count == 1)
        // `reminders list` says what became of it.
        let list = try NitnemBinary.run(["reminders", "list", "--group", box.group], environment: box.environment)
        #expect(
            list.stdout.contains("Sukhmani Sahib (Morning)  10:00  reminded Sukhmani Sahib at 10:00"), "\(list.stdout)")
    }
}
