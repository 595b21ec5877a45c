// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What the agent reminded (or chose not to) per Nitnem day and band, and per Nitnem day and bani
/// for the per-bani reminders of `nitnem sets remind`: at most one reminder each.
///
/// - Important: An entry is recorded `pending` before the notification is shown and `fired` after,
///   and a `pending` entry counts as fired. So a reminder is shown at most once per (day, band), even
///   after a `kill -9` at any point; a crash between recording and showing loses that one reminder
///   rather than risk a second one.
package struct ReminderLedger: Hashable, Sendable {
    /// One decision.
    package struct Entry: Hashable, Sendable {
        package var dayKey: CivilDate
        package var band: Band
        package var at: Date
        package var outcome: Outcome
        /// The bani reminded about, for `fired` / `pending`.
        package var bani: String?
        /// Fired after its slot (the agent was asleep or off at the slot).
        package var late: Bool
        /// Why it was skipped.
        package var reason: SkipReason?
        /// For `snoozed`: when it is shown again ("Later").
        package var snoozedUntil: Date?
        /// How many times "Later" deferred it.
        package var deferrals: Int = 0
        /// For a per-bani reminder (`nitnem sets remind`): the bani it is for (`band` is then the band
        /// its slot falls in); nil for a band's reminder.
        package var reminderOf: String?
        /// Shown, then taken off the screen by the agent's clean stop: a restart within the band
        /// brings the same reminder back once (the same episode, not a second reminder).
        package var withdrawn = false
        /// Shown again after a restart (at most once per episode).
        package var restored = false
        /// The server id of the notification showing it while it is on screen (cleared when the
        /// agent takes it off): an agent started after a `kill -9` takes that notification over in
        /// place (`replaces_id`) or closes it, so no reminder stays on screen with dead buttons.
        package var notificationID: Int?

        package init(
            dayKey: CivilDate, band: Band, at: Date, outcome: Outcome, bani: String? = nil, late: Bool = false,
            reason: SkipReason? = nil
        ) {
            self.dayKey = dayKey
            self.band = band
            self.at = at
            self.outcome = outcome
            self.bani = bani
            self.late = late
            self.reason = reason
        }
    }

    /// What happened to a slot.
    package enum Outcome: String, Hashable, Sendable {
        /// Recorded before the show; counts as shown.
        case pending
        /// Shown.
        case fired
        /// Not shown (`reason`).
        case skipped
        /// Shown, then deferred with "Later" until `snoozedUntil`.
        case snoozed
    }

    /// The decisions, oldest first.
    package var entries: [Entry] = []

    /// How many Nitnem days are kept.
    package static let keptDays = 30

    package init(entries: [Entry] = []) { self.entries = entries }

    /// The decision for the reminder of `band` on `dayKey`, if one was made.
    package func entry(_ dayKey: CivilDate, _ band: Band) -> Entry? { entry(dayKey, .band(band)) }

    /// The decision for the reminder of `subject` on `dayKey`, if one was made.
    package func entry(_ dayKey: CivilDate, _ subject: ReminderSubject) -> Entry? {
        entries.last { $0.dayKey == dayKey && $0.subject == subject }
    }

    /// Records `entry`, replacing any for the same day and subject, and drops days older than 30.
    package mutating func record(_ entry: Entry) {
        let oldest = entry.dayKey.adding(days: -Self.keptDays)
        let subject = entry.subject
        entries.removeAll { ($0.dayKey == entry.dayKey && $0.subject == subject) || $0.dayKey < oldest }
        entries.append(entry)
    }

    /// Forgets the reminder of `band` on `dayKey` (a show that failed, to retry).
    package mutating func remove(_ dayKey: CivilDate, _ band: Band) { remove(dayKey, .band(band)) }

    /// Forgets the reminder of `subject` on `dayKey` (a show that failed, to retry).
    package mutating func remove(_ dayKey: CivilDate, _ subject: ReminderSubject) {
        entries.removeAll { $0.dayKey == dayKey && $0.subject == subject }
    }

    /// The file's JSON: `{"schema":1,"entries":[{"dayKey","band","at","outcome","bani","late","reason"}]}`.
    package var json: JSONValue {
        .object([
            ("schema", .int(1)),
            (
                "entries",
                .array(
                    entries.map { e in
                        var members: [(key: String, value: JSONValue)] = [
                            ("dayKey", .string(e.dayKey.description)), ("band", .string(e.band.rawValue)),
                            ("at", .string(RFC3339.utcTimestamp(e.at))),
                            ("outcome", .string(e.outcome.rawValue)),
                            ("bani", .optional(e.bani)), ("late", .bool(e.late)),
                            ("reason", .optional(e.reason?.rawValue)),
                        ]
                        // Written only when used, so a ledger without "Later" reads as before.
                        if let until = e.snoozedUntil {
                            members.append(("snoozedUntil", .string(RFC3339.utcTimestamp(until))))
                        }
                        if e.deferrals > 0 { members.append(("deferrals", .int(e.deferrals))) }
                        if e.withdrawn { members.append(("withdrawn", .bool(true))) }
                        if let bani = e.reminderOf { members.append(("reminderOf", .string(bani))) }
                        if e.restored { members.append(("restored", .bool(true))) }
                        if let id = e.notificationID { members.append(("notificationId", .int(id))) }
                        return .object(members)
                    })
            ),
        ])
    }

    /// Reads a ledger file's JSON.
    /// - Throws: a one-line description of what is wrong, naming the JSON path.
    package static func decode(_ value: JSONValue, path: String) throws(GroupFileError) -> ReminderLedger {
        guard case .array(let items)? = value["entries"] else {
            throw GroupFileError(path: path, jsonPath: "$.entries", problem: "expected an array")
        }
        var ledger = ReminderLedger()
        for (i, item) in items.enumerated() {
            let where_ = "$.entries[\(i)]"
            guard case .string(let d)? = item["dayKey"], let day = CivilDate(d),
                case .string(let b)? = item["band"], let band = Band(rawValue: b),
                case .string(let a)? = item["at"], let at = RFC3339.parseAbsolute(a),
                case .string(let o)? = item["outcome"], let outcome = Outcome(rawValue: o)
            else {
                throw GroupFileError(path: path, jsonPath: where_, problem: "expected dayKey, band, at and outcome")
            }
            var entry = Entry(dayKey: day, band: band, at: at, outcome: outcome)
            if case .string(let bani)? = item["bani"] { entry.bani = bani }
            if case .bool(let late)? = item["late"] { entry.late = late }
            // A reason this version does not know is kept as read (`SkipReason.other`).
            if case .string(let reason)? = item["reason"] { entry.reason = SkipReason(rawValue: reason) }
            if case .string(let until)? = item["snoozedUntil"] { entry.snoozedUntil = RFC3339.parseAbsolute(until) }
            if case .number(let text)? = item["deferrals"], let deferrals = Int(text) {
                entry.deferrals = max(deferrals, 0)
            }
            if case .bool(let withdrawn)? = item["withdrawn"] { entry.withdrawn = withdrawn }
            if case .bool(let restored)? = item["restored"] { entry.restored = restored }
            if case .string(let bani)? = item["reminderOf"] { entry.reminderOf = bani }
            if case .number(let text)? = item["notificationId"], let id = Int(text), id > 0 {
                entry.notificationID = id
            }
            if entry.outcome == .snoozed, entry.snoozedUntil == nil {
                throw GroupFileError(
                    path: path, jsonPath: where_ + ".snoozedUntil", problem: "a snoozed entry needs snoozedUntil")
            }
            ledger.entries.append(entry)
        }
        return ledger
    }
}

extension ReminderLedger.Entry {
    /// What the entry is a decision for: its band's reminder, or a bani's (`reminderOf`).
    package var subject: ReminderSubject { reminderOf.map(ReminderSubject.bani) ?? .band(band) }
}
