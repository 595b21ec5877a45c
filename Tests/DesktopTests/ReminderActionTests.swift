// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// The reminder's buttons through a real desktop (private D-Bus, Xvfb, dunst): each pressed in dunst,
/// its effect checked on disk and on the server.
@Suite(.serialized) struct ReminderActionTests {
    typealias Sandbox = ReminderDesktopTests.Sandbox

    /// Waits until `condition` holds (or `seconds` pass).
    static func wait(_ seconds: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Foundation.Date().addingTimeInterval(seconds)
        while Foundation.Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }

    static func progress(_ box: Sandbox) -> String {
        (try? String(contentsOfFile: box.group + "/nitnem-progress.json", encoding: .utf8)) ?? ""
    }

    /// Waits until the progress file matches `pattern` (a bani's entry with the day it was read).
    static func waitForRead(_ pattern: String, in box: Sandbox) -> Bool {
        wait { progress(box).range(of: pattern, options: .regularExpression) != nil }
    }

    @Test func markReadRecordsItAndTheNotificationTurnsIntoTheNextBani() throws {
        let (session, box, agent) = try ReminderDesktopTests.startedAgent(now: "2026-11-29T05:59:58", rate: "1")
        defer { agent.terminate(); session.stop() }
        let first = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(first.summary == "Amrit Vela · Tav-Prasad Savaiye", "\(box.logText)")
        #expect(first.actions.keys.sorted() == ["default", "later", "mark", "read"])
        _ = try session.press("mark")
        // On disk: savaiye has today's key (the Nitnem day 2026-11-29), as `nitnem mark` writes it.
        #expect(
            Self.waitForRead(#""savaiye"[^}]*2026-11-29"#, in: box), "\(Self.progress(box))\n\(box.logText)")
        // On the server: the same notification, now the band's next unread bani.
        #expect(
            Self.wait { session.printedNotifications().last?.summary == "Amrit Vela · Benti Chaupai" },
            "\(session.printedNotifications().map { $0.summary ?? "" })\n\(box.logText)")
        #expect(session.printedNotifications().last?.body == "3 of 7 today")
        #expect(session.printedNotifications().last?.id == first.id, "updated in place")
        #expect(try session.count(.displayed) == 1)
        #expect(Self.wait { box.logText.contains("marked savaiye read (from the reminder)") })
    }

    @Test func laterClosesItAndItComesBackAfterTheSnooze() throws {
        // 60× time: a one-minute snooze is a second of real time.
        let (session, box, agent) = try ReminderDesktopTests.startedAgent(
            now: "2026-11-29T17:59:58", rate: "60", config: "snooze = 1m\n")
        defer { agent.terminate(); session.stop() }
        let first = try #require(session.waitForNotification(timeout: .seconds(10)), "no reminder: \(box.logText)")
        #expect(first.summary == "Evening · Rehras Sahib")
        let shown = session.printedNotifications().count
        _ = try session.press("later")
        #expect(try Self.wait { try session.count(.displayed) == 0 }, "closed at once: \(box.logText)")
        // dunst closes it as the button is pressed; the agent records the snooze a moment later.
        #expect(
            Self.wait { box.ledger.contains("\"outcome\": \"snoozed\"") || box.logText.contains("snoozed until") },
            "\(box.logText)")
        // Back after the snooze: one more show of the same reminder (a deferral, not a new one).
        #expect(
            Self.wait(15) { session.printedNotifications().count > shown && (try? session.count(.displayed)) == 1 },
            "\(box.logText)")
        #expect(session.printedNotifications().last?.summary == "Evening · Rehras Sahib")
        #expect(Self.wait { box.ledger.contains("\"deferrals\": 1") && box.ledger.contains("\"outcome\": \"fired\"") })
    }

    @Test func markingTheBandFromAnotherProcessClosesIt() throws {
        let (session, box, agent) = try ReminderDesktopTests.startedAgent(now: "2026-11-29T17:59:58", rate: "1")
        defer { agent.terminate(); session.stop() }
        _ = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(try session.count(.displayed) == 1)
        // The evening set is Rehras (the snapshot prefers the Taksal one): another writer marks it.
        let marked = try NitnemBinary.run(
            ["mark", "rehras/taksal", "--group", box.group], environment: box.environment)
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(try Self.wait { try session.count(.displayed) == 0 }, "\(box.logText)")
        #expect(Self.wait { box.logText.contains("Evening reminder closed: the band's banis are read") })
    }
}
