// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The journal's words: each `LogEvent` as one English sentence, and its level. The one place a
/// log line is worded.
extension LogEvent {
    /// How severe the event is (its journald priority).
    package var level: LogLevel {
        switch self {
        case .filesUnreadable, .timelineWriteFailed, .configProblem, .configUnreadable, .zoneUnreadable,
            .ledgerSaveFailed, .ledgerSaveFailedHolding, .markFailed, .readNowFailed, .listenFailed:
            .error
        case .groupFolderGone, .timelineRemoved, .followFilesUnreadable, .fileWarning, .showFailed,
            .openerFailed, .listenUnset, .pauseUnreadable:
            .warning
        case .filesRecovered, .configReloaded, .zoneChanged, .clockChanged, .readerNote, .paused, .resumed,
            .pauseEnded:
            .notice
        case .stopping, .reminderShown, .reminderSkipped, .reminderNotShownAgain, .leftOnScreenClosed,
            .reminderWithdrawn, .reminderClosedBandOver, .reminderClosedBandRead, .reminderClosedBaniRead,
            .laterPastBand, .reminderSnoozed, .marked, .opened:
            .info
        }
    }

    /// The line, in English.
    package var sentence: String {
        switch self {
        case .groupFolderGone(let path): "\(path): the group folder is gone; recreating it"
        case .timelineRemoved(let path): "\(path) was removed or replaced; writing it again"
        case .filesUnreadable(let cause, let kept):
            "\(cause) (\(kept ? "keeping the last good state" : "nothing to show until it is fixed"))"
        case .followFilesUnreadable(let cause, let kept):
            "\(cause) (\(kept ? "showing the last good state" : "nothing to show until it is fixed"))"
        case .filesRecovered: "files read again without error; problems cleared"
        case .fileWarning(let detail): detail
        case .timelineWriteFailed(let cause): "\(cause) (writing it again later)"
        case .configProblem(let problem, let kept): "\(problem) (\(kept))"
        case .configUnreadable(let cause): "\(cause) (keeping the configuration in use)"
        case .configReloaded: "configuration reloaded"
        case .zoneChanged(let from, let to): "time zone changed: \(from) → \(to)"
        case .zoneUnreadable(let cause): cause
        case .clockChanged(let at): "clock changed or resumed; recomputing at \(at)"
        case .stopping(let signal): "signal \(signal): stopping"
        case .reminderShown(let notice, let how):
            "reminder shown: \(notice.summary)"
                + (how == .again ? " (shown again after a restart)" : how == .late ? " (late)" : "")
        case .reminderSkipped(let reminder, let day, let reason):
            "\(Self.name(reminder)) reminder for \(day) skipped: \(reason)"
        case .reminderNotShownAgain(.band(let band), let why, let closedLeftOver):
            "\(band.title) reminder not shown again: "
                + (why == .paused ? "paused" : "the band's banis are read")
                + (closedLeftOver ? " (the one an earlier agent left on screen is closed)" : "")
        case .reminderNotShownAgain(.bani(let id), let why, _):
            "\(id) reminder not shown again: "
                + (why == .paused ? "paused" : why == .read ? "the bani is read" : "its reminder was removed")
        case .leftOnScreenClosed(let band, let day):
            "\(band.title) reminder of \(day) closed: an earlier agent left it on screen"
        case .reminderWithdrawn(let reminder):
            "\(Self.what(reminder)) withdrawn: the agent is stopping (a restart in the band shows it again)"
        case .reminderClosedBandOver(let reminder): "\(Self.what(reminder)) closed: the band is over"
        case .reminderClosedBandRead(let band): "\(band.title) reminder closed: the band's banis are read"
        case .reminderClosedBaniRead(let reminder): "\(Self.what(reminder)) closed: the bani is read"
        case .showFailed(let cause, let band): "\(cause); will retry while the \(band.title) band lasts"
        case .ledgerSaveFailed(let cause): cause
        case .ledgerSaveFailedHolding(let cause, let reminder):
            "\(cause); the \(Self.what(reminder)) is not shown until it can be recorded "
                + "(retrying while the band lasts)"
        case .laterPastBand(let band, let until): "Later: the \(band.title) band ends before \(until); not shown again"
        case .reminderSnoozed(let reminder, let until): "\(Self.what(reminder)) snoozed until \(until)"
        case .marked(let id): "marked \(id) read (from the reminder)"
        case .markFailed(let cause): "Mark read: \(cause)"
        case .opened(let url, let program): "opened \(url) with \(program)"
        case .openerFailed(let program, let status, let url): "\(program) exited \(status) for \(url)"
        case .readerNote(let note): note
        case .readNowFailed(let cause): "Read now: \(cause)"
        case .listenUnset: "Listen: no listen command is set (config key `listen`)"
        case .listenFailed(let cause): "Listen: \(cause)"
        case .paused(let until): "reminders paused until \(until)"
        case .resumed: "reminders resumed"
        case .pauseEnded(let until): "reminders resumed: the pause until \(until) ended"
        case .pauseUnreadable(let cause): "\(cause) (reminders are not paused)"
        }
    }

    /// `Evening`, `Sukhmani Sahib`: the reminder's name in English.
    static func name(_ reminder: Reminder) -> String {
        switch reminder {
        case .band(let band): band.title
        case .bani(let title): title
        }
    }

    /// `Evening reminder`, `Sukhmani Sahib reminder`.
    static func what(_ reminder: Reminder) -> String { "\(name(reminder)) reminder" }
}
