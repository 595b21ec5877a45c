// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// A reminder in Punjabi with the Gurmukhi title, through a real desktop (a private D-Bus, Xvfb,
/// `dunst -print`) and the real agent: the summary, body and buttons dunst shows, its context menu,
/// and a button that still works.
@Suite(.serialized) struct ReminderLanguageDesktopTests {
    @Test func aReminderInPunjabiWithTheGurmukhiTitle() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let box = try ReminderDesktopTests.Sandbox(
            session: session, now: "2026-11-29T17:59:58", rate: "1", config: "titles = gurmukhi\n")
        let locale = box.root + "/locale"
        try Support.makeFolder(locale + "/pa/LC_MESSAGES")
        let msgfmt = try Locales.run(
            "/usr/bin/msgfmt", ["--check", "-o", locale + "/pa/LC_MESSAGES/nitnem.mo", Locales.po + "/pa.po"])
        #expect(msgfmt.status == 0, "\(msgfmt.stderr)")
        #expect(Locales.generated.failures == [])
        box.environment.merge(Locales.punjabi.merging(["NITNEM_LOCALEDIR": locale]) { $1 }) { $1 }
        let agent = try box.startAgent()
        defer { agent.terminate() }
        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(record.summary == "ਸ਼ਾਮ · ਰਹਰਾਸਿ ਸਾਹਿਬ")
        #expect(record.body == "ਅੱਜ 7 ਵਿੱਚੋਂ 2")
        #expect(
            record.actions == ["default": "ਹੁਣ ਪੜ੍ਹੋ", "read": "ਹੁਣ ਪੜ੍ਹੋ", "mark": "ਪੜ੍ਹੀ ਦਰਜ ਕਰੋ", "later": "ਬਾਅਦ ਵਿੱਚ"])
        // The journal stays English (it is for whoever reads logs), with the chosen title.
        #expect(
            ReminderActionTests.wait { box.logText.contains("<6>reminder shown: Evening · ਰਹਰਾਸਿ ਸਾਹਿਬ") }, "\(box.logText)"
        )
        // dunst's own menu offers the Punjabi buttons, and Mark read still records.
        let menu = try session.press("mark")
        #expect(menu.contains { $0.hasPrefix("#ਪੜ੍ਹੀ ਦਰਜ ਕਰੋ (ਸ਼ਾਮ · ਰਹਰਾਸਿ ਸਾਹਿਬ) [") }, "\(menu)")
        #expect(menu.contains { $0.hasPrefix("#ਬਾਅਦ ਵਿੱਚ (") }, "\(menu)")
        #expect(
            ReminderActionTests.waitForRead(#""rehras[^"]*"[^}]*2026-11-29"#, in: box),
            "Mark read records: \(ReminderActionTests.progress(box))\n\(box.logText)")
        // Closed once read: dunst's history has what it showed.
        #expect(ReminderActionTests.wait { (try? session.history())?.isEmpty == false })
        let shown = try session.history().first
        #expect(shown?.summary == "ਸ਼ਾਮ · ਰਹਰਾਸਿ ਸਾਹਿਬ")
        #expect(shown?.body == "ਅੱਜ 7 ਵਿੱਚੋਂ 2")
    }
}
