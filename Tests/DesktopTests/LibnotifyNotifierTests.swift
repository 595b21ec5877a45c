// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Notify
import Posix
import TestSupport
import Testing

/// Real notifications through libnotify to dunst on a private session bus.
///
/// Serialized: libnotify and GIO read `DBUS_SESSION_BUS_ADDRESS` from this process.
@Suite(.serialized) struct LibnotifyNotifierTests {
    static let reminder = Notification(
        summary: "Evening · Rehras Sahib", body: "5 of 7 today", actions: NotificationAction.reminder,
        tag: "sggs://bani/rehras")

    private func session(markup: Bool = true, timeout: Int = 0) throws -> DesktopSession {
        let session = try DesktopSession(markup: markup, timeout: timeout)
        session.useInThisProcess()
        return session
    }

    /// What the notifier reported, in order.
    final class Events {
        var all: [NotificationEvent] = []
    }

    /// A session, a notifier that records what it reports in `events`, and the GLib pump that
    /// delivers the reports; `stop(_:_:)` ends them.
    private func listening() throws -> (DesktopSession, Events, LibnotifyNotifier, GLibPump) {
        let desktop = try session()
        let events = Events()
        let notifier = LibnotifyNotifier { events.all.append($0) }
        return (desktop, events, notifier, GLibPump())
    }

    /// A session (dunst expiring notifications after `timeout` seconds, 0: never) with
    /// `notification` on screen, shown by a notifier that ignores what it reports, and dunst's
    /// record of it.
    private func showing(_ notification: Notify.Notification = Self.reminder, timeout: Int = 0) throws -> (
        DesktopSession, LibnotifyNotifier, DunstRecord
    ) {
        let desktop = try session(timeout: timeout)
        let notifier = LibnotifyNotifier { _ in }
        do {
            try notifier.show(notification)
            return (desktop, notifier, try #require(desktop.waitForNotification()))
        } catch {
            desktop.stop()
            throw error
        }
    }

    /// A session, a monitor of the Notify calls on its bus, and a notifier that ignores what it
    /// reports; `stop(_:_:)` ends the monitor and the session.
    private func monitored() throws -> (DesktopSession, BusMonitor, LibnotifyNotifier) {
        let desktop = try session()
        do {
            return (desktop, try desktop.monitorNotifyCalls(), LibnotifyNotifier { _ in })
        } catch {
            desktop.stop()
            throw error
        }
    }

    private static func stop(_ desktop: DesktopSession, _ monitor: BusMonitor) {
        monitor.stop()
        desktop.stop()
    }

    private static func stop(_ desktop: DesktopSession, _ pump: GLibPump) {
        pump.close()
        desktop.stop()
    }

    @Test func deliversSummaryBodyCategoryAppNameAndActions() throws {
        let (desktop, notifier, record) = try showing()
        defer { desktop.stop() }
        #expect(record.appname == "nitnem")
        #expect(record.summary == "Evening · Rehras Sahib")
        #expect(record.body == "5 of 7 today")
        #expect(record.category == "x-nitnem.reminder")
        #expect(record.desktopEntry == "nitnem")
        #expect(record.urgency == "NORMAL")
        #expect(record.actions == ["read": "Read now", "mark": "Mark read", "later": "Later"])
        #expect(record.id == notifier.currentServerID)
    }

    /// A killed agent's notification stays on screen: a new notifier (a new agent) replaces it in
    /// place by its id, so there is still one, with its own working buttons; or closes it.
    @Test func aNewNotifierReplacesOrClosesAnotherSendersNotificationByItsID() throws {
        let (desktop, first, shown) = try showing()
        defer { desktop.stop() }
        let id = try #require(shown.id)
        first.shutdown()  // as a kill leaves it: on screen, nobody listening
        let events = Events()
        let second = LibnotifyNotifier { events.all.append($0) }
        var again = Self.reminder
        again.replacesID = id
        try second.show(again)
        let replaced = try #require(desktop.waitForNotification())
        #expect(replaced.id == id && second.currentServerID == id)
        #expect(try desktop.count(.displayed) == 1, "replaced in place, not a second one")
        try desktop.press("mark", of: id)
        let pump = GLibPump()
        defer { pump.close() }
        #expect(pump.run(until: { !events.all.isEmpty }), "its buttons reach the new notifier")
        #expect(events.all.first == .action(id: "mark", tag: "sggs://bani/rehras"))
        second.shutdown()
        let third = LibnotifyNotifier { _ in }
        try third.close(serverID: id)
        let deadline = ContinuousClock.now + .seconds(5)
        while (try? desktop.count(.displayed)) != 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try desktop.count(.displayed) == 0, "closed by id")
        try third.close(serverID: id)  // already gone: not an error
    }

