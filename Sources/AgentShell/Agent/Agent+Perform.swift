// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler
import Snapshot

extension Agent {
    /// Performs one action (`calendar`: the core's, for the timeline's local times; the core
    /// itself is being driven); returns what it reports back to the core.
    func perform(_ action: AgentCore.Action, calendar: NitnemCalendar) -> [AgentCore.Event] {
        switch action {
        case .saveLedger(let ledger):
            do throws(FileError) {
                if let pointed = try ReminderLedgerStore.save(ledger, to: options.paths.ledger) {
                    journal.log(.warning, AtomicFile.replacedLink(options.paths.ledger, pointed: pointed))
                }
                // The save made the state folder again if it was removed: watch the pause there again.
                loop?.rewatchFiles()
                return [.ledgerSaved]
            } catch {
                return [.ledgerSaveFailed(ReportedFailure(error))]
            }
        case .reminder(.fire(let notice)):
            let failure = show(notice)
            return [.reminderShown(notice, error: failure, id: failure == nil ? notifier?.currentServerID : nil)]
        case .reminder(.skip), .reminder(.skipBani):
            break  // recorded in the ledger by the core
        case .log(let event):
            journal.log(event)
        case .writeTimeline(let timeline):
            let text = timeline.json(calendar: calendar, localizer: options.localizer).pretty
            do throws(FileError) {
                if let pointed = try AtomicFile.write(Array(text.utf8), to: options.group.timelinePath, links: .replace)
                {
                    journal.log(.warning, AtomicFile.replacedLink(options.group.timelinePath, pointed: pointed))
                }
                let state = timeline.entries[0].state
                journal.log(
                    .info,
                    "timeline written: \(state.dayKey) \(state.band.rawValue), next \(state.next?.bani.id ?? "none"), \(state.done)/\(state.total)"
                )
                // Watched from its first write on; a removal before the watch existed is caught here.
                if loop?.watchWidgets() == true, FileStatus.lookup(options.group.timelinePath) == nil {
                    return [.timelineWritten, .timelineRemoved(path: options.group.timelinePath)]
                }
                return [.timelineWritten]
            } catch {
                return [.timelineWriteFailed(ReportedFailure(error))]
            }
        case .readFiles:
            return [.filesRead(mergeCopiesAndLoad())]
        case .readConfig:
            return [loadConfig()]
        case .open(let launch):
            do throws(ReaderLauncher.Failure) {
                try launcher.start(launch)
            } catch {
                journal.log(.error, "Read now: \(error.description)")
            }
        case .listen(let template, let link):
            // Its output goes to the journal with ours, never to anyone's stdout.
            do throws(ReaderLauncher.Failure) {
                try launcher.start(template.resolve(link, home: UserPaths(environment: options.environment).home))
            } catch {
                journal.log(.error, "Listen: \(error.description)")
            }
        case .stop:
            stopped = true
        case .updateReminder(let notice):
            if let problem = show(notice) { journal.log(.warning, "cannot update the reminder: \(problem.message)") }
        case .closeReminder:
            do throws(NotifyError) {
                try notifier?.close()
            } catch {
                journal.log(.warning, "cannot close the reminder: \(error)")
            }
        case .closeNotification(let id):
            if let problem = setUpDesktop() {
                journal.log(.warning, "cannot close notification \(id): \(problem.message)")
                break
            }
            do throws(NotifyError) {
                try notifier?.close(serverID: id)
            } catch {
                journal.log(.warning, "cannot close notification \(id): \(error)")
            }
        case .markRead(let mark):
            do throws(GroupFileError) {
                _ = try ProgressStore.record(mark, clock: clock, in: options.group)
                // Read at once (the conflict copies merged first), the write's own echo taken with it.
                return [.marked(id: mark.id, error: nil)] + names.afterWrite(on: loop, read: mergeCopiesAndLoad)
            } catch {
                return [.marked(id: mark.id, error: ReportedFailure(error))]
            }
        }
        return []
    }

    /// Shows `notice`, setting up the desktop at the first reminder; the failure, or nil when shown.
    func show(_ notice: AgentCore.ReminderNotice) -> ReportedFailure? {
        if let problem = setUpDesktop() { return problem }
        do throws(NotifyError) {
            try notifier?.show(
                Notification(
                    summary: notice.summary(options.localizer), body: notice.body(options.localizer),
                    actions: notice.actions.map { $0.notificationAction(options.localizer) },
                    defaultAction: notice.click.notificationAction(options.localizer),
                    tag: notice.slot.description, soundName: notice.sound, replacesID: notice.replacing))
            return nil
        } catch {
            return ReportedFailure(error)
        }
    }

    /// Sets up the desktop (libnotify, GLib's pump) at the first reminder; why it cannot, or nil.
    func setUpDesktop() -> ReportedFailure? {
        guard notifier == nil else { return nil }
        if let missing = Self.noSessionBus(options.environment) {
            return ReportedFailure(subject: "notification server", code: "\(NotifyError.Code.noBus)", message: missing)
        }
        pump = GLibPump()
        notifier = LibnotifyNotifier()
        return nil
    }

    /// Why there is no session bus to reach a notification server, or `nil` when there may be one.
    static func noSessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileStatus.lookup(runtime + "/bus") != nil {
            return nil
        }
        return
            "no session bus to show reminders on (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)"
    }

    /// The core's events for what the notification server reported: a button, a click on the
    /// reminder, the user closing it.
    static func coreEvents(_ event: NotificationEvent) -> [AgentCore.Event] {
        switch event {
        case .action(NotificationAction.defaultID, _, let token):
            [.reminderClicked(activationToken: token)]
        case .action(let id, _, let token):
            ReminderAction(rawValue: id).map { [.reminderAction($0, activationToken: token)] } ?? []
        case .closed(.dismissed, _), .closed(.expired, _):
            [.reminderDismissed]
        case .closed:
            []  // closed by us (`.closeReminder`), or for a reason the server does not say
        }
    }
}
