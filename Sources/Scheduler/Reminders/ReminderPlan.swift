// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What becomes of each reminder slot of the Nitnem day at `now`, and which reminder is shown next:
/// what `nitnem reminders list` prints.
///
/// A slot the ledger has a decision for is that decision; any other is decided by the rules the
/// agent applies at the slot (`ReminderRules`). The plan holds what they decided, nothing more.
///
/// - Important: `next` is never a slot that will be skipped: it is the first reminder that would be
///   shown as things are now (the files, the pause and the config as given).
package struct ReminderPlan: Hashable, Sendable {
    /// The bands that can have a slot (`reminder.amritVela|evening|night`): Morning has none.
    package static let bands: [Band] = [.amritVela, .evening, .night]

    /// What the agent does at a slot (or at the end of a "Later").
    package typealias Decision = ReminderRules.Decision

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
    }

    /// The Nitnem day containing `now`.
    package let dayKey: CivilDate
    /// Its slots, one per band of `bands`, in that order.
    package let slots: [Slot]
    /// Its per-bani reminders (`nitnem sets remind`), in time order; none while reminders are off or
    /// the files could not be read.
    package let baniSlots: [BaniSlot]
    /// The next reminder to be shown (today or on a later day); nil when none would be, as things
    /// are now, within `ReminderRules.lookAhead` days.
    package let next: Next?

    /// The plan at `now`: `config` (slots, `reminders`, `remind-when-done`, `rehras`), the `ledger`,
    /// the pause (`pausedUntil`, nil when not paused) and the group's `files` as read (nil when they
    /// could not be: nothing is then known to be read, and no slot is predicted skipped for it).
    /// Every decision is `ReminderRules`'.
    package init(
        now: Date, calendar: NitnemCalendar, config: AgentConfig, ledger: ReminderLedger, pausedUntil: Date?,
        files: GroupFiles?
    ) {
        let rules = ReminderRules(
            config: config, pausedUntil: pausedUntil.flatMap { $0 > now ? $0 : nil },
            files: files?.configured(config))
        let day = calendar.nitnemDay(containing: now)
        let reminders = calendar.reminders(on: day, slots: config.slots)
        dayKey = day.key
        slots = Self.bands.map { band in
            let slot = reminders.first(where: { $0.band == band })
            return Slot(
                band: band, at: slot?.at,
                status: rules.status(
                    of: .band(band), slot: slot?.at, bandEnd: day.interval(of: band).end, in: day, now: now,
                    ledger: ledger))
        }
        baniSlots =
            rules.reminds && config.remindersOn
            ? rules.files.map { files in
                ReminderRules.baniSlots(on: day, files: files, calendar: calendar).map {
                    let band = day.band(at: $0.at)
                    return BaniSlot(
                        bani: $0.bani.id, band: band, at: $0.at,
                        status: rules.status(
                            of: .bani($0.bani.id), slot: $0.at, bandEnd: day.interval(of: band).end, in: day,
                            now: now, ledger: ledger))
                }
            } ?? [] : []
        next = rules.next(after: now, today: day, slots: slots, baniSlots: baniSlots, calendar: calendar)
    }
}
