// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// A button of a reminder: `read` "Read now", `listen` "Listen" (when config `listen` is set),
/// `mark` "Mark read", `later` "Later".
package enum ReminderAction: String, CaseIterable, Hashable, Sendable {
    case read, listen, mark, later

    /// The button's label in English.
    package var label: String { label(.english) }

    /// The button's label in the user's language (`localizer`).
    package func label(_ localizer: Localizer) -> String {
        switch self {
        case .read: localizer(.buttonReadNow)
        case .listen: localizer(.buttonListen)
        case .mark: localizer(.buttonMarkRead)
        case .later: localizer(.buttonLater)
        }
    }

    /// What a reminder offers with `config`, in order: Read now, Listen (only when config `listen`
    /// is set), Mark read, Later.
    package static func offered(_ config: AgentConfig) -> [ReminderAction] {
        config.listen == nil ? [.read, .mark, .later] : allCases
    }

    /// The most buttons a reminder sends: GNOME Shell draws three and drops the rest without a
    /// word (`MAX_NOTIFICATION_BUTTONS`, js/ui/messageList.js, 43 to 50).
    package static let maxButtons = 3

    /// What a click on the reminder's body does with `config` (its default action): config
    /// `click`, except `listen` while no `listen` command is set, which reads.
    package static func clicked(_ config: AgentConfig) -> ReminderAction {
        offered(config).contains(config.click) ? config.click : .read
    }

    /// The buttons a reminder sends with `config`: what it offers, in that order, at most
    /// `maxButtons`. When it offers more, the click's action is the one left off the buttons: a
    /// click on the reminder does it, so nothing offered is out of reach.
    package static func buttons(_ config: AgentConfig) -> [ReminderAction] {
        let all = offered(config)
        guard all.count > maxButtons else { return all }
        let click = clicked(config)
        return Array(all.filter { $0 != click }.prefix(maxButtons))
    }
}

/// What the core hears (`Event`), what it asks of the shell (`Action`) and its answer to one event
/// (`Step`).
extension AgentCore {
    /// What wakes the core, named by the shell. What the shell read (files, zone, config) arrives
    /// already read, as a result.
    package enum Event: Sendable {
        /// The agent starts, with the files as read.
        case start(Result<GroupFiles, GroupFileError>)
        /// A timer armed for the last `nextWake` fired.
        case timer
        /// The snapshot or progress file changed on disk (inotify); `whole` when the file is complete
        /// (renamed into place, closed after writing, deleted), not when more events may follow (a
        /// create, a move away). The core decides when to read (`Action.readFiles`).
        case filesTouched(whole: Bool)
        /// A sync engine's conflict copy came (or changed): merged only after a settle time of quiet,
        /// whatever whole-file events follow (`Gathering.copyArrived`).
        case copyArrived
        /// Events were lost (the inotify queue overflowed): the files may have changed.
        case eventsLost
        /// The group folder at `path` was removed or moved away; the shell made and watches it again.
        case groupRecreated(path: String)
        /// The widget timeline at `path` (or its folder) was removed by someone else.
        case timelineRemoved(path: String)
        /// Nothing happened for as long as the last step's `wait` asked: the folder has settled.
        case settled
        /// The snapshot or progress file was read again (after `Action.readFiles`).
        case filesRead(Result<GroupFiles, GroupFileError>)
        /// The real clock jumped (set by hand, NTP) or the machine resumed.
        case clockChanged
        /// The system time zone, read again after its link changed (it may be the same zone).
        case zoneRead(Result<NitnemCalendar, ClockError>)
        /// The config file was read (at start, on SIGHUP, or after `Action.readConfig`): its good
        /// lines apply and a bad line keeps the value in use; a file that cannot be read at all keeps
        /// the whole configuration in use.
        case configRead(Result<ConfigReading, ConfigError>)
        /// The config file changed on disk (inotify on its folder); `whole` when it was written or
        /// renamed into place, not when it was removed or moved away (an editor's save may put a new
        /// one there at once). The core decides when to read it (`Action.readConfig`).
        case configTouched(whole: Bool)
        /// The config file was read as empty (0 bytes).
        case configEmptied
        /// SIGTERM or SIGINT (the number).
        case stopSignal(Int32)
        /// An opener the shell started for `url` exited with `status` (128 + n: killed by signal n).
        case openerExited(program: String, url: String, status: Int32)
        /// Writing the timeline failed; it is written again later.
        case timelineWriteFailed(ReportedFailure)
        /// The reminder ledger was saved (after `Action.saveLedger`).
        case ledgerSaved
        /// Saving the reminder ledger failed.
        case ledgerSaveFailed(ReportedFailure)
        /// The timeline was written (after `Action.writeTimeline`).
        case timelineWritten
        /// A button of the reminder on screen was pressed, with the activation token the server gave
        /// with it (handed to the reader it starts, which then takes the focus on Wayland), if any.
        case reminderAction(ReminderAction, activationToken: String? = nil)
        /// The reminder on screen was clicked (its default action), with the server's activation
        /// token, if any: does what config `click` says (`ReminderAction.clicked(_:)`).
        case reminderClicked(activationToken: String? = nil)
        /// The reminder on screen was closed by the user or the server (not by an action).
        case reminderDismissed
        /// A bar's block was clicked with mouse button `button` (i3blocks writes clicks to
        /// `status --follow`'s stdin).
        case barClicked(button: Int)
        /// Reminders are paused until the instant (nil: not paused; a past instant is an expired
        /// pause, so not paused either), as read from the pause file.
        case pauseChanged(Date?)
        /// The pause file cannot be read or is not a pause: said once, and reminders are not paused.
        case pauseUnreadable(GroupFileError)
        /// `Action.markRead` was done (`error` nil) or failed.
        case marked(id: String, error: ReportedFailure?)
        /// The shell showed the reminder of `Action.reminder(.fire)` (`error` nil), as the server's
        /// notification `id`, or could not (no notification server).
        case reminderShown(ReminderNotice, error: ReportedFailure?, id: Int? = nil)

        /// A short name for logs and `simulate`.
        package var name: String {
            switch self {
            case .start: "start"
            case .timer: "timer"
            case .filesTouched: "filesTouched"
            case .copyArrived: "copyArrived"
            case .eventsLost: "eventsLost"
            case .groupRecreated: "groupRecreated"
            case .timelineRemoved: "timelineRemoved"
            case .settled: "settled"
            case .filesRead: "filesRead"
            case .clockChanged: "clockChanged"
            case .zoneRead: "zoneRead"
            case .configRead: "configRead"
            case .configTouched: "configTouched"
            case .configEmptied: "configEmptied"
            case .stopSignal: "stopSignal"
            case .openerExited: "openerExited"
            case .timelineWriteFailed: "timelineWriteFailed"
            case .ledgerSaved: "ledgerSaved"
            case .ledgerSaveFailed: "ledgerSaveFailed"
            case .timelineWritten: "timelineWritten"
            case .reminderAction: "reminderAction"
            case .reminderClicked: "reminderClicked"
            case .reminderDismissed: "reminderDismissed"
            case .barClicked: "barClicked"
            case .pauseChanged: "pauseChanged"
            case .pauseUnreadable: "pauseUnreadable"
            case .marked: "marked"
            case .reminderShown: "reminderShown"
            }
        }
    }

