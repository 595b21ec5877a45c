import Foundation
import Notify
import TestSupport
import Testing

/// Real notifications through libnotify to dunst on a private session bus.
///
/// Serialized: libnotify and GIO read `DBUS_SESSION_BUS_ADDRESS` from this process.
@Suite(.serialized) struct LibnotifyNotifierTests {
    static let reminder = Notification(
        summary: "Evening · Rehras Sahib", body: "5 of 7 today", actionURL: "sggs://bani/rehras")

    private func session(markup: Bool = true) throws -> DesktopSession {
        let session = try DesktopSession(markup: markup)
        session.useInThisProcess()
        return session
    }

    @Test func deliversSummaryBodyCategoryAppNameAndAction() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        let record = try #require(desktop.waitForNotification())
        #expect(record.appname == "nitnem")
        #expect(record.summary == "Evening · Rehras Sahib")
        #expect(record.body == "5 of 7 today")
        #expect(record.category == "x-nitnem.reminder")
        #expect(record.desktopEntry == "nitnem")
        #expect(record.urgency == "NORMAL")
        #expect(record.actions == ["read": "Read now"])
        #expect(record.id == notifier.currentServerID)
    }

    @Test func capabilitiesComeFromTheServer() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let caps = try LibnotifyNotifier { _ in }.capabilities()
        #expect(caps.contains("actions"))
        #expect(caps.contains("body-markup"))
    }

    @Test func escapesTheBodyForAMarkupServerAndOmitsTheActionWithoutALink() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Notification(summary: "Night · Kirtan Sohila <i>", body: "1 of 2 <b>&</b>"))
        let record = try #require(desktop.waitForNotification())
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

    @Test func aNewReminderReplacesThePreviousOne() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        let first = try #require(desktop.waitForNotification())
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "6 of 7 today"))
        let second = try #require(desktop.waitForNotification())
        #expect(second.summary == "Night · Kirtan Sohila")
        #expect(first.id != nil)
        #expect(second.id == first.id)
        #expect(try desktop.dunstctl(["count", "displayed"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test func closeRemovesTheNotification() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        try notifier.close()
        #expect(try desktop.dunstctl(["count", "displayed"]).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func noServerIsAnErrorAndDeliveryWorksOnceItIsBack() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())

        desktop.stopServer()
        let address = try #require(desktop.environment["DBUS_SESSION_BUS_ADDRESS"])
        #expect(throws: NotifyError("no notification server on the session bus (DBUS_SESSION_BUS_ADDRESS=\(address))"))
        {
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
        #expect(error?.message.contains("DBUS_SESSION_BUS_ADDRESS=\(address)") == true)

        // Nothing listening at the address at all: a clear error, not a crash.
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(first.directory.path)/gone", 1)
        let noBus = #expect(throws: NotifyError.self) { try notifier.show(Self.reminder) }
        #expect(
            noBus?.message.hasPrefix(
                "cannot connect to the session bus (DBUS_SESSION_BUS_ADDRESS=unix:path=\(first.directory.path)/gone): "
            ) == true, "\(noBus?.message ?? "")")

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
        let notifier = LibnotifyNotifier { opened.append($0) }
        let pump = GLibPump()
        defer { pump.close() }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        pump.dispatchPending()

        // Idle, GLib asks to sleep on its descriptors with no timeout: no spinning.
        let idle = pump.descriptors()
        pump.dispatch(ready: [])
        #expect(idle.timeoutMilliseconds == -1)
        #expect(!idle.descriptors.isEmpty)

        // dunst invokes the only action of the top notification (dunstctl → D-Bus →
        // ActionInvoked → GLib main context → libnotify → the handler).
        try desktop.dunstctl(["action", "0"])
        var rounds = 0
        while opened.isEmpty, rounds < 10 {
            rounds += 1
            let request = pump.descriptors()
            var fds = request.descriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            let woke = poll(
                &fds, nfds_t(fds.count), request.timeoutMilliseconds < 0 ? 5000 : request.timeoutMilliseconds)
            pump.dispatch(ready: fds.map { GLibPump.Ready(fd: $0.fd, revents: $0.revents) })
            // Only GLib's own descriptors can end an unbounded wait: a time-out means the
            // signal never woke the poll set.
            if woke == 0, request.timeoutMilliseconds < 0 { break }
        }
        #expect(opened == ["sggs://bani/rehras"])
    }

    @Test func aRestartedServerGetsTheNextReminder() throws {
        let desktop = try session()
        defer { desktop.stop() }
        let notifier = LibnotifyNotifier { _ in }
        try notifier.show(Self.reminder)
        _ = try #require(desktop.waitForNotification())
        // No call in between: libnotify still holds a proxy naming the old server.
        desktop.stopServer()
        try desktop.startServer()
        try notifier.show(Notification(summary: "Night · Kirtan Sohila", body: "6 of 7 today"))
        let record = try #require(desktop.waitForNotification())
        #expect(record.summary == "Night · Kirtan Sohila")
        #expect(record.id == notifier.currentServerID)
    }
}
