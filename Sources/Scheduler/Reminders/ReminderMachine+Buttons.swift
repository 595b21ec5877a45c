// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What the buttons of the reminder on screen do, and what becomes of it when it is closed.
extension ReminderMachine {
    /// The reminder on screen was closed by the user or the server: nothing of ours is on screen
    /// any more, so a restart after a kill has nothing to take over.
    mutating func dismissed() -> [Action] {
        guard let shown = onScreen else { return [] }
        return takeOff(shown) ? [.saveLedger(ledger)] : []
    }

    /// `shown` is off the screen: forgotten as on screen, its ledger entry's server id cleared.
    /// Whether the entry had one (the ledger changed, to be saved).
    private mutating func takeOff(_ shown: Notice) -> Bool {
        onScreen = nil
        guard var entry = ledger.entry(shown.dayKey, shown.subject), entry.state.serverID != nil else { return false }
        entry.state = entry.state.offScreen
        record(entry)
        return true
    }

    /// `shown` closed and taken off (`takeOff`, the ledger saved if it changed), then `event` said:
    /// one array (`+` made three).
    mutating func closed(_ shown: Notice, saying event: LogEvent) -> [Action] {
        takeOff(shown) ? [.closeReminder, .saveLedger(ledger), .log(event)] : [.closeReminder, .log(event)]
    }

    /// What a button of the reminder on screen does.
    mutating func pressed(
        _ action: ReminderAction, now: Date, files: GroupFiles?, config: AgentConfig, calendar: NitnemCalendar,
        activationToken: String? = nil
    ) -> [Action] {
        guard let shown = onScreen else { return [] }
        switch action {
        case .read:
            return Self.readerActions(for: shown.url, config: config, activationToken: activationToken)
        case .listen:
            return Self.listenActions(for: shown.url, config: config)
        case .mark:
            // The reminder's own day: a Night reminder left on screen across 03:00 (a laptop asleep)
            // marks the night it was for.
            let bani = files?.snapshot.bani(id: shown.bani.id) ?? shown.bani
            return [.markRead(Mark(bani, day: shown.dayKey, today: calendar.dayKey(at: now)))]
        case .later:
            let bandEnd = calendar.band(containing: now).interval.end
            let until = now.addingTimeInterval(config.snooze)
            guard until < bandEnd, shown.band == calendar.band(at: now) else {
                return closed(shown, saying: .laterPastBand(shown.band, until: RFC3339.format(until, in: calendar)))
            }
            onScreen = nil
            var entry =
                ledger.entry(shown.dayKey, shown.subject)
                ?? ReminderLedger.Entry(
                    dayKey: shown.dayKey, band: shown.band, subject: shown.subject, at: now,
                    state: .shown(ReminderLedger.Shown(bani: shown.bani.id), .off))
            entry.snooze(.snoozed(until: until, entry.state.shown ?? ReminderLedger.Shown(bani: shown.bani.id)))
            record(entry)
            return [
                .closeReminder, .saveLedger(ledger),
                .log(.reminderSnoozed(shown.reminder, until: RFC3339.format(until, in: calendar))),
            ]
        }
    }

    /// Opening `url` in the configured reader (the same resolver as `nitnem open`): what Read now
    /// does.
    /// The server's `activationToken`, when it gave one, goes with the launch.
    static func readerActions(for url: String, config: AgentConfig, activationToken: String? = nil) -> [Action] {
        do throws(DeepLinkError) {
            var launch = config.reader.resolve(try DeepLink(parsing: url), opener: config.opener)
            launch.activationToken = activationToken
            return [.open(launch)] + (launch.note.map { [.log(.readerNote($0))] } ?? [])
        } catch {
            return [.log(.readNowFailed(cause: error.description))]
        }
    }

    /// Playing `url`'s recorded paath with config `listen` (the same resolver as `nitnem listen`):
    /// what Listen does. `~` is expanded by the shell, which knows the home folder.
    static func listenActions(for url: String, config: AgentConfig) -> [Action] {
        guard let listen = config.listen else {
            return [.log(.listenUnset)]
        }
        do throws(DeepLinkError) {
            return [.listen(listen, try DeepLink(parsing: url))]
        } catch {
            return [.log(.listenFailed(cause: error.description))]
        }
    }
}
