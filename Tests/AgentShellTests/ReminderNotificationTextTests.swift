// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Posix
import Snapshot
import TestSupport
import Testing

@testable import AgentShell
@testable import Scheduler

/// A reminder whose bani's title (from the snapshot, which anyone may have edited) holds a line
/// break, ESC or a bidi control shows it folded to one line: in the notification the agent hands its
/// notifier, and in the request sent to the server (summary and body, the body markup-escaped).
@Suite struct ReminderNotificationTextTests {
    static let title = "Rehras Sahib\u{202E}7/7\u{2066}x\u{FEFF}\n<b>\r\u{1B}[2J"
    static let gurmukhi = "ਰਹਰਾਸਿ ਸਾਹਿਬ\u{200C}"
    static let bani = NitnemSnapshot.Bani(
        id: "rehras", key: "rehras", titleEn: title, titleGurmukhi: gurmukhi, source: "mixed", nLines: 441)

    /// The notification the agent shows for a reminder of `bani` (titles `form`), recorded.
    static func shown(_ form: TitleForm?, perBani: Bool) throws -> Notification {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let notifier = RecordingNotifier()
        let agent = Agent(
            options: Agent.Options(
                group: AppGroup(path: dir), environment: [:], lockPath: dir + "/agent.lock",
                paths: AgentPaths(config: dir + "/config", ledger: dir + "/reminders.json")),
            clock: .pinned(at: RFC3339.parseAbsolute("2026-11-29T18:00:00Z")!, real: { WallClock.now() }),
            calendar: NitnemCalendar(zone: .utc), config: AgentConfig(), notifier: notifier)
        let notice = ReminderNotice(
            dayKey: CivilDate("2026-11-29")!, subject: perBani ? .bani("rehras") : .band(.evening), band: .evening,
            bani: bani, late: false, done: 5, total: 7, resume: TodayState.Resume(seq: 120, nLines: 441),
            titles: form, time: perBani ? WallTime("18:00") : nil)
        #expect(agent.show(notice) == nil)
        return try #require(notifier.shown.last)
    }

    @Test(arguments: [TitleForm.english, .gurmukhi, .both])
    func theSummaryIsOneLineWithNoControl(_ form: TitleForm) throws {
        for perBani in [false, true] {
            let notification = try Self.shown(form, perBani: perBani)
            for text in [notification.summary, notification.body] {
                #expect(!text.unicodeScalars.contains(where: Printable.isControl), "\(text.debugDescription)")
            }
            let request = NotificationRequest(
                notification, capabilities: ["actions", "body", "body-markup"], desktopEntry: "nitnem")
            for text in [request.summary, request.body] {
                #expect(!text.unicodeScalars.contains(where: Printable.isControl), "\(text.debugDescription)")
            }
            // ZWNJ shapes Gurmukhi: kept.
            if form != .english { #expect(notification.summary.contains(Self.gurmukhi)) }
        }
        #expect(try Self.shown(.english, perBani: false).summary == "Evening · Rehras Sahib 7/7 x <b> [2J")
        #expect(try Self.shown(.english, perBani: true).summary == "Rehras Sahib 7/7 x <b> [2J · 18:00")
    }

    /// The last gate: whatever a caller hands the notifier, the request folds it (and escapes the
    /// body's markup for a server that reads it).
    @Test func theRequestFoldsWhatItIsGiven() {
        let notification = Notification(summary: "a\u{202E}b\nc", body: "<i>x</i>\u{2066}\u{1B}y")
        let markup = NotificationRequest(notification, capabilities: ["body-markup"], desktopEntry: "nitnem")
        #expect(markup.summary == "a b c")
        #expect(markup.body == "&lt;i&gt;x&lt;/i&gt; y")
        let plain = NotificationRequest(notification, capabilities: ["body"], desktopEntry: "nitnem")
        #expect(plain.body == "<i>x</i> y")
    }
}
