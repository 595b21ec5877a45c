// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// A pause noticed by a running agent, and `reminders test` waiting for its buttons, on a real
/// desktop (a private D-Bus and dunst): part of the serialized `ReminderDesktopTests`.
extension ReminderDesktopTests {
    @Test func aSlotPassingWhilePausedIsSkippedAndNeverShownEvenAfterResume() throws {
        // 30 s before the 18:00 slot, three times faster: 10 s of real time.
        let (session, box, agent) = try Self.startedAgent(now: "2026-11-29T17:59:30", rate: "3")
        defer { agent.terminate(); session.stop() }
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { box.logText.contains("timeline written") }, "\(box.logText)")
        let pause = try NitnemBinary.run(["reminders", "pause"], environment: box.environment)
        #expect(pause.status == 0, "\(pause.stderr)")
        #expect(pause.stdout.hasPrefix("Reminders paused until 2026-11-30 03:00"))
        #expect(
            NitnemProcess.waitUntil(timeout: 5) {
                box.logText.contains("<5>reminders paused until 2026-11-30T03:00:00+05:30")
            }, "\(box.logText)")
        // The slot passes: recorded skipped (paused), nothing shown.
        #expect(
            NitnemProcess.waitUntil(timeout: 20) { box.ledger.contains("\"reason\": \"paused\"") },
            "\(box.logText)")
        #expect(box.ledger.contains("\"outcome\": \"skipped\""))
        // The ledger is saved before the line is logged: wait for the line too.
        #expect(
            NitnemProcess.waitUntil(timeout: 5) {
                box.logText.contains("<6>Evening reminder for 2026-11-29 skipped: paused")
            }, "\(box.logText)")
        #expect(session.waitForNotification(timeout: .seconds(1)) == nil)

        // Resumed while the band lasts: the slot was decided, so nothing fires late.
        let resume = try NitnemBinary.run(["reminders", "resume"], environment: box.environment)
        #expect(resume.stdout == "Reminders resumed\n")
        #expect(
            NitnemProcess.waitUntil(timeout: 5) { box.logText.contains("<5>reminders resumed") }, "\(box.logText)")
        #expect(session.waitForNotification(timeout: .seconds(2)) == nil, "\(box.logText)")
        #expect(agent.isRunning)
        let list = try NitnemBinary.run(["reminders", "list"], environment: box.environment)
        #expect(list.stdout.contains("Evening     18:00  skipped at 18:0"), "\(list.stdout)")
        #expect(list.stdout.contains(": reminders are paused\n"), "\(list.stdout)")
    }

    @Test func anAgentStartedWhilePausedSaysSo() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let box = try Sandbox(session: session, now: "2026-11-29T18:10:00", rate: "1")
        #expect(try NitnemBinary.run(["reminders", "pause"], environment: box.environment).status == 0)
        let agent = try box.startAgent()
        defer { agent.terminate() }
        // The pause is read at start: the Evening slot, passed and undecided, is skipped, not shown late.
        #expect(
            NitnemProcess.waitUntil(timeout: 10) { box.ledger.contains("\"reason\": \"paused\"") }, "\(box.logText)")
        #expect(
            ReminderActionTests.wait { box.logText.contains("<5>reminders paused until 2026-11-30T03:00:00+05:30") })
        #expect(session.waitForNotification(timeout: .seconds(1)) == nil)
    }

    /// `nitnem reminders test`, waiting for a button, on a new desktop session with a new temp
    /// folder as HOME.
    static func remindersTestOnADesktop() throws -> (session: DesktopSession, home: String, test: NitnemProcess) {
        let session = try DesktopSession()
        let home = Support.tempFolder()
        let env = session.environment.merging(["HOME": home], uniquingKeysWith: { $1 })
        do {
            return (
                session, home, try NitnemProcess(["reminders", "test"], environment: env, stderrPath: home + "/err")
            )
        } catch {
            Support.cleanup(home)
            session.stop()
            throw error
        }
    }

    @Test func remindersTestWaitsForAButtonAndSaysWhichWasPressed() throws {
        let (session, home, test) = try Self.remindersTestOnADesktop()
        defer { Support.cleanup(home); session.stop() }
        let sent = test.readLine(timeout: 10)
        #expect(sent?.hasPrefix("Sent a test notification") == true, "\(test.stderr)")
        #expect(
            test.readLine(timeout: 5)?.hasPrefix(
                "dunst shows no buttons: its context menu (dunstctl context) lists Read now · Mark read · Later; a middle click: Read now."
            ) == true)
        #expect(test.readLine(timeout: 5)?.hasPrefix("Waiting for a button or a click on it (Read now)") == true)
        let record = try #require(session.waitForNotification(timeout: .seconds(5)))
        #expect(record.summary == "Nitnem · test")
        #expect(Set(record.actions.keys).isSuperset(of: ["read", "mark", "later"]), "\(record.actions)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(test.isRunning)
        _ = try session.press("later")
        #expect(test.readLine(timeout: 10) == "Pressed: Later", "\(test.stderr)")
        #expect(test.waitForExit(timeout: 10) == 0)
    }

    @Test func remindersTestClosedWithoutAButtonSaysSo() throws {
        let (session, home, test) = try Self.remindersTestOnADesktop()
        defer { Support.cleanup(home); session.stop() }
        #expect(session.waitForNotification(timeout: .seconds(10)) != nil, "\(test.stderr)")
        Thread.sleep(forTimeInterval: 0.3)
        _ = try session.dunstctl(["close"])
        #expect(test.waitForExit(timeout: 10) == 0, "\(test.stderr)")
        var lines: [String] = []
        while let line = test.readLine(timeout: 1) { lines.append(line) }
        #expect(lines.last == "Closed without a button: dismissed", "\(lines)")
    }
}