    @Test func capabilitiesComeFromTheServer() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let caps = try LibnotifyNotifier { _ in }.capabilities()
        #expect(caps.contains("actions"))
        #expect(caps.contains("body-markup"))
        // dunst keeps no notifications beyond its history: no `resident` hint for it.
        #expect(!caps.contains("persistence"))
    }

    @Test func escapesTheBodyForAMarkupServerAndOffersNoActionsWhenNoneAreAsked() throws {
        let (desktop, _, record) = try showing(
            Notification(summary: "Night · Kirtan Sohila <i>", body: "1 of 2 <b>&</b>"))
        defer { desktop.stop() }
        #expect(record.body == "1 of 2 &lt;b&gt;&amp;&lt;/b&gt;")
        // The summary is plain text by the spec, never markup: sent as is.
        #expect(record.summary == "Night · Kirtan Sohila <i>")
        #expect(record.actions.isEmpty)
    }

    @Test func sendsThePlainBodyToAServerWithoutMarkup() throws {
        let desktop = try session(markup: false)
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        #expect(try !notifier.capabilities().contains("body-markup"))
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "1 of 2 <b>&</b>"))
        let record = try #require(desktop.waitForNotification())
        #expect(record.body == "1 of 2 <b>&</b>")
    }

    // MARK: - Actions

    @Test(arguments: NotificationAction.reminder)
    func eachActionPressedInDunstReachesTheHandler(action: NotificationAction) throws {
        let (desktop, events, notifier, pump) = try listening()
        defer { Self.stop(desktop, pump) }
        try notifier.show(Self.reminder)
        let record = try #require(desktop.waitForNotification())

        let menu = try desktop.press(action.id, of: record.id)
        #expect(menu.count == 3, "\(menu)")
        #expect(menu.contains("#\(action.label) (Evening · Rehras Sahib) [\(notifier.currentServerID),\(action.id)]"))
        pump.run(until: { !events.all.isEmpty })
        #expect(events.all == [.action(id: action.id, tag: "sggs://bani/rehras")])
        // Pressing is not dismissing: the reminder stays until the agent updates or closes it.
        pump.run(until: { events.all.count > 1 }, timeout: .milliseconds(300))
        #expect(events.all.count == 1)
        #expect(try desktop.count(.displayed) == 1)
    }

    @Test func aPressAfterAnUpdateCarriesTheNewTag() throws {
        let (desktop, events, notifier, pump) = try listening()
        defer { Self.stop(desktop, pump) }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        // After "Mark read" the agent turns the reminder into the band's next unread bani.
        try notifier.show(
            Notification(
                summary: "Evening · Rehras Sahib", body: "6 of 7 today", actions: NotificationAction.reminder,
                tag: "sggs://bani/kirtan-sohila"))
        _ = try #require(desktop.waitForNotification())
        try desktop.press("mark")
        pump.run(until: { !events.all.isEmpty })
        #expect(events.all == [.action(id: "mark", tag: "sggs://bani/kirtan-sohila")])
    }

    @Test func aNotificationWithoutActionsOffersNoneInTheMenu() throws {
        let (desktop, notifier, record) = try showing(Notification(summary: "Nitnem · test", body: "plain"))
        defer { desktop.stop() }
        #expect(record.actions.isEmpty)
        #expect(throws: DesktopSession.Failure.self) { try desktop.press("read") }
        // An update in place that drops the actions drops them in dunst, too.
        try notifier.show(Self.reminder)
        #expect(try #require(desktop.waitForNotification()).actions.count == 3)
        try notifier.show(Notification(summary: "Nitnem · test", body: "plain again"))
        #expect(try #require(desktop.waitForNotification()).actions.isEmpty)
        #expect(throws: DesktopSession.Failure.self) { try desktop.press("read", of: notifier.currentServerID) }
    }

    // MARK: - Update in place, close, dismissal

    @Test func showingAgainUpdatesTheNotificationInPlace() throws {
        let (desktop, monitor, notifier) = try monitored()
        defer { Self.stop(desktop, monitor) }
        try notifier.show(Self.reminder)
        let first = try #require(desktop.waitForNotification())
        try notifier.show(
            Notification(summary: "Evening · Kirtan Sohila", body: "6 of 7 today", actions: NotificationAction.reminder)
        )
        let second = try #require(desktop.waitForNotification())
        #expect(second.summary == "Evening · Kirtan Sohila")
        #expect(second.body == "6 of 7 today")
        #expect(first.id != nil)
        #expect(second.id == first.id)
        #expect(notifier.currentServerID == first.id)
        #expect(try desktop.count(.displayed) == 1)
        #expect(try desktop.count(.history) == 0)
        let calls = try #require(monitor.waitForNotifyCalls(2))
        #expect(calls.map(\.replacesID) == [0, first.id ?? -1])
    }

    @Test func closeRemovesItAndTheServerReportsTheClose() throws {
        let (desktop, events, notifier, pump) = try listening()
        defer { Self.stop(desktop, pump) }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        try notifier.close()
        #expect(try desktop.count(.displayed) == 0)
        pump.run(until: { !events.all.isEmpty })
        #expect(events.all == [.closed(.closedByCall, tag: "sggs://bani/rehras")])
        let history = try desktop.history()
        #expect(history.map(\.summary) == ["Evening · Rehras Sahib"])
        // Closing again is a no-op: libnotify forgot the id with the close.
        try notifier.close()
        #expect(notifier.currentServerID == 0)
    }

    @Test func aDismissalIsReportedAsOneAndTheNextShowIsANewNotification() throws {
        let (desktop, events, notifier, pump) = try listening()
        defer { Self.stop(desktop, pump) }
        try notifier.show(Self.reminder)
        let first = try #require(desktop.waitForNotification())
        try desktop.dunstctl(["close"])
        pump.run(until: { !events.all.isEmpty })
        #expect(events.all == [.closed(.dismissed, tag: "sggs://bani/rehras")])
        #expect(try desktop.count(.displayed) == 0)

        try notifier.show(Self.reminder)
        let second = try #require(desktop.waitForNotification())
        #expect(second.id != first.id)
        #expect(try desktop.count(.displayed) == 1)
    }

    // MARK: - Lifetime and hints

    @Test func itNeverExpiresWhereTheServerDefaultWouldExpireIt() throws {
        // dunst's default expiry is 1 s here; the reminder asks for "never".
        let (desktop, _, _) = try showing(timeout: 1)
        defer { desktop.stop() }
        // The control: a notification with the server's default expiry (notify-send's).
        var env = ProcessInfo.processInfo.environment
        env.merge(desktop.environment) { $1 }
        let control = try ChildProcess(
            "/usr/bin/notify-send", ["control", "expires"], environment: env, stdout: 2, stderr: 2)
        #expect(control.wait() == 0)
        _ = try #require(desktop.waitForNotification())
        #expect(try desktop.count(.displayed) == 2)

        Thread.sleep(forTimeInterval: 2)
        #expect(try desktop.count(.displayed) == 1)
        #expect(try desktop.history().map(\.summary) == ["control"])
    }

    @Test func sendsUrgencyCategoryDesktopEntrySoundAndNeverExpires() throws {
        let (desktop, monitor, notifier) = try monitored()
        defer { Self.stop(desktop, monitor) }
        var reminder = Self.reminder
        reminder.soundName = "message-new-instant"
        reminder.defaultAction = .read
        try notifier.show(reminder)
        // Updated in place without a sound: the hint goes with it.
        reminder.soundName = nil
        try notifier.show(reminder)
        let calls = try #require(monitor.waitForNotifyCalls(2))
        let call = calls[0]
        #expect(call.appName == "nitnem")
        #expect(call.expireTimeout == 0)
        #expect(call.hints["urgency"] == .integer(1))
        #expect(call.hints["category"] == .string("x-nitnem.reminder"))
        #expect(call.hints["desktop-entry"] == .string("nitnem"))
        // dunst lists no `sound` (it plays none): no sound-name is sent to it.
        #expect(try notifier.capabilities().contains("sound") == false)
        #expect(call.hints["sound-name"] == nil)
        // dunst does not list `persistence`.
        #expect(call.hints["resident"] == nil)
        // The click on the notification (the spec's `default`) first, then the buttons.
        #expect(call.actionPairs.map(\.id) == ["default", "read", "mark", "later"])
        #expect(call.actionPairs.map(\.label) == ["Read now", "Read now", "Mark read", "Later"])
        #expect(calls[1].hints["sound-name"] == nil)
        #expect(calls[1].hints["urgency"] == .integer(1))
        #expect(calls[1].expireTimeout == 0)
    }

    @Test func noServerIsAnErrorAndDeliveryWorksOnceItIsBack() throws {
        let (desktop, notifier, _) = try showing()
        defer { desktop.stop() }

        desktop.stopServer()
        let address = try #require(desktop.environment["DBUS_SESSION_BUS_ADDRESS"])
        #expect(
            throws: NotifyError(
                .noServer, "no notification server on the session bus (DBUS_SESSION_BUS_ADDRESS=\(address))")
        ) {
            try notifier.show(Self.reminder)
        }
        #expect(throws: NotifyError.self) { try notifier.capabilities() }

        try desktop.startServer()
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "6 of 7 today"))
        let record = try #require(desktop.waitForNotification())
        #expect(record.summary == "Night · Kirtan Sohila")
    }

    @Test func aBusThatWentAwayIsAnErrorAndANewBusWorks() throws {
        let first = try session()
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        _ = try #require(first.waitForNotification())
        let address = try #require(first.environment["DBUS_SESSION_BUS_ADDRESS"])
        first.stop()

        let error = #expect(throws: NotifyError.self) { try notifier.show(Self.reminder) }
        #expect(error?.problem.contains("DBUS_SESSION_BUS_ADDRESS=\(address)") == true)

        // Nothing listening at the address at all: a clear error, not a crash.
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(first.directory.path)/gone", 1)
        let noBus = #expect(throws: NotifyError.self) { try notifier.show(Self.reminder) }
        #expect(
            noBus?.problem.hasPrefix(
                "cannot connect to the session bus (DBUS_SESSION_BUS_ADDRESS=unix:path=\(first.directory.path)/gone): "
            ) == true, "\(noBus?.problem ?? "")")

        let second = try session()
        defer { second.stop() }
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "6 of 7 today"))
        let record = try #require(second.waitForNotification())
        #expect(record.summary == "Night · Kirtan Sohila")
        // GIO's shared connection raises SIGTERM when its bus goes away unless the notifier
        // turned that off; test threads block SIGTERM, so it would show up as pending here.
        #expect(!Self.sigtermPending())
    }

    private static func sigtermPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGTERM) == 1
    }

    @Test func readNowReachesTheHandlerThroughThePollLoop() throws {
        let desktop = try session()
        defer { desktop.stop() }
        var opened: [String] = []
        let notifier = LibnotifyNotifier { event in
            if case .action("read", let url, _) = event { opened.append(url) }
        }
        let pump = GLibPump()
        defer { pump.close() }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        pump.dispatchPending()

        // Idle, GLib asks to sleep on its descriptors with no timeout: no spinning.
        var idle = PollSet()
        let idleTimeout = pump.prepare(adding: &idle)
        pump.dispatch([])
        #expect(idleTimeout == -1)
        #expect(idle.count > 0, "GLib's descriptors joined the set")

        // Read now in dunst's menu (dunstctl → D-Bus → ActionInvoked → GLib main context →
        // libnotify → the handler).
        try desktop.press("read")
        var rounds = 0
        while opened.isEmpty, rounds < 10 {
            rounds += 1
            // Only GLib's own descriptors can end the wait: a time-out means the signal never
            // woke the poll set.
            if try pump.wait(PollSet(), timeoutMilliseconds: 5000).isEmpty { break }
        }
        #expect(opened == ["sggs://bani/rehras"])
    }

    @Test func aRestartedServerGetsTheNextReminder() throws {
        let (desktop, notifier, _) = try showing()
        defer { desktop.stop() }
        // No call in between: libnotify still holds a proxy naming the old server.
        desktop.stopServer()
        try desktop.startServer()
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "6 of 7 today"))
        let record = try #require(desktop.waitForNotification())
        #expect(record.summary == "Night · Kirtan Sohila")
        #expect(record.id == notifier.currentServerID)
    }
}
