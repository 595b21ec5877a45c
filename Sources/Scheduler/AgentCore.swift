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
        /// SIGHUP with a configuration that could not be read: re-evaluate with the old one.
        case reload
        /// SIGHUP: the configuration was read again.
        case configChanged(AgentConfig)

        /// A short name for logs and `simulate`.
        public var name: String {
            switch self {
            case .start: "start"
            case .timer: "timer"
            case .filesChanged: "filesChanged"
            case .clockChanged: "clockChanged"
            case .zoneChanged: "zoneChanged"
            case .reload: "reload"
            case .configChanged: "configChanged"
            }
        }
    }

    /// What the shell must do.
    public enum Action: Hashable, Sendable {
        /// Write the widget timeline (its content changed).
        case writeTimeline(WidgetTimeline)
        /// Log one line.
        case log(LogLevel, String)
        /// Show a reminder now (then report with `reminderShown`), or record that one was skipped.
        case reminder(ReminderDecision)
        /// Persist the reminder ledger (before a reminder is shown, and after).
        case saveLedger(ReminderLedger)
    }

    /// What the core decided at a reminder slot.
    public enum ReminderDecision: Hashable, Sendable {
        /// Show this reminder.
        case fire(ReminderNotice)
        /// Not shown, and why.
        case skip(dayKey: CivilDate, band: Band, reason: SkipReason)
    }

    /// A reminder to show: `Evening · Rehras Sahib`, with today's progress in the body.
    public struct ReminderNotice: Hashable, Sendable {
        public let dayKey: CivilDate
        public let band: Band
        public let bani: NitnemSnapshot.Bani
        /// Shown after its slot: the agent was asleep or off at the slot.
        public let late: Bool
        /// `<Band> · <Bani title>`.
        public let summary: String
        /// `5 of 7 today`, and where to resume when there is a saved position.
        public let body: String
        /// The deep link the "Read now" action opens.
        public let url: String

        /// The slot it reminds of.
        public var slot: SlotKey { SlotKey(day: dayKey, band: band) }
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
    /// Notification-server problems already logged (apart from file problems: a good file read
    /// does not clear them).
    private var notifyReported: Set<String> = []
    /// The reminder settings.
    public private(set) var config: AgentConfig
    /// What was reminded, per Nitnem day and band.
    public private(set) var ledger: ReminderLedger
    /// After failed shows: when to try again (while the band lasts).
    public private(set) var retry: Retry = .idle
    /// The warnings of the last good read: logged when they first appear, not on every read.
    private var warned: Set<String> = []

    /// A core for `calendar`, with nothing read yet.
    public init(
        calendar: NitnemCalendar, config: AgentConfig = AgentConfig(), ledger: ReminderLedger = ReminderLedger()
    ) {
        self.calendar = calendar
        self.config = config
        self.ledger = ledger
    }

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
        case .configChanged(let newConfig):
            if newConfig != config { actions.append(.log(.notice, "configuration reloaded")) }
            config = newConfig
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
        actions += reminderActions(now: now)
        return Step(actions: actions, nextWake: nextWake(after: now))
    }

    /// When to wake next: the next fixed point, reminder slot or retry, whichever is first.
    func nextWake(after now: Date) -> Date {
        var wake = calendar.nextFixedPoints(after: now, count: 1)[0].at
        if config.remindersOn, let slot = calendar.nextReminders(after: now, slots: config.slots, count: 1).first {
            wake = min(wake, slot.at)
        }
        if let retryAt = retry.wake(after: now) { wake = min(wake, retryAt) }
        return wake
    }

    /// The reminder due now, if any: the current band's slot has passed, nothing was decided for it
    /// yet, and the band still lasts (so a long suspend gives at most one late reminder, never a burst).
    mutating func reminderActions(now: Date) -> [Action] {
        guard config.remindersOn, let files, files.snapshot.banisAvailable else { return [] }
        let day = calendar.dayKey(at: now)
        let band = calendar.band(at: now)
        // A back-off holds back only the band that failed; the next band starts afresh.
        let current = SlotKey(day: day, band: band)
        retry = retry.entering(current)
        if retry.holds(current, at: now) { return [] }
        guard let slot = calendar.reminders(on: day, slots: config.slots).first(where: { $0.band == band }),
            slot.at <= now, ledger.entry(day, band) == nil
        else { return [] }
        let state = TodayState(snapshot: files.snapshot, progress: files.progress.banis, at: now, calendar: calendar)
        let set = files.snapshot.ids(in: band.dailySet)
        if state.bandComplete && !config.remindWhenDone || set.isEmpty {
            let reason: SkipReason = set.isEmpty ? .emptySet : .bandComplete
            ledger.record(.init(dayKey: day, band: band, at: now, outcome: .skipped, reason: reason))
            return [
                .reminder(.skip(dayKey: day, band: band, reason: reason)), .saveLedger(ledger),
                .log(.info, "\(band.title) reminder for \(day) skipped: \(reason)"),
            ]
        }
        let next = state.bandComplete ? nil : state.next
        guard let bani = next?.bani ?? files.snapshot.bani(id: set[0]) else { return [] }
        var body = "\(state.done) of \(state.total) today"
        if let resume = next?.resume { body += " · resume at line \(resume.seq) of \(resume.nLines)" }
        let late = now.timeIntervalSince(slot.at) > 60
        let notice = ReminderNotice(
            dayKey: day, band: band, bani: bani, late: late, summary: "\(band.title) · \(bani.titleEn)", body: body,
            url: bani.url)
        ledger.record(.init(dayKey: day, band: band, at: now, outcome: .pending, bani: bani.id, late: late))
        return [.saveLedger(ledger), .reminder(.fire(notice))]
    }

    /// The shell showed `notice` (`error == nil`) or could not (no notification server): record it,
    /// or forget it and try again later while the band lasts.
    public mutating func reminderShown(_ notice: ReminderNotice, error: String?, now: Date) -> Step {
        var actions: [Action] = []
        if let error {
            ledger.remove(notice.dayKey, notice.band)
            // A retry timer, bounded by the band's end (`reminderActions` lets the back-off go).
            retry = retry.failed(notice.slot, at: now)
            if notifyReported.insert(error).inserted {
                actions.append(.log(.warning, "\(error); will retry while the \(notice.band.title) band lasts"))
            }
        } else {
            notifyReported.removeAll()
            retry = .idle
            ledger.record(
                .init(
                    dayKey: notice.dayKey, band: notice.band, at: now, outcome: .fired, bani: notice.bani.id,
                    late: notice.late))
            actions.append(.log(.info, "reminder shown: \(notice.summary)\(notice.late ? " (late)" : "")"))
        }
        actions.append(.saveLedger(ledger))
        return Step(actions: actions, nextWake: nextWake(after: now))
    }

    /// The written timeline is not on disk (its write failed, or it or its folder was removed):
    /// write it again at the next chance, even if nothing in it changed.
    public mutating func timelineLost() { lastTimeline = nil }
}
