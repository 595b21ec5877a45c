// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// One line of the agent's journal, as a typed event: a code and its fields. What the core (and
/// `status --follow`) decides to say; `LogEvent+Wording.swift` words each in one place (the
/// journal's English), and gives its level.
///
/// - Important: Tests assert the event; only the wording table test asserts sentences.
package enum LogEvent: Hashable, Sendable {
    /// Which reminder a line is about: a band's (`Evening reminder`) or a bani's, by its English
    /// title (`Sukhmani Sahib reminder`).
    package enum Reminder: Hashable, Sendable {
        case band(Band)
        case bani(title: String)
    }

    /// Why a reminder a clean stop (or a killed agent) took off the screen is not shown again.
    package enum NotAgain: Hashable, Sendable {
        /// Reminders are paused.
        case paused
        /// Its banis (a band's set, or the one bani) have been read since.
        case read
        /// Its per-bani reminder was removed (`nitnem sets remind … off`).
        case removed
    }

    /// How a reminder came to be shown.
    package enum Shown: Hashable, Sendable {
        /// At its slot (or at the end of a "Later").
        case onTime
        /// After its slot: the agent was asleep or off.
        case late
        /// Again after the agent restarted (the same episode).
        case again
    }

    // MARK: The group's files and folder

    /// The group folder at `path` was removed or moved away; it is made again.
    case groupFolderGone(path: String)
    /// The widget timeline at `path` was removed by someone else; it is written again.
    case timelineRemoved(path: String)
    /// A group file cannot be read (`cause`); the last good state is kept when there is one (`kept`).
    case filesUnreadable(cause: String, kept: Bool)
    /// `status --follow`: a group file cannot be read (`cause`); the last good state is shown when
    /// there is one (`kept`).
    case followFilesUnreadable(cause: String, kept: Bool)
    /// The files were read again without error after a problem.
    case filesRecovered
    /// A warning about a file that was read (an unknown id, a read-only schema).
    case fileWarning(String)
    /// Writing the widget timeline failed (`cause`); it is written again later.
    case timelineWriteFailed(cause: String)

    // MARK: Config, clock and zone

    /// A line of the config file is bad (`problem`); `kept` says what stays in use.
    case configProblem(problem: String, kept: String)
    /// The config file cannot be read (`cause`); the configuration in use is kept.
    case configUnreadable(cause: String)
    /// The configuration changed.
    case configReloaded
    /// The time zone changed from `from` to `to` (zone identifiers).
    case zoneChanged(from: String, to: String)
    /// The system time zone cannot be read (`cause`).
    case zoneUnreadable(cause: String)
    /// The clock jumped or the machine resumed; everything is recomputed at `at` (RFC 3339).
    case clockChanged(at: String)
    /// A stop signal (its number) arrived; the agent stops.
    case stopping(signal: Int32)

    // MARK: Reminders

    /// A reminder was shown, on time, late or again: the line says its `summary` (in English),
    /// worded only when the line is (`simulate` drops it).
    case reminderShown(ReminderNotice, Shown)
    /// A reminder's slot on `day` was recorded skipped, and why.
    case reminderSkipped(Reminder, day: CivilDate, reason: SkipReason)
    /// A reminder taken off the screen before is not shown again, and why; `closedLeftOver` when
    /// the one an earlier agent left on screen is closed with it.
    case reminderNotShownAgain(ReminderSubject, NotAgain, closedLeftOver: Bool)
    /// The reminder of `band` on `day` that an earlier agent left on screen was closed.
    case leftOnScreenClosed(Band, day: CivilDate)
    /// The reminder on screen was taken off because the agent stops; a restart in its band shows it
    /// again.
    case reminderWithdrawn(Reminder)
    /// The reminder on screen was closed: its band is over.
    case reminderClosedBandOver(Reminder)
    /// The band's reminder on screen was closed: the band's banis are read.
    case reminderClosedBandRead(Band)
    /// A per-bani reminder on screen was closed: its bani is read.
    case reminderClosedBaniRead(Reminder)
    /// The notification server failed (`cause`); showing is retried while `band` lasts.
    case showFailed(cause: String, band: Band)
    /// The ledger could not be saved (`cause`).
    case ledgerSaveFailed(cause: String)
    /// The ledger could not be saved (`cause`), so `reminder` is not shown until it can be.
    case ledgerSaveFailedHolding(cause: String, Reminder)
    /// "Later" on a reminder whose band ends before `until` (RFC 3339): it is not shown again.
    case laterPastBand(Band, until: String)
    /// "Later": the reminder comes back at `until` (RFC 3339).
    case reminderSnoozed(Reminder, until: String)

    // MARK: Buttons and what they started

    /// Mark read from the reminder recorded bani `id` read.
    case marked(id: String)
    /// Mark read from the reminder failed (`cause`).
    case markFailed(cause: String)
    /// The reader (or player) `program` opened `url`.
    case opened(url: String, program: String)
    /// The reader (or player) `program` exited with `status` for `url`.
    case openerFailed(program: String, status: Int32, url: String)
    /// What the reader's resolver noted about a launch.
    case readerNote(String)
    /// Read now failed: the link cannot be opened (`cause`).
    case readNowFailed(cause: String)
    /// Listen: no `listen` command is set.
    case listenUnset
    /// Listen failed: the link cannot be played (`cause`).
    case listenFailed(cause: String)

    // MARK: The pause

    /// Reminders are paused until `until` (RFC 3339).
    case paused(until: String)
    /// Reminders are no longer paused (the pause file was removed or cannot be read).
    case resumed
    /// The pause until `until` (RFC 3339) ended.
    case pauseEnded(until: String)
    /// The pause file cannot be read (`cause`): reminders are not paused.
    case pauseUnreadable(cause: String)
}