    /// How long the shell waits for more file events before it reports `.settled`.
    package enum Wait: Hashable, Sendable {
        /// Only drain what is already queued (a whole file: read as soon as the queue is empty).
        case drain
        /// Wait until nothing happened for this many milliseconds (a file may be half-written).
        case quiet(milliseconds: Int32)
    }

    /// What the shell must do.
    package enum Action: Hashable, Sendable {
        /// Write the widget timeline (its content changed).
        case writeTimeline(WidgetTimeline)
        /// Log one line: a typed event, worded by `LogEvent.sentence`.
        case log(LogEvent)
        /// Show a reminder now (then report `.reminderShown`), or record that one was skipped.
        case reminder(ReminderDecision)
        /// Persist the reminder ledger (before a reminder is shown, and after).
        case saveLedger(ReminderLedger)
        /// Read the snapshot and progress files again, then report `.filesRead`.
        case readFiles
        /// Read the config file again, then report `.configRead`.
        case readConfig
        /// Show `notice` in place of the reminder on screen (same notification, new text).
        case updateReminder(ReminderNotice)
        /// Close the reminder on screen.
        case closeReminder
        /// Close the notification with server id `id`: one an earlier agent showed and left on
        /// screen when it was killed (its buttons reach nobody).
        case closeNotification(id: Int)
        /// Record `mark` as `nitnem mark` does (`ProgressStore.record`); then report `.marked` (the
        /// agent) and `.filesRead`: the files read at once, the write's own file events taken with it.
        case markRead(Mark)
        /// Run the reader for a deep link (resolved by config `reader` / `open`), then report
        /// `.openerExited`.
        case open(ReaderLaunch)
        /// Run the player of config `listen` for a deep link (`~` expanded by the shell, which knows
        /// the home folder), then report `.openerExited`.
        case listen(ListenTemplate, DeepLink)
        /// Stop the agent.
        case stop
    }

    /// What the core decided at a reminder slot.
    package enum ReminderDecision: Hashable, Sendable {
        /// Show this reminder.
        case fire(ReminderNotice)
        /// Not shown, and why.
        case skip(dayKey: CivilDate, band: Band, reason: SkipReason)
        /// The per-bani reminder of `bani` (its slot in `band`) not shown, and why.
        case skipBani(dayKey: CivilDate, band: Band, bani: String, reason: SkipReason)
    }

    /// A reminder to show (`ReminderNotice`).
    package typealias ReminderNotice = Scheduler.ReminderNotice

    /// The core's answer to one event.
    package struct Step: Sendable {
        /// What to do, in order.
        package var actions: [Action]
        /// When to wake next, at the latest (a fixed point or a reminder slot).
        package var nextWake: Date
        /// Whether file events are being gathered, and for how long to wait for more.
        package var wait: Wait?

        package init(actions: [Action], nextWake: Date, wait: Wait? = nil) {
            self.actions = actions
            self.nextWake = nextWake
            self.wait = wait
        }
    }
}

extension [AgentCore.Action] {
    /// Appends `more`, taken whole when there is nothing yet: `+=` copied each action (large, with
    /// references) into a new buffer and let `more` go, at most full evaluations.
    mutating func add(_ more: consuming [AgentCore.Action]) {
        if isEmpty {
            self = more
        } else if !more.isEmpty {
            append(contentsOf: more)
        }
    }
}
