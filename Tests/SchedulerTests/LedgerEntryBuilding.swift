// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler

/// Ledger entries for the tables, by the file's words: an `outcome` and the fields it uses.
extension ReminderLedger {
    /// The file's `outcome` word.
    enum Outcome: String {
        case pending, fired, skipped, snoozed
    }
}

extension ReminderLedger.Entry {
    /// The entry the file would hold with these fields (`serverID`: its `notificationId`).
    init(
        dayKey: CivilDate, band: Band, at: Date, outcome: ReminderLedger.Outcome, bani: String? = nil,
        late: Bool = false, reason: SkipReason? = nil, subject: ReminderSubject? = nil, snoozedUntil: Date? = nil,
        serverID: Int? = nil, deferrals: Int = 0
    ) {
        let shown = ReminderLedger.Shown(bani: bani, late: late)
        let state: ReminderLedger.State =
            switch outcome {
            case .pending: .pending(shown, replacing: serverID)
            case .fired: .shown(shown, serverID.map { .onScreen(serverID: $0) } ?? .off)
            case .skipped: .skipped(reason ?? .other("no reason recorded"))
            case .snoozed: .snoozed(until: snoozedUntil ?? at, shown)
            }
        self.init(dayKey: dayKey, band: band, subject: subject, at: at, state: state, deferrals: deferrals)
    }

    /// The file's `outcome` word for its state.
    var outcome: ReminderLedger.Outcome { ReminderLedger.Outcome(rawValue: state.outcome)! }
    /// Shown, then taken off the screen by a clean stop.
    var withdrawn: Bool { if case .shown(_, .withdrawn) = state { true } else { false } }
    /// Shown again after a restart.
    var restored: Bool { state.shown?.again ?? false }
    /// The server id it names, if any.
    var notificationID: Int? { state.serverID }
    /// The end of its "Later", if snoozed.
    var snoozedUntil: Date? { if case .snoozed(let until, _) = state { until } else { nil } }
}

extension ReminderLedger.Entry {
    /// Why it was skipped, if it was.
    var reason: SkipReason? { if case .skipped(let reason) = state { reason } else { nil } }
}
