// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Testing

/// The journal's wording: every `LogEvent` as its level and sentence, in one table (the other
/// tests assert the events).
@Suite struct LogEventTests {
    static let day = CivilDate("2026-11-29")!
    static let stamp = "2026-11-29T18:15:00+05:30"
    /// A reminder whose summary is `Evening · Rehras Sahib`.
    static let rehras = ReminderSummaryTests.notice("rehras", .evening)

    static let table: [(LogEvent, LogLevel, String)] = [
        (.groupFolderGone(path: "/g"), .warning, "/g: the group folder is gone; recreating it"),
        (.timelineRemoved(path: "/g/w.json"), .warning, "/g/w.json was removed or replaced; writing it again"),
        (.filesUnreadable(cause: "/g/p.json: cut", kept: true), .error, "/g/p.json: cut (keeping the last good state)"),
        (
            .filesUnreadable(cause: "/g/p.json: cut", kept: false), .error,
            "/g/p.json: cut (nothing to show until it is fixed)"
        ),
        (
            .followFilesUnreadable(cause: "/g/p.json: cut", kept: true), .warning,
            "/g/p.json: cut (showing the last good state)"
        ),
        (
            .followFilesUnreadable(cause: "/g/p.json: cut", kept: false), .warning,
            "/g/p.json: cut (nothing to show until it is fixed)"
        ),
        (.filesRecovered, .notice, "files read again without error; problems cleared"),
        (.fileWarning("w1"), .warning, "w1"),
        (.timelineWriteFailed(cause: "t: ENOSPC"), .error, "t: ENOSPC (writing it again later)"),
        (
            .configProblem(problem: "/c:2: bad", kept: "keeping snooze = 30m"), .error,
            "/c:2: bad (keeping snooze = 30m)"
        ),
        (.configUnreadable(cause: "/c: EACCES"), .error, "/c: EACCES (keeping the configuration in use)"),
        (.configReloaded, .notice, "configuration reloaded"),
        (.zoneChanged(from: "Asia/Kolkata", to: "UTC"), .notice, "time zone changed: Asia/Kolkata → UTC"),
        (.zoneUnreadable(cause: "TZ: bad"), .error, "TZ: bad"),
        (.clockChanged(at: stamp), .notice, "clock changed or resumed; recomputing at \(stamp)"),
        (.stopping(signal: 15), .info, "signal 15: stopping"),
        (.reminderShown(rehras, .onTime), .info, "reminder shown: Evening · Rehras Sahib"),
        (
            .reminderShown(rehras, .late), .info,
            "reminder shown: Evening · Rehras Sahib (late)"
        ),
        (
            .reminderShown(rehras, .again), .info,
            "reminder shown: Evening · Rehras Sahib (shown again after a restart)"
        ),
        (
            .reminderSkipped(.band(.night), day: day, reason: .emptySet), .info,
            "Night reminder for 2026-11-29 skipped: empty-set"
        ),
        (
            .reminderSkipped(.bani(title: "Sukhmani Sahib"), day: day, reason: .baniRead), .info,
            "Sukhmani Sahib reminder for 2026-11-29 skipped: bani-read"
        ),
        (
            .reminderNotShownAgain(.band(.evening), .read, closedLeftOver: false), .info,
            "Evening reminder not shown again: the band's banis are read"
        ),
        (
            .reminderNotShownAgain(.band(.evening), .paused, closedLeftOver: true), .info,
            "Evening reminder not shown again: paused (the one an earlier agent left on screen is closed)"
        ),
        (
            .reminderNotShownAgain(.bani("sukhmani"), .read, closedLeftOver: true), .info,
            "sukhmani reminder not shown again: the bani is read"
        ),
        (
            .reminderNotShownAgain(.bani("sukhmani"), .removed, closedLeftOver: false), .info,
            "sukhmani reminder not shown again: its reminder was removed"
        ),
        (
            .leftOnScreenClosed(.evening, day: day), .info,
            "Evening reminder of 2026-11-29 closed: an earlier agent left it on screen"
        ),
        (
            .reminderWithdrawn(.bani(title: "Sukhmani Sahib")), .info,
            "Sukhmani Sahib reminder withdrawn: the agent is stopping (a restart in the band shows it again)"
        ),
        (.reminderClosedBandOver(.band(.evening)), .info, "Evening reminder closed: the band is over"),
        (.reminderClosedBandRead(.evening), .info, "Evening reminder closed: the band's banis are read"),
        (
            .reminderClosedBaniRead(.bani(title: "Sukhmani Sahib")), .info,
            "Sukhmani Sahib reminder closed: the bani is read"
        ),
        (
            .showFailed(cause: "no server", band: .evening), .warning,
            "no server; will retry while the Evening band lasts"
        ),
        (.ledgerSaveFailed(cause: "l: EROFS"), .error, "l: EROFS"),
        (
            .ledgerSaveFailedHolding(cause: "l: EROFS", .band(.evening)), .error,
            "l: EROFS; the Evening reminder is not shown until it can be recorded (retrying while the band lasts)"
        ),
        (
            .laterPastBand(.evening, until: stamp), .info,
            "Later: the Evening band ends before \(stamp); not shown again"
        ),
        (.reminderSnoozed(.band(.evening), until: stamp), .info, "Evening reminder snoozed until \(stamp)"),
        (.marked(id: "rehras"), .info, "marked rehras read (from the reminder)"),
        (.markFailed(cause: "p: EACCES"), .error, "Mark read: p: EACCES"),
        (.opened(url: "sggs://bani/japji", program: "xdg-open"), .info, "opened sggs://bani/japji with xdg-open"),
        (
            .openerFailed(program: "xdg-open", status: 3, url: "sggs://bani/jaap"), .warning,
            "xdg-open exited 3 for sggs://bani/jaap"
        ),
        (.readerNote("no BaniDB id"), .notice, "no BaniDB id"),
        (.readNowFailed(cause: "not a link"), .error, "Read now: not a link"),
        (.listenUnset, .warning, "Listen: no listen command is set (config key `listen`)"),
        (.listenFailed(cause: "not a link"), .error, "Listen: not a link"),
        (.paused(until: stamp), .notice, "reminders paused until \(stamp)"),
        (.resumed, .notice, "reminders resumed"),
        (.pauseEnded(until: stamp), .notice, "reminders resumed: the pause until \(stamp) ended"),
        (.pauseUnreadable(cause: "/s/pause.json: bad"), .warning, "/s/pause.json: bad (reminders are not paused)"),
    ]

    @Test(arguments: 0..<table.count)
    func eachEventIsWordedOnce(_ row: Int) {
        let (event, level, sentence) = Self.table[row]
        #expect(event.level == level, "\(event)")
        #expect(event.sentence == sentence, "\(event)")
    }
}
