import Foundation
import NitnemClockKit
import Snapshot

/// The agent's decisions, as a pure state machine: `(state, event, now) → (actions, next wake)`.
///
/// The shell (`Agent`) reads files, arms timers and performs the actions; `simulate` drives the same
/// core on a virtual clock. Nothing here reads a clock or touches a file.
public struct AgentCore: Sendable {
    /// What wakes the core. File contents arrive already read, as a result.
    public enum Event: Sendable {
        /// The agent starts, with the files as read.
        case start(Result<GroupFiles, SnapshotError>)
        /// A timer armed for the last `nextWake` fired.
        case timer
        /// The snapshot or progress file changed, and was read again.
        case filesChanged(Result<GroupFiles, SnapshotError>)
        /// The real clock jumped (set by hand, NTP) or the machine resumed.
        case clockChanged
        /// The system time zone changed.
        case zoneChanged(NitnemCalendar)
        /// SIGHUP: the configuration was read again.
        case reload

        /// A short name for logs and `simulate`.
        public var name: String {
            switch self {
            case .start: "start"
            case .timer: "timer"
            case .filesChanged: "filesChanged"
            case .clockChanged: "clockChanged"
            case .zoneChanged: "zoneChanged"
            case .reload: "reload"
            }
        }
    }

    /// What the shell must do.
    public enum Action: Hashable, Sendable {
        /// Write the widget timeline (its content changed).
        case writeTimeline(WidgetTimeline)
        /// Log one line.
        case log(LogLevel, String)
    }

    /// The core's answer to one event.
    public struct Step: Sendable {
        /// What to do, in order.
        public var actions: [Action]
        /// When to wake next, at the latest (a fixed point or a reminder slot).
        public var nextWake: Date
    }

    /// The calendar of the current time zone.
    public private(set) var calendar: NitnemCalendar
    /// The last files that were read without error; `nil` until then.
    public private(set) var files: GroupFiles?
    /// The timeline last handed out for writing.
    public private(set) var lastTimeline: WidgetTimeline?
    /// Read errors already logged since the last good read, so each distinct one is logged once,
    /// not on every wake.
    private var reported: Set<String> = []
    /// The warnings of the last good read: logged when they first appear, not on every read.
    private var warned: Set<String> = []

    /// A core for `calendar`, with nothing read yet.
    public init(calendar: NitnemCalendar) { self.calendar = calendar }

    /// Handles `event` at `now`.
    public mutating func handle(_ event: Event, now: Date) -> Step {
        var actions: [Action] = []
        switch event {
        case .start(let result), .filesChanged(let result):
            switch result {
            case .success(let loaded):
                if !reported.isEmpty {
                    actions.append(.log(.notice, "files read again without error; problems cleared"))
                    reported.removeAll()
                }
                // A warning that persists across reads is not news; one that went away and came back is.
                var current: Set<String> = []
                for warning in loaded.warnings where current.insert(warning).inserted && !warned.contains(warning) {
                    actions.append(.log(.warning, warning))
                }
                warned = current
                files = loaded
            case .failure(let error):
                let line = error.description
                if reported.insert(line).inserted {
                    let keeping = files == nil ? "nothing to show until it is fixed" : "keeping the last good state"
                    actions.append(.log(.error, "\(line) (\(keeping))"))
                }
            }
        case .zoneChanged(let newCalendar):
            if newCalendar.timeZone.identifier != calendar.timeZone.identifier {
                actions.append(
                    .log(
                        .notice,
                        "time zone changed: \(calendar.timeZone.identifier) → \(newCalendar.timeZone.identifier)"))
            }
            calendar = newCalendar
        case .clockChanged:
            actions.append(
                .log(.notice, "clock changed or resumed; recomputing at \(RFC3339.format(now, in: calendar))"))
        case .timer, .reload:
            break
        }
        if let files {
            let timeline = WidgetTimeline(
                snapshot: files.snapshot, progress: files.progress.banis, now: now, calendar: calendar)
            if timeline.fingerprint != lastTimeline?.fingerprint || timeline.validUntil != lastTimeline?.validUntil {
                actions.append(.writeTimeline(timeline))
                lastTimeline = timeline
            }
        }
        return Step(actions: actions, nextWake: calendar.nextFixedPoints(after: now, count: 1)[0].at)
    }

    /// The shell could not write the last timeline: write it again at the next chance.
    public mutating func timelineWriteFailed() { lastTimeline = nil }

    /// The written timeline is gone (the group folder was deleted and recreated): write it again at
    /// the next chance, even if nothing in it changed.
    public mutating func timelineLost() { lastTimeline = nil }
}
