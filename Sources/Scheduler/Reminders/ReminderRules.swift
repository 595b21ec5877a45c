// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The reminder rules, written once: for any subject (a band or a bani) on a Nitnem day, whether
/// its reminder is due, late, skipped and why, or shown again after a restart.
///
/// The agent (`ReminderMachine`) and the listings (`ReminderPlan`: `nitnem reminders list`, `clock`)
/// both ask it; neither has a rule of its own. Pure: the config, the files as read and the pause
/// are its inputs, the instant is an argument.
package struct ReminderRules: Sendable {
    /// A reminder shown more than this long after its slot is `late` (the agent was asleep or off).
    package static let lateAfter: TimeInterval = 60

    /// What the agent does at a slot (or at the end of a "Later").
    package enum Decision: Hashable, Sendable {
        /// Shows the reminder.
        case remind
        /// Records it skipped, and why.
        case skip(SkipReason)
    }

    /// What the agent does about a slot that has passed in its band, given the ledger's entry.
    enum Due: Hashable, Sendable {
        /// Nothing: it was decided already (shown, skipped, or deferred to a later instant).
        case decided
        /// It was shown and a clean stop took it off the screen: shown again (`restore`).
        case again
        /// Skipped, and why (`deferrals`: the "Later"s it had).
        case skip(SkipReason, deferrals: Int)
        /// Shown, `late` when well after its slot (`deferrals`: the "Later"s it had).
        case show(late: Bool, deferrals: Int)
    }

    /// One per-bani reminder of a Nitnem day.
    package struct BaniSlot: BoxedValue {
        /// The fields, behind one reference: a day's slots are kept, looked up and copied at each
        /// wake that asks for them, and copying the box is one retain where the bani was several.
        package private(set) var box: Boxed<Fields>

        package struct Fields: Hashable, Sendable {
            let bani: NitnemSnapshot.Bani
            let time: WallTime
            let at: Date
            var practice: PracticeReminder.Count?
        }

        package init(bani: NitnemSnapshot.Bani, time: WallTime, at: Date, practice: PracticeReminder.Count? = nil) {
            box = Boxed(Fields(bani: bani, time: time, at: at, practice: practice))
        }

        /// The bani.
        package var bani: NitnemSnapshot.Bani { box.value.bani }
        /// Its wall time.
        package var time: WallTime { box.value.time }
        /// When it falls on the day.
        package var at: Date { box.value.at }
        /// The practice it protects, when the bani has one running that day (`PracticeReminder`).
        package var practice: PracticeReminder.Count? {
            get { box.value.practice }
            // In a new box: the old one may be shared by copies that must not change.
            set { box = box.changed { $0.practice = newValue } }
        }
    }

    /// The settings (`reminders`, `remind-when-done`, the slots).
    package let config: AgentConfig
    /// The end of the pause (`nitnem reminders pause`), if any.
    package let pausedUntil: Date?
    /// The group's files as `config` sees them; nil when they could not be read (nothing is then
    /// known to be read).
    package let files: GroupFiles?

    package init(config: AgentConfig, pausedUntil: Date?, files: GroupFiles?) {
        self.config = config
        self.pausedUntil = pausedUntil
        self.files = files
    }

    /// Whether the agent reminds of anything at all (reminders on, and a bani registry, when read).
    package var reminds: Bool { config.remindersOn && files?.snapshot.banisAvailable ?? true }

    /// Whether reminders are paused at `instant`.
    package func isPaused(at instant: Date) -> Bool { Self.isPaused(at: instant, until: pausedUntil) }

    /// Whether reminders paused until `pausedUntil` are paused at `instant`.
    private static func isPaused(at instant: Date, until pausedUntil: Date?) -> Bool {
        pausedUntil.map { instant < $0 } ?? false
    }

    /// Why the reminder of `subject` on `day` is not shown at `instant`, or nil when it is, in this
    /// order: paused; for a band, its set empty, then its banis read (unless `remind-when-done =
    /// yes`); for a bani, the bani read that day. `bandComplete` is asked only when needed.
    package func skipReason(
        _ subject: ReminderSubject, on day: NitnemDay, at instant: Date, bandComplete: () -> Bool
    ) -> SkipReason? {
        guard let files else { return isPaused(at: instant) ? .paused : nil }
        return Self.skipReason(
            subject, on: day, at: instant, pausedUntil: pausedUntil, config: config, files: files,
            bandComplete: bandComplete)
    }

    /// `skipReason` with the files read: what the agent asks (`ReminderMachine.act`) without making
    /// the rules (a copy of the config and the files at each slot).
    static func skipReason(
        _ subject: ReminderSubject, on day: NitnemDay, at instant: Date, pausedUntil: Date?, config: AgentConfig,
        files: GroupFiles, bandComplete: () -> Bool
    ) -> SkipReason? {
        if isPaused(at: instant, until: pausedUntil) { return .paused }
        switch subject {
        case .band(let band):
            if files.snapshot.hasNoIDs(in: band.dailySet) { return .emptySet }
            if !config.remindWhenDone && bandComplete() { return .bandComplete }
        case .bani(let id):
            if isRead(id, on: day.key, files: files) { return .baniRead }
        }
        return nil
    }

    /// `skipReason` for `band`, with its banis' state computed from the files.
    package func decision(_ subject: ReminderSubject, on day: NitnemDay, at instant: Date) -> Decision {
        let reason = skipReason(subject, on: day, at: instant) {
            // `TodayState`'s `bandComplete`, without the rest of a state: the band's set, each read.
            guard let files, case .band(let band) = subject else { return false }
            let progress = files.progress.banis
            return TodayState.isComplete(
                files.snapshot.ids(in: band.dailySet).lazy.map { progress.isRead($0, on: day.key) })
        }
        return reason.map(Decision.skip) ?? .remind
    }

    /// What the agent does at `now` about the reminder of `subject`, whose slot at `slot` has passed
    /// within the current band: the ledger's `earlier` entry decides unless it is a "Later" that came
    /// due, or one a clean stop took off the screen (shown again when nothing is on screen,
    /// `screenFree`); else skipped (`skipReason`) or shown, late when more than `lateAfter` after the
    /// slot (never a "Later" that comes back).
    func due(
        _ subject: ReminderSubject, on day: NitnemDay, slot: Date, earlier: ReminderLedger.Entry?, now: Date,
        screenFree: Bool, bandComplete: () -> Bool
    ) -> Due {
        Self.due(slot: slot, earlier: earlier, now: now, screenFree: screenFree) {
            skipReason(subject, on: day, at: now, bandComplete: bandComplete)
        }
    }

    /// `due`, the skip reason asked of `skipReason` (the agent's, made without the rules) only when
    /// the ledger's entry does not decide.
    static func due(
        slot: Date, earlier: ReminderLedger.Entry?, now: Date, screenFree: Bool, skipReason: () -> SkipReason?
    ) -> Due {
        if let decided = decided(earlier, now: now, screenFree: screenFree) { return decided }
        let deferrals = earlier?.deferrals ?? 0
        if let reason = skipReason() { return .skip(reason, deferrals: deferrals) }
        return .show(late: earlier == nil && now.timeIntervalSince(slot) > lateAfter, deferrals: deferrals)
    }

    /// What `due` says whatever the rules, from the ledger's `earlier` entry alone: `decided` or
    /// `again`; nil when the rules decide (no entry, or a "Later" that came due). The agent asks
    /// this first at every wake, before it makes the rules.
    static func decided(_ earlier: ReminderLedger.Entry?, now: Date, screenFree: Bool) -> Due? {
        guard let earlier else { return nil }
        if case .shown(_, .withdrawn) = earlier.state { return screenFree ? .again : .decided }
        guard case .snoozed(let until, _) = earlier.state, until <= now else { return .decided }
        return nil
    }

    /// Why a reminder a clean stop took off the screen (or a killed agent left on screen) is not
    /// shown again at `now`, or nil when it is: as `skipReason`, except that an empty set counts as
    /// read (there is nothing to show).
    func notAgain(_ subject: ReminderSubject, on day: NitnemDay, now: Date, bandComplete: () -> Bool) -> SkipReason? {
        let reason = skipReason(subject, on: day, at: now, bandComplete: bandComplete)
        return reason == .emptySet ? .bandComplete : reason
    }

    /// The per-bani reminders of `day` (those of banis the snapshot knows), in time order (`practices`,
    /// when given: the day's `PracticeProgress.all` already worked out; `idsBySet`: each daily set's
    /// ids, as `PracticeReminder.time` takes them).
    package static func baniSlots(
        on day: NitnemDay, files: GroupFiles, calendar: NitnemCalendar, practices: [PracticeProgress]? = nil,
        idsBySet: [[String]]? = nil
    ) -> [BaniSlot] {
        guard let mine = files.mine, !mine.reminders.isEmpty || !files.snapshot.practices.isEmpty else { return [] }
        var slots = mine.reminders.compactMap { reminder in
            files.snapshot.bani(id: reminder.id).map {
                BaniSlot(bani: $0, time: reminder.at, at: calendar.baniReminder(on: day, at: reminder.at))
            }
        }
        // A practice reminds at the bani's own reminder when it has one, else at the practice's time.
        for (practice, count) in PracticeReminder.reminding(
            on: day.key, snapshot: files.snapshot, progress: files.progress.banis, calendar: calendar,
            practices: practices)
        {
            if let i = slots.firstIndex(where: { $0.bani.id == practice.bani }) {
                slots[i].practice = count
            } else if let bani = files.snapshot.bani(id: practice.bani) {
                let time = PracticeReminder.time(practice, snapshot: files.snapshot, idsBySet: idsBySet)
                slots.append(
                    BaniSlot(
                        bani: bani, time: time, at: calendar.baniReminder(on: day, at: time), practice: count))
            }
        }
        return slots.sorted { ($0.at, $0.bani.id) < ($1.at, $1.bani.id) }
    }

    /// Whether bani `id` was read on Nitnem day `day`.
    package static func isRead(_ id: String, on day: CivilDate, files: GroupFiles) -> Bool {
        files.progress.isRead(id, on: day)
    }
}
