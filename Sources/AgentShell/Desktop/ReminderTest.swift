// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Notify
import Posix
import Scheduler

/// `nitnem reminders test`, the shell side: a test notification shown as the config makes a
/// reminder (its buttons, what a click does, its sound), and the wait for what becomes of it —
/// GLib's descriptors and SIGINT/SIGTERM polled until a button, a click or a close, or the wait is
/// over. It prints nothing; the command says what happened.
package final class ReminderTest {
    /// What became of the notification.
    package enum Answer: Equatable, Sendable {
        /// The server said this (a button, a click on the body, a close).
        case event(NotificationEvent)
        /// This signal stopped the wait; the notification was closed.
        case signal(Int32)
        /// Nothing within the wait; the notification was closed.
        case timeout
    }

    /// The buttons shown (at most three) and what a click on the body does.
    package let buttons: [NotificationAction]
    package let click: NotificationAction
    /// What the server offers (`GetCapabilities`) and who it is.
    package let capabilities: Set<String>
    package let server: (name: String, version: String)
    private let notifier: LibnotifyNotifier
    private let pump: GLibPump?
    private let answer: Box

    /// The first event the server sends (set during `GLibPump.dispatch`).
    private final class Box { var event: NotificationEvent? }

    /// Shows the test notification as `config` makes a reminder, in `localizer`'s words; with
    /// `wait`, ready to `waitForAnswer`.
    /// - Throws: `NotifyError` when there is no server or it refuses the notification.
    package init(config: AgentConfig, wait: Bool, localizer: Localizer) throws(NotifyError) {
        let pump = wait ? GLibPump() : nil
        let answer = Box()
        let notifier = LibnotifyNotifier(onEvent: { event in
            if answer.event == nil { answer.event = event }
        })
        let buttons = ReminderAction.buttons(config).map { $0.notificationAction(localizer) }
        let click = ReminderAction.clicked(config).notificationAction(localizer)
        do throws(NotifyError) {
            capabilities = try notifier.capabilities()
            server = try notifier.serverInfo()
            try notifier.show(
                Notification(
                    summary: localizer(.testSummary), body: localizer(.testBody), actions: buttons,
                    defaultAction: click, tag: "sggs://nitnem", soundName: config.sound))
        } catch {
            notifier.shutdown()
            pump?.close()
            throw error
        }
        (self.pump, self.answer, self.notifier, self.buttons, self.click) = (pump, answer, notifier, buttons, click)
    }

    deinit { close() }

    /// Lets go of the desktop: the notifier's connection and the pump.
    package func close() {
        notifier.shutdown()
        pump?.close()
    }

    /// Waits at most `seconds` (real time, on the monotonic clock: how long a person has to press, not
    /// a time of day) for the server's answer; a signal or the end of the wait closes the notification.
    /// Without `wait` at `init`, `.timeout` at once.
    /// - Throws: `SystemError` when the signals or the poll cannot be used.
    package func waitForAnswer(seconds: Int) throws(SystemError) -> Answer {
        guard let pump else { return .timeout }
        let signals = try SignalDescriptor(signals: [SIGINT, SIGTERM])
        defer { signals.close() }
        let deadline = ContinuousClock.now + .seconds(seconds)
        pump.dispatchPending()
        while answer.event == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var set = PollSet()
            set.add(.signals, fileDescriptor: signals.fileDescriptor)
            let ready = try pump.wait(
                set, timeoutMilliseconds: Int32(min(left / .milliseconds(1), 60_000).rounded(.up)))
            if !ready[.signals].isEmpty {
                let number = try signals.read().first
                if let event = answer.event { return .event(event) }
                try? notifier.close()
                return number.map(Answer.signal) ?? .timeout
            }
        }
        if let event = answer.event { return .event(event) }
        try? notifier.close()
        return .timeout
    }
}
