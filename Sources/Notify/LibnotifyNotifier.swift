// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibnotify
import NitnemClockKit

#if canImport(Glibc)
    import Glibc
#endif

/// A `Notifier` that shows notifications through libnotify on the session bus.
///
/// libnotify and GLib are loaded (dlopen) at the first call that needs them, not at start: making
/// a notifier maps nothing. When libnotify.so.4 is missing, every call throws
/// `NotifyError(.library, …)` naming it.
///
/// Every call reconnects when it has to: no bus, no server, a server restart or a bus
/// that went away all end in a `NotifyError` (never a crash), and a later call works
/// again once the server is back.
///
/// - Important: Presses and closes arrive as D-Bus signals on the default GLib main
///   context: drive it with `GLibPump`, on the thread that calls `show`.
package final class LibnotifyNotifier: Notifier {
    private let appName: String
    private let desktopEntry: String
    private let listener: NotificationListener
    private var connection: OpaquePointer?
    private var handle: NotificationHandle?
    /// What the server reported and `takeEvents()` has not taken yet (a notifier made without a handler).
    private let inbox: Inbox?

    /// The server's events, in order, as GLib's dispatch delivered them.
    private final class Inbox {
        var events: [NotificationEvent] = []
    }

    /// A notifier for `appName`; `onEvent` gets every action pressed and every close of the
    /// notification it shows, with that notification's `tag`.
    package init(
        appName: String = "nitnem", desktopEntry: String = "nitnem",
        onEvent: @escaping (NotificationEvent) -> Void
    ) {
        self.appName = appName
        self.desktopEntry = desktopEntry
        self.listener = NotificationListener(handler: onEvent)
        inbox = nil
    }

    /// A notifier for `appName` whose server events (every action pressed, every close of the
    /// notification it shows) are kept, in order, until `takeEvents()` takes them: a source of the
    /// caller's loop, read after each GLib dispatch.
    package init(appName: String = "nitnem", desktopEntry: String = "nitnem") {
        self.appName = appName
        self.desktopEntry = desktopEntry
        let inbox = Inbox()
        self.inbox = inbox
        self.listener = NotificationListener(handler: { inbox.events.append($0) })
    }

    /// The events the server sent since the last call (delivered during a GLib dispatch), in order;
    /// always empty for a notifier made with a handler.
    package func takeEvents() -> [NotificationEvent] {
        guard let inbox, !inbox.events.isEmpty else { return [] }
        defer { inbox.events = [] }
        return inbox.events
    }

    deinit { shutdown() }

    /// The id the server gave the notification shown last (0 when none is showing).
    package var currentServerID: Int {
        Int(handle?.serverID ?? 0)
    }

    /// The server's name and version (`notify_get_server_info`), e.g. `gnome-shell`, `50.5`.
    package func serverInfo() throws(NotifyError) -> (name: String, version: String) {
        try connect()
        var name: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        guard nitnem_notify_get_server_info(&name, nil, &version, nil) != 0 else {
            throw NotifyError(.noServer, "no notification server on the session bus (\(Self.busAddress))")
        }
        defer {
            nitnem_g_free(name)
            nitnem_g_free(version)
        }
        return (name.map { String(cString: $0) } ?? "", version.map { String(cString: $0) } ?? "")
    }

    /// The server's capabilities (`notify_get_server_caps`).
    package func capabilities() throws(NotifyError) -> Set<String> {
        try connect()
        guard let list = nitnem_notify_get_server_caps() else { return [] }
        defer { nitnem_free_string_list(list) }
        var caps = Set<String>()
        var link: UnsafeMutablePointer<GList>? = list
        while let current = link {
            if let data = current.pointee.data {
                caps.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            link = current.pointee.next
        }
        return caps
    }

    /// Shows `notification` (`notify_notification_update` + `notify_notification_show`):
    /// the notification shown before, if still open, is updated in place (same server id).
    ///
    /// It never expires, has normal urgency, and offers its actions only when the server
    /// lists `actions` (see `NotificationRequest`).
    package func show(_ notification: Notification) throws(NotifyError) {
        let request = NotificationRequest(
            notification, capabilities: try capabilities(), desktopEntry: desktopEntry,
            server: ServerPresentation(serverName: try serverInfo().name))
        let handle: NotificationHandle
        if let existing = self.handle, existing.pointer != nil {
            existing.update(summary: request.summary, body: request.body)
            handle = existing
        } else {
            handle = NotificationHandle(summary: request.summary, body: request.body, listener: listener)
            self.handle = handle
        }
        guard let pointer = handle.pointer else {
            throw NotifyError(.library, "libnotify: notify_notification_new failed")
        }
        // An earlier agent's notification, replaced in place: the server keeps one on screen.
        if let id = notification.replacesID, let id32 = Int32(exactly: id), id32 > 0 { handle.adopt(serverID: id32) }
        handle.setTimeout(request.expireTimeout)
        handle.setHints(request.hints)
        handle.setActions(request.actions)
        listener.tag = notification.tag
        var error: UnsafeMutablePointer<GError>?
        if nitnem_notify_notification_show(pointer, &error) == 0 {
            throw failure("show", error)
        }
    }

    /// Closes the notification shown last (`notify_notification_close`), if any; the server
    /// then reports `.closed(.closedByCall, …)`.
    package func close() throws(NotifyError) {
        guard let handle, let pointer = handle.pointer, handle.serverID != 0 else { return }
        try connect()
        var error: UnsafeMutablePointer<GError>?
        if nitnem_notify_notification_close(pointer, &error) == 0 {
            throw failure("close", error)
        }
    }

    /// Closes the notification with server id `serverID`, one an earlier agent showed
    /// (`notify_notification_close` on a notification object given that id); an id the server
    /// no longer shows is not an error (the server may say so, or close nothing).
    package func close(serverID: Int) throws(NotifyError) {
        guard let id = Int32(exactly: serverID), id > 0 else { return }
        try connect()
        let other = NotificationHandle(summary: "", body: "", listener: NotificationListener(handler: { _ in }))
        defer { other.close() }
        guard let pointer = other.pointer else {
            throw NotifyError(.library, "libnotify: notify_notification_new failed")
        }
        other.adopt(serverID: id)
        var error: UnsafeMutablePointer<GError>?
        if nitnem_notify_notification_close(pointer, &error) == 0 {
            // The spec answers an unknown id with an error: already gone is what was asked.
            nitnem_g_clear_error(&error)
        }
    }

    /// Drops the notification object, libnotify's state and the bus connection.
    ///
    /// Called by `deinit`; a later call reconnects.
    package func shutdown() {
        dropLibnotify()
        if let connection, Libnotify.isLoaded { nitnem_g_object_unref(UnsafeMutableRawPointer(connection)) }
        connection = nil
    }

    /// Drops our notification and libnotify's cached proxy (`notify_uninit`).
    private func dropLibnotify() {
        handle?.close()
        handle = nil
        guard Libnotify.isLoaded else { return }
        if nitnem_notify_is_initted() != 0 { nitnem_notify_uninit() }
    }

    /// Makes sure there is a live session bus connection and a notification server on it.
    private func connect() throws(NotifyError) {
        try Libnotify.load()
        if let connection, nitnem_g_dbus_connection_is_closed(connection) != 0 {
            // The bus went away: libnotify's proxy and our notification belong to the dead
            // connection; drop them all and start over on whatever bus the address names.
            shutdown()
        }
        if connection == nil {
            connection = try Self.openBus()
        }
        if nitnem_notify_is_initted() == 0, nitnem_notify_init(appName) == 0 {
            throw NotifyError(.library, "libnotify: notify_init(\"\(appName)\") failed")
        }
        if nitnem_notify_get_server_info(nil, nil, nil, nil) == 0 {
            // libnotify caches its proxy, which may still name a server that has exited
            // (a restarted server has a new owner): drop it and ask once more.
            dropLibnotify()
            if nitnem_notify_init(appName) == 0 || nitnem_notify_get_server_info(nil, nil, nil, nil) == 0 {
                throw NotifyError(.noServer, "no notification server on the session bus (\(Self.busAddress))")
            }
        }
    }

    /// The shared session bus connection (`g_bus_get_sync`), one that is not closed.
    private static func openBus() throws(NotifyError) -> OpaquePointer {
        for attempt in 0..<2 {
            var error: UnsafeMutablePointer<GError>?
            guard let bus = nitnem_g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
                let cause = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                nitnem_g_clear_error(&error)
                throw NotifyError(.noBus, "cannot connect to the session bus (\(busAddress)): \(cause)")
            }
            if nitnem_g_dbus_connection_is_closed(bus) == 0 {
                // GIO's shared session connection raises SIGTERM when the bus goes away;
                // the agent must outlive the desktop.
                nitnem_g_dbus_connection_set_exit_on_close(bus, 0)
                return bus
            }
            // GIO hands out its shared connection until the last reference is gone, and
            // the "closed" notification queued on the main context holds one: let it run.
            nitnem_g_object_unref(UnsafeMutableRawPointer(bus))
            if attempt == 0 { drainMainContext() }
        }
        throw NotifyError(.noBus, "the session bus connection is closed (\(busAddress)); retry later")
    }

    /// Runs what is pending on the default main context, without blocking.
    private static func drainMainContext() {
        var rounds = 0
        while rounds < 100, nitnem_g_main_context_iteration(nil, 0) != 0 { rounds += 1 }
    }

    private func failure(_ call: String, _ error: UnsafeMutablePointer<GError>?) -> NotifyError {
        var error = error
        let cause = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        nitnem_g_clear_error(&error)
        if let connection, nitnem_g_dbus_connection_is_closed(connection) != 0 { shutdown() }
        return NotifyError(.call, "notification \(call) failed on the session bus (\(Self.busAddress)): \(cause)")
    }

    private static var busAddress: String {
        guard let value = getenv("DBUS_SESSION_BUS_ADDRESS") else {
            return "DBUS_SESSION_BUS_ADDRESS is not set"
        }
        return "DBUS_SESSION_BUS_ADDRESS=\(String(cString: value))"
    }
}
