// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What an earlier agent left on screen, and what this one takes off when it stops.
extension ReminderMachine {
    /// The notifications an earlier agent left on screen when it was killed (their ledger entries
    /// still name a server id that this agent does not show): the current band's reminder, `fired`,
    /// is shown again in place of it (`replacing` its id: one on screen, now with working buttons),
    /// or closed when the band is complete, reminders are paused or off. Any other is closed: a
    /// `pending` one (a crash between record and show is never shown again), and one of a band
    /// that has ended (only of today's or the previous Nitnem day: an older id may be another
    /// program's by now, the server's ids restart with it); older ids are forgotten.
    mutating func takeOver(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        // A ledger with no notification id, unchanged since it was found so, has nothing to take over.
        if noServerIDsAt == ledgerRevision { return [] }
        let current = SlotKey(day: today.day.key, band: today.day.band(at: now))
        var actions: [Action] = []
        var forgot = false
        // Only entries with a notification id are looked at: found through the buffer, as a walk of
        // them all copied each entry at every wake.
        let withID = ledger.entries.withUnsafeBufferPointer { buffer in
            buffer.indices.filter { buffer[$0].state.serverID != nil }.map { buffer[$0] }
        }
        if withID.isEmpty {
            noServerIDsAt = ledgerRevision
            return []
        }
        for entry in withID {
            guard let id = entry.state.serverID else { continue }
            let slot = SlotKey(day: entry.dayKey, band: entry.band)
            // Ours: on screen, or being shown again.
            func ours(_ notice: Notice?) -> Bool {
                notice.map { $0.dayKey == entry.dayKey && $0.subject == entry.subject } ?? false
            }
            if ours(onScreen) || ours(awaitingSave) { continue }
            if slot == current, case .shown(_, .onScreen) = entry.state {
                // Decided once the files are read: whether the band is complete, what to show.
                guard let files else { continue }
                if config.remindersOn, files.snapshot.banisAvailable {
                    actions += restore(
                        entry, replacing: id, now: now, today: today, files: files, config: config, plan: &plan)
                    continue
                }
            }
            var forgotten = entry
            forgotten.state = entry.state.offScreen
            record(forgotten)
            forgot = true
            if entry.dayKey >= today.day.key.adding(days: -1) {
                actions += [
                    .closeNotification(id: id),
                    .log(.leftOnScreenClosed(entry.band, day: entry.dayKey)),
                ]
            }
        }
        if forgot, !actions.contains(where: { if case .saveLedger = $0 { true } else { false } }) {
            actions.append(.saveLedger(ledger))
        }
        return actions
    }

    /// Records `entry` in the ledger (`ReminderLedger.record`). A ledger found to name no
    /// notification id still names none when `entry` names none (a record only removes entries
    /// and adds that one): `takeOver` need not walk it again.
    mutating func record(_ entry: ReminderLedger.Entry) {
        let stillNone = noServerIDsAt == ledgerRevision && entry.state.serverID == nil
        ledger.record(entry)
        if stillNone { noServerIDsAt = ledgerRevision }
    }

    /// Forgets the reminder of `subject` on `dayKey` (`ReminderLedger.remove`): a ledger that named
    /// no notification id still names none.
    mutating func forget(_ dayKey: CivilDate, _ subject: ReminderSubject) {
        let stillNone = noServerIDsAt == ledgerRevision
        ledger.remove(dayKey, subject)
        if stillNone { noServerIDsAt = ledgerRevision }
    }

    /// Takes the reminder on screen off before the agent stops (a clean stop: SIGTERM, SIGINT), so
    /// no reminder outlives its agent with dead buttons; its ledger entry says so, and a restart
    /// within the band brings it back once.
    mutating func withdraw() -> [Action] {
        guard let shown = onScreen, var entry = ledger.entry(shown.dayKey, shown.subject),
            case .shown(let reminded, _) = entry.state
        else { return [] }
        onScreen = nil
        entry.state = .shown(reminded, .withdrawn)
        record(entry)
        return [
            .closeReminder, .saveLedger(ledger),
            .log(.reminderWithdrawn(shown.reminder)),
        ]
    }
}
