// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What becomes of each reminder slot of the Nitnem day at `now`, and which reminder is shown next:
/// what `nitnem reminders list` prints.
///
/// A slot the ledger has a decision for is that decision; any other is decided as the agent decides
/// at the slot (`ReminderMachine.due`): skipped while paused, then when the band's set is empty,
/// then when the band's banis are read (unless `remind-when-done = yes`); else reminded.
///
/// - Important: `next` is never a slot that will be skipped: it is the first reminder that would be
///   shown as things are now (the files, the pause and the config as given).
package struct ReminderPlan: Hashable, Sendable {
    /// The bands that can have a slot (`reminder.amritVela|evening|night`): Morning has none.
    package static let bands: [Band] = [.amritVela, .evening, .night]

    /// How many Nitnem days after today (or after a pause's end) `next` looks at.
    static let lookAhead = 7

    /// What the agent does at a slot (or at the end of a "Later").
    package enum Decision: Hashable, Sendable {
        /// Shows the reminder.
        case remind
        /// Records it skipped, and why.
        case skip(SkipReason)
    }

    /// What became, or will become, of one band's slot.
    package enum Status: Hashable, Sendable {
        /// `reminder.<band> = off`: the band has no slot.
        case off
        /// `reminders = off`, and nothing was recorded for the slot.
        case remindersOff
        /// The snapshot has no bani registry: the agent reminds of nothing.
        case unavailable
        /// Shown (or being shown) at `at`, about the bani `bani` (an id); `late` when after its slot.
        case reminded(bani: String?, at: Date, late: Bool)
        /// Shown, then taken off the screen by the agent's clean stop (`at`: when it was shown); a
        /// restart within the band shows it again.
        case withdrawn(bani: String?, at: Date)
        /// Shown again after the agent restarted (at `at`): the same reminder, not a second one.
        case shownAgain(bani: String?, at: Date)
        /// Shown, then deferred with "Later" until `until` (`deferrals` times). `then` is what the agent
        /// does at `until` (or now, when that has passed); nil when it will not come back (the band
        /// ends first, or reminders are off).
        case snoozed(until: Date, deferrals: Int, then: Decision?)
        /// Recorded skipped at `at`.
        case skipped(SkipReason, at: Date)
        /// The slot is ahead: what the agent will do at it.
        case upcoming(Decision)
        /// The slot has passed, its band lasts and nothing was recorded: what the agent does as soon
        /// as it runs (a reminder then is late).
        case due(Decision)
        /// The slot passed and its band ended with nothing recorded (no agent was running): never
        /// shown late.
        case missed
    }

    /// One band's slot on the day.
    package struct Slot: Hashable, Sendable {
        /// The band.
        package let band: Band
        /// When the slot falls; nil for an `off` slot.
        package let at: Date?
        /// What became of it.
        package let status: Status
    }

    /// One per-bani reminder (`nitnem sets remind`) on the day.
    package struct BaniSlot: Hashable, Sendable {
        /// The bani's id.
        package let bani: String
        /// The band its slot falls in.
        package let band: Band
        /// When it falls.
        package let at: Date
        /// What became of it (never `off`, `remindersOff` or `unavailable`: those are the list's).
        package let status: Status
    }

    /// The next reminder to be shown.
    package struct Next: Hashable, Sendable {
        /// How it comes.
        package enum Kind: Hashable, Sendable {
            /// At its slot.
            case slot
            /// Now: its slot (or its "Later") has passed, its band lasts, nothing was decided.
            case due
            /// Again, at the end of a "Later".
            case again
        }

        /// Its band.
        package let band: Band
        /// Its Nitnem day.
        package let dayKey: CivilDate
        /// When it is shown (`now` for `.due`).
        package let at: Date
        /// How it comes.
        package let kind: Kind
        /// For a per-bani reminder: its bani's id.
        package var bani: String? = nil

        /// Whether `a` is shown before `b`: the earlier, and a band's before a bani's at the same
        /// instant (the agent decides a band's reminder first).
        static func comesFirst(_ a: Next, _ b: Next) -> Bool {
            a.at != b.at ? a.at < b.at : a.bani == nil && b.bani != nil
        }
    }

    /// The Nitnem day containing `now`.
    package let dayKey: CivilDate
    /// Its slots, one per band of `bands`, in that order.
    package let slots: [Slot]
    /// Its per-bani reminders (`nitnem sets remind`), in time order; none while reminders are off or
    /// the files could not be read.
    package let baniSlots: [BaniSlot]
    /// The next reminder to be shown (today or on a later day); nil when none would be, as things
    /// are now, within `lookAhead` days.
    package let next: Next?

    /// The plan at `now`: `config` (slots, `reminders`, `remind-when-done`, `rehras`), the `ledger`,
    /// the pause (`pausedUntil`, nil when not paused) and the group's `files` as read (nil when they
    /// could not be: nothing is then known to be read, and no slot is predicted skipped for it).
    package init(
        now: Date, calendar: NitnemCalendar, config: AgentConfig, ledger: ReminderLedger, pausedUntil: Date?,
        files: GroupFiles?
    ) {
        let rules = Rules(
            config: config, pausedUntil: pausedUntil.flatMap { $0 > now ? $0 : nil },
            files: files?.configured(config))
        let day = calendar.nitnemDay(containing: now)
        let reminders = calendar.reminders(on: day, slots: config.slots)
        dayKey = day.key
        slots = Self.bands.map { band in
            let slot = reminders.first(where: { $0.band == band })
            return Slot(
                band: band, at: slot?.at, status: rules.status(of: band, slot: slot, in: day, now: now, ledger: ledger))
        }
        baniSlots =
            rules.reminds && config.remindersOn
            ? rules.files.map { files in
                ReminderMachine.baniSlots(on: day, files: files, calendar: calendar).map {
                    BaniSlot(
                        bani: $0.bani.id, band: day.band(at: $0.at), at: $0.at,
                        status: rules.status(of: $0.bani.id, at: $0.at, in: day, now: now, ledger: ledger))
                }
            } ?? [] : []
        next = rules.next(after: now, today: day, slots: slots, baniSlots: baniSlots, calendar: calendar)
    }

    /// How the agent decides, for the inputs of one plan.
    struct Rules {
        let config: AgentConfig
        /// The end of a pause that is still on.
        let pausedUntil: Date?
        /// The files as `config` sees them.
        let files: GroupFiles?

        /// Whether the agent reminds of anything at all.
        var reminds: Bool { config.remindersOn && files?.snapshot.banisAvailable ?? true }

        /// What the agent does for `band` of `day` at `instant` (`ReminderMachine.due`'s order).
        func decision(at instant: Date, band: Band, day: NitnemDay) -> Decision {
            let paused = pausedUntil.map { instant < $0 } ?? false
            guard let files else { return paused ? .skip(.paused) : .remind }
            let reason = Self.skipReason(
                paused: paused, setIsEmpty: files.snapshot.ids(in: band.dailySet).isEmpty,
                remindWhenDone: config.remindWhenDone,
                bandComplete: TodayState(snapshot: files.snapshot, progress: files.progress.banis, day: day, band: band)
                    .bandComplete)
            return reason.map(Decision.skip) ?? .remind
        }

        /// Why a slot that came due is skipped, or nil when it is shown: the one rule the agent
        /// (`ReminderMachine.due`) and this plan both apply, in this order — paused, the band's set
        /// empty, the band's banis read (unless `remind-when-done = yes`).
        static func skipReason(
            paused: Bool, setIsEmpty: Bool, remindWhenDone: Bool, bandComplete: @autoclosure () -> Bool
        ) -> SkipReason? {
            if paused { return .paused }
            if setIsEmpty { return .emptySet }
            if !remindWhenDone && bandComplete() { return .bandComplete }
            return nil
        }

        /// What the agent does for the per-bani reminder of `bani` of `day` at `instant`
        /// (`ReminderMachine.baniDue`'s order): skipped while paused, then when the bani is read.
        func decision(at instant: Date, bani: String, day: NitnemDay) -> Decision {
            if let pausedUntil, instant < pausedUntil { return .skip(.paused) }
            if let files, ReminderMachine.isRead(bani, on: day.key, files: files) { return .skip(.baniRead) }
            return .remind
        }

        /// What became of the per-bani reminder of `bani` (its slot at `at`) on `day`: the ledger's
        /// decision when it has one, else what the agent will do.
        func status(of bani: String, at: Date, in day: NitnemDay, now: Date, ledger: ReminderLedger) -> Status {
            let bandEnd = day.interval(of: day.band(at: at)).end
            if let entry = ledger.entry(day.key, .bani(bani)) {
                return status(of: entry, now: now, bandEnd: bandEnd, slotOn: true) {
                    decision(at: $0, bani: bani, day: day)
                }
            }
            if at > now { return .upcoming(decision(at: at, bani: bani, day: day)) }
            if now < bandEnd { return .due(decision(at: now, bani: bani, day: day)) }
            return .missed
        }

        /// What a ledger entry says became of a slot whose band ends at `bandEnd`; `decide` is what
        /// the agent does at an instant (for a "Later" that comes back).
        func status(
            of entry: ReminderLedger.Entry, now: Date, bandEnd: Date, slotOn: Bool, decide: (Date) -> Decision
        ) -> Status {
            switch entry.outcome {
            case .fired where entry.withdrawn:
                return .withdrawn(bani: entry.bani, at: entry.at)
            case .fired where entry.restored, .pending where entry.restored:
                return .shownAgain(bani: entry.bani, at: entry.at)
            case .fired, .pending:
                return .reminded(bani: entry.bani, at: entry.at, late: entry.late)
            case .skipped:
                return .skipped(entry.reason ?? .other("no reason recorded"), at: entry.at)
            case .snoozed:
                // A snoozed entry always has its end (`ReminderLedger.decode`).
                let until = entry.snoozedUntil ?? entry.at
                let when = max(until, now)
                let comesBack = reminds && slotOn && when < bandEnd
                return .snoozed(until: until, deferrals: entry.deferrals, then: comesBack ? decide(when) : nil)
            }
        }

        /// What became of `band`'s slot (`slot`, nil when off) on `day`: the ledger's decision when it
        /// has one (kept when the slot was turned off since), else what the agent will do.
        func status(of band: Band, slot: Reminder?, in day: NitnemDay, now: Date, ledger: ReminderLedger) -> Status {
            let bandEnd = day.interval(of: band).end
            if let entry = ledger.entry(day.key, band) {
                return status(of: entry, now: now, bandEnd: bandEnd, slotOn: slot != nil) {
                    decision(at: $0, band: band, day: day)
                }
            }
            guard let slot else { return .off }
            if !config.remindersOn { return .remindersOff }
            if !reminds { return .unavailable }
            if slot.at > now { return .upcoming(decision(at: slot.at, band: band, day: day)) }
            if now < bandEnd { return .due(decision(at: now, band: band, day: day)) }
            return .missed
        }

        /// The first reminder that would be shown: today's from `slots`, else the first slot of a
        /// later day (from the pause's end on) that is not skipped.
        func next(after now: Date, today: NitnemDay, slots: [Slot], baniSlots: [BaniSlot], calendar: NitnemCalendar)
            -> Next?
        {
            guard reminds else { return nil }
            var found: [Next] = []
            for slot in baniSlots {
                switch slot.status {
                case .due(.remind):
                    found.append(Next(band: slot.band, dayKey: today.key, at: now, kind: .due, bani: slot.bani))
                case .snoozed(let until, _, .remind?):
                    found.append(
                        Next(
                            band: slot.band, dayKey: today.key, at: max(until, now), kind: until > now ? .again : .due,
                            bani: slot.bani))
                case .upcoming(.remind):
                    found.append(Next(band: slot.band, dayKey: today.key, at: slot.at, kind: .slot, bani: slot.bani))
                default:
                    break
                }
            }
            for slot in slots {
                switch slot.status {
                case .due(.remind):
                    found.append(Next(band: slot.band, dayKey: today.key, at: now, kind: .due))
                case .snoozed(let until, _, .remind?):
                    found.append(
                        until > now
                            ? Next(band: slot.band, dayKey: today.key, at: until, kind: .again)
                            : Next(band: slot.band, dayKey: today.key, at: now, kind: .due))
                case .upcoming(.remind):
                    if let at = slot.at { found.append(Next(band: slot.band, dayKey: today.key, at: at, kind: .slot)) }
                default:
                    break
                }
            }
            // The first; a band's before a bani's at the same instant (the agent shows it first).
            if let first = found.min(by: Next.comesFirst) { return first }
            let hasBaniReminders = files?.mine?.reminders.isEmpty == false
            guard !config.slots.enabled.isEmpty || hasBaniReminders else { return nil }
            // Later days: from the one after today, or the one the pause ends in (a pause may be long).
            var day = calendar.nitnemDay(after: today)
            if let pausedUntil, pausedUntil >= day.interval.end { day = calendar.nitnemDay(containing: pausedUntil) }
            for _ in 0..<ReminderPlan.lookAhead {
                var candidates: [Next] = []
                for slot in calendar.reminders(on: day, slots: config.slots) where slot.at > now {
                    if decision(at: slot.at, band: slot.band, day: day) == .remind {
                        candidates.append(Next(band: slot.band, dayKey: day.key, at: slot.at, kind: .slot))
                        break
                    }
                }
                if let files {
                    for slot in ReminderMachine.baniSlots(on: day, files: files, calendar: calendar)
                    where slot.at > now && decision(at: slot.at, bani: slot.bani.id, day: day) == .remind {
                        candidates.append(
                            Next(
                                band: day.band(at: slot.at), dayKey: day.key, at: slot.at, kind: .slot,
                                bani: slot.bani.id))
                        break
                    }
                }
                if let first = candidates.min(by: Next.comesFirst) {
                    return first
                }
                day = calendar.nitnemDay(after: day)
            }
            return nil
        }
    }
}
