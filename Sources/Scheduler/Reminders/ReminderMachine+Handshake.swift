// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The save → show → shown handshake: a reminder is recorded before it is shown, and shown at
/// most once.
extension ReminderMachine {
    /// The ledger was saved: the reminder waiting for it may be shown now (and at most once, even
    /// after a crash).
    mutating func saved(problems: inout ProblemLog) -> [Action] {
        problems.clear(.ledgerSave)
        // Taken out, not copied out and then let go.
        guard let notice = awaitingSave.take() else { return [] }
        return [.reminder(.fire(notice))]
    }

    /// The ledger could not be saved: a reminder waiting for it is not shown (a crash now must not
    /// let a restart show it again) and is tried again while the band lasts.
    mutating func saveFailed(_ failure: ReportedFailure, now: Date, problems: inout ProblemLog) -> [Action] {
        let said = problems.say(.failure(.ledgerSave, failure), now: now)
        guard let notice = awaitingSave.take() else {
            return said ? [.log(.ledgerSaveFailed(cause: failure.message))] : []
        }
        forget(notice.dayKey, notice.subject)
        retry = retry.failed(notice.slot, at: now)
        return said ? [.log(.ledgerSaveFailedHolding(cause: failure.message, notice.reminder))] : []
    }

    /// The shell showed `notice` (`failure` nil) or could not: recorded as fired, or forgotten and
    /// tried again later while the band lasts.
    mutating func shown(
        _ notice: Notice, failure: ReportedFailure?, id: Int? = nil, now: Date, problems: inout ProblemLog
    ) -> [Action] {
        // Each outcome's actions as one literal: appended one by one, the array grew twice.
        guard let failure else {
            problems.clear(.notificationServer)
            retry = .idle
            // What a restart after a kill takes over (a server that gave no id: what it replaced).
            let serverID = id.flatMap { $0 > 0 ? $0 : nil } ?? notice.replacing
            let reminded = ReminderLedger.Shown(bani: notice.bani.id, late: notice.late, again: notice.shownAgain)
            record(
                ReminderLedger.Entry(
                    dayKey: notice.dayKey, band: notice.band, subject: notice.subject, at: now,
                    state: .shown(reminded, serverID.map { .onScreen(serverID: $0) } ?? .off),
                    deferrals: ledger.entry(notice.dayKey, notice.subject)?.deferrals ?? 0))
            onScreen = notice
            let how: LogEvent.Shown = notice.shownAgain ? .again : notice.late ? .late : .onTime
            return [.log(.reminderShown(notice, how)), .saveLedger(ledger)]
        }
        forget(notice.dayKey, notice.subject)
        // A retry timer, bounded by the band's end (`due` lets the back-off go).
        retry = retry.failed(notice.slot, at: now)
        guard problems.say(.failure(.notificationServer, failure), now: now) else { return [.saveLedger(ledger)] }
        return [.log(.showFailed(cause: failure.message, band: notice.band)), .saveLedger(ledger)]
    }
}
