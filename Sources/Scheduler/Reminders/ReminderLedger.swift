// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What the agent reminded (or chose not to) per Nitnem day and band, and per Nitnem day and bani
/// for the per-bani reminders of `nitnem sets remind`: at most one reminder each.
///
/// - Important: An entry is recorded `pending` before the notification is shown and `shown` after,
///   and a `pending` entry counts as shown. So a reminder is shown at most once per (day, band), even
///   after a `kill -9` at any point; a crash between recording and showing loses that one reminder
///   rather than risk a second one.
package struct ReminderLedger: Hashable, Sendable {
    /// One decision.
    package struct Entry: BoxedValue {
        /// The fields, behind one reference: the ledger moves all its entries when a day's first
        /// record drops the oldest day, and an entry is copied at each look-up; the box is one word
        /// to move and one retain to copy.
        package private(set) var box: Boxed<Fields>

        package struct Fields: Hashable, Sendable {
            var dayKey: CivilDate
            var band: Band
            var subject: ReminderSubject
            var at: Date
            var state: State
            var deferrals: Int
        }

        package init(
            dayKey: CivilDate, band: Band, subject: ReminderSubject? = nil, at: Date, state: State,
            deferrals: Int = 0
        ) {
            box = Boxed(
                Fields(
                    dayKey: dayKey, band: band, subject: subject ?? .band(band), at: at, state: state,
                    deferrals: deferrals))
        }

        /// The Nitnem day.
        package var dayKey: CivilDate { box.value.dayKey }
        /// The band (for a per-bani reminder: the band its slot falls in).
        package var band: Band { box.value.band }
        /// What it is a decision for.
        package var subject: ReminderSubject { box.value.subject }
        /// When it was decided.
        package var at: Date { box.value.at }
        /// How many times "Later" deferred it.
        package var deferrals: Int { box.value.deferrals }
        /// What became of it: the one field that changes, in a new box (the old one may be shared by
        /// copies that must not change).
        package var state: State {
            get { box.value.state }
            set { change { $0.state = newValue } }
        }

        /// "Later" pressed: `snoozed` its state, one deferral more.
        package mutating func snooze(_ snoozed: State) {
            change {
                $0.state = snoozed
                $0.deferrals += 1
            }
        }

        private mutating func change(_ body: (inout Fields) -> Void) { box = box.changed(body) }
    }

    /// A reminder that was shown (or is about to be).
    package struct Shown: Hashable, Sendable {
        /// The bani it reminded of (its id).
        package var bani: String?
        /// Shown after its slot (the agent was asleep or off at the slot).
        package var late = false
        /// Shown again after a restart (the same episode, not a second reminder).
        package var again = false

        package init(bani: String?, late: Bool = false, again: Bool = false) {
            self.bani = bani
            self.late = late
            self.again = again
        }
    }

    /// Where a shown reminder is.
    package enum Screen: Hashable, Sendable {
        /// On screen as the server's notification `serverID`: an agent started after a `kill -9`
        /// takes it over in place (`replaces_id`) or closes it, so none stays with dead buttons.
        case onScreen(serverID: Int)
        /// Off the screen, or on it without an id (closed, dismissed, a server that gave none).
        case off
        /// Taken off by the agent's clean stop: a restart within the band brings it back once.
        case withdrawn
    }

    /// What became of a reminder: one state, so no impossible combination can be recorded.
    package enum State: Hashable, Sendable {
        /// Recorded before the show; counts as shown. `replacing`: the server id of the notification
        /// an earlier (killed) agent left on screen, which this show takes over.
        case pending(Shown, replacing: Int? = nil)
        /// Shown, and where it is now.
        case shown(Shown, Screen)
        /// Not shown, and why.
        case skipped(SkipReason)
        /// Shown (`Shown`), then deferred with "Later" until `until`.
        case snoozed(until: Date, Shown)

        /// The word the file holds in `outcome`.
        package var outcome: String {
            switch self {
            case .pending: "pending"
            case .shown: "fired"
            case .skipped: "skipped"
            case .snoozed: "snoozed"
            }
        }

        /// What was shown (nil for a skipped one).
        package var shown: Shown? {
            switch self {
            case .pending(let shown, _), .shown(let shown, _), .snoozed(_, let shown): shown
            case .skipped: nil
            }
        }

        /// The server id of the notification that shows it (or that its show takes over), if any.
        package var serverID: Int? {
            switch self {
            case .shown(_, .onScreen(let id)): id
            case .pending(_, let replacing): replacing
            default: nil
            }
        }

        /// The same state without a server id: what a reminder taken off the screen (or forgotten
        /// there) becomes.
        package var offScreen: State {
            switch self {
            case .shown(let shown, .onScreen): .shown(shown, .off)
            case .pending(let shown, _): .pending(shown)
            default: self
            }
        }
    }

    /// The decisions, oldest first.
    package var entries: [Entry] = [] {
        // A change from outside `record` may put a day out of order (a file, a test): `record`
        // walks the entries again to know. (No `oldValue`: a change is still made in place.)
        didSet { knownSorted = false }
    }

    /// The entries are known to be in day order, each day's no earlier than the one before: what
    /// `record` leaves when it appends a day no earlier than the last, so it need not walk them all.
    private var knownSorted = false

    /// How many Nitnem days are kept.
    package static let keptDays = 30

    package init(entries: [Entry] = []) { self.entries = entries }

    // The entries only: `knownSorted` says what is known of them, not what they are.
    package static func == (a: ReminderLedger, b: ReminderLedger) -> Bool { a.entries == b.entries }

    package func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    /// The decision for the reminder of `band` on `dayKey`, if one was made.
    package func entry(_ dayKey: CivilDate, _ band: Band) -> Entry? { entry(dayKey, .band(band)) }

    /// The decision for the reminder of `subject` on `dayKey`, if one was made.
    package func entry(_ dayKey: CivilDate, _ subject: ReminderSubject) -> Entry? {
        // Through the buffer, newest first: `last(where:)` and the array's subscript copied each entry
        // they passed (the agent asks at every wake).
        // The day as one number: `==` was a call per entry, and most days differ. In day order
        // (`knownSorted`) the day's entries are in the suffix of days from it on: the walk ends at an
        // earlier day (before a band's reminder, it found none only after every entry).
        let key = Self.number(dayKey)
        let sorted = knownSorted
        return entries.withUnsafeBufferPointer { buffer in
            var i = buffer.endIndex
            while i > buffer.startIndex {
                i -= 1
                let day = Self.number(buffer[i].dayKey)
                if day == key, buffer[i].subject == subject { return buffer[i] }
                if sorted, day < key { return nil }
            }
            return nil
        }
    }

    /// Records `entry`, replacing any for the same day and subject, and drops days older than 30.
    package mutating func record(_ entry: Entry) {
        let day = Self.number(entry.dayKey)
        let from = Self.number(entry.dayKey.adding(days: -Self.keptDays))
        let sorted = knownSorted || Self.inDayOrder(entries)
        let gone = Self.gone(entry.subject, day: day, from: from, in: entries, sorted: sorted)
        // In day order still when no entry is of a later day than the new one (those that go are of
        // its day or of days before `from`, so they are not).
        let staysSorted = sorted && entries.last.map { Self.number($0.dayKey) <= day } ?? true
        // Most records replace the newest entry (a save, then the show's) or add one, with no day to
        // drop: the array is not rebuilt.
        if gone.isEmpty {
            entries.append(entry)
        } else if gone.count == 1, gone[0] == entries.count - 1 {
            entries[entries.count - 1] = entry
        } else {
            // Each run of neighbours in one move (the oldest day's entries are the first few).
            var end = gone.endIndex
            while end > gone.startIndex {
                var start = end - 1
                while start > gone.startIndex, gone[start - 1] == gone[start] - 1 { start -= 1 }
                entries.removeSubrange(gone[start]...gone[end - 1])
                end = start
            }
            entries.append(entry)
        }
        knownSorted = staysSorted
    }

    /// `date` as one number, in the same order (a month is < 32 days, a year < 13 months): `record`
    /// compares every entry's day, and `CivilDate`'s operators were a call per entry.
    @inline(__always) private static func number(_ date: CivilDate) -> Int {
        (date.year << 9) | (date.month << 5) | date.day
    }

    /// Whether each entry's day is no earlier than the one before.
    private static func inDayOrder(_ entries: [Entry]) -> Bool {
        entries.withUnsafeBufferPointer { buffer in
            var last = Int.min
            for i in buffer.indices {
                let day = number(buffer[i].dayKey)
                if day < last { return false }
                last = day
            }
            return true
        }
    }

    /// The indices, ascending, of the entries `record` removes: those of `subject` on `day`, and
    /// those of days before `from` (`from` < `day`).
    ///
    /// In day order (`sorted`), only the two ends are looked at: the days before `from` are a
    /// prefix, `day` lies in the suffix of days from `day` on, and the days between (from `from`,
    /// before `day`) are neither. Through the buffer: a walk by the array copied each entry.
    private static func gone(_ subject: ReminderSubject, day: Int, from: Int, in entries: [Entry], sorted: Bool)
        -> [Int]
    {
        entries.withUnsafeBufferPointer { buffer in
            func goes(_ i: Int) -> Bool {
                let other = number(buffer[i].dayKey)
                return (other == day && buffer[i].subject == subject) || other < from
            }
            guard sorted else { return buffer.indices.filter(goes) }
            var gone: [Int] = []
            var i = buffer.startIndex
            while i < buffer.endIndex, number(buffer[i].dayKey) < from {
                gone.append(i)
                i += 1
            }
            var start = buffer.endIndex
            while start > i, number(buffer[start - 1].dayKey) >= day { start -= 1 }
            for j in start..<buffer.endIndex where goes(j) { gone.append(j) }
            return gone
        }
    }

    /// Forgets the reminder of `band` on `dayKey` (a show that failed, to retry).
    package mutating func remove(_ dayKey: CivilDate, _ band: Band) { remove(dayKey, .band(band)) }

    /// Forgets the reminder of `subject` on `dayKey` (a show that failed, to retry).
    package mutating func remove(_ dayKey: CivilDate, _ subject: ReminderSubject) {
        entries.removeAll { $0.dayKey == dayKey && $0.subject == subject }
    }
}
