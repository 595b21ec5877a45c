// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The decisions of `nitnem status --follow`, pure: what the files read mean (the last good state
/// kept, each problem said once by the agent's own `ProblemLog`), when the line may next change,
/// and what a click does (the same open and mark actions as the reminder's Read now and Mark read).
/// The shell (`StatusFollower`) reads, renders and performs.
package struct FollowCore: Sendable {
    /// What to show after a read.
    package struct View: Sendable {
        /// The files shown (the last good ones, as the config sees them); nil: nothing good read yet.
        package let files: GroupFiles?
        /// Today's state for them at the read's instant; nil when nothing good was read.
        package let state: TodayState?
        /// The read's problem, when the files could not be read now (shown beside the last good state).
        package let problem: String?
        /// Reminders are paused until then.
        package let pausedUntil: Date?
    }

    /// The calendar of the current zone.
    package private(set) var calendar: NitnemCalendar
    /// The reader and opener a click uses (config `reader`, `open`), and the Rehras counted.
    package let config: AgentConfig
    /// The last files read without error, as read.
    private var loaded: GroupFiles?
    /// What is shown now.
    private var shown: TodayState?
    private var pausedUntil: Date?
    private var problems = ProblemLog()

    /// A follower's core in `calendar` with `config`, nothing read yet.
    package init(calendar: NitnemCalendar, config: AgentConfig) {
        self.calendar = calendar
        self.config = config
    }

    /// The group files and the pause as read at `now`: what to show, and the lines to log (each
    /// problem once while it lasts).
    package mutating func read(
        _ result: Result<GroupFiles, GroupFileError>, pause: (until: Date?, problem: GroupFileError?)?, now: Date
    ) -> (view: View, logs: [AgentCore.Action]) {
        var logs: [AgentCore.Action] = []
        var problem: String?
        switch result {
        case .success(var files):
            // A My Nitnem file that cannot be read keeps the sets last read from it, as the agent does.
            if let good = loaded?.mine { files = files.keeping(good) }
            loaded = files
            problems.clear(.groupFiles)
        case .failure(let error):
            problem = error.description
            if problems.say(.groupFile(error), now: now) {
                logs.append(.log(.followFilesUnreadable(cause: error.description, kept: loaded != nil)))
            }
        }
        pausedUntil = pause?.until
        if let pauseProblem = pause?.problem {
            if !problems.replace(.pause, with: [.pause(pauseProblem)], now: now).isEmpty {
                logs.append(.log(.pauseUnreadable(cause: pauseProblem.description)))
            }
        } else {
            problems.clear(.pause)
        }
        let files = loaded?.configured(config)
        shown = files.map {
            TodayState(snapshot: $0.snapshot, progress: $0.progress.banis, at: now, calendar: calendar)
        }
        return (View(files: files, state: shown, problem: problem, pausedUntil: pausedUntil), logs)
    }

    /// The zone changed.
    package mutating func use(_ calendar: NitnemCalendar) { self.calendar = calendar }

    /// When the line may next change without a file event: the next fixed point, or the pause's end.
    package func nextWake(after now: Date) -> Date {
        let point = calendar.nextFixedPoints(after: now, count: 1)[0].at
        return pausedUntil.map { min(point, $0) } ?? point
    }

    /// What a click on the bar does at `now`: button 1 opens what is shown in the reader (the home
    /// when today is complete), as Read now does; button 3 marks the next bani shown read, as
    /// `nitnem mark --next` and Mark read do; any other button nothing.
    package func clicked(button: Int, now: Date) -> [AgentCore.Action] {
        switch button {
        case 1:
            return ReminderMachine.readerActions(for: shown?.url ?? "sggs://nitnem", config: config)
        case 3:
            guard let state = shown, let next = state.next else { return [] }
            return [.markRead(Mark(next.bani, day: state.dayKey, today: calendar.dayKey(at: now)))]
        default:
            return []
        }
    }
}
