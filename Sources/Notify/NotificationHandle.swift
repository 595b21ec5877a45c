// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibnotify

/// Owns one `NotifyNotification` (a GObject reference) for `LibnotifyNotifier`, with its
/// actions and its "closed" handler.
///
/// - Important: Reusing one handle for every show is what makes libnotify send the server
///   id as `replaces_id`, so showing again updates the notification in place.
final class NotificationHandle {
    private(set) var pointer: OpaquePointer?
    /// Reports presses and closes; libnotify holds retains of it for each action and for
    /// the "closed" handler.
    let listener: NotificationListener
    private var closedHandler: UInt = 0

    /// A new, not yet shown notification (`notify_notification_new`) reporting to `listener`.
    ///
    /// - Important: libnotify must be loaded (`Libnotify.load()`).
    init(summary: String, body: String, listener: NotificationListener) {
        self.listener = listener
        pointer = nitnem_notify_notification_new(summary, body, nil)
        guard let pointer else { return }
        // The retain is balanced by the destroy notify when the handler is disconnected.
        let context = Unmanaged.passRetained(listener).toOpaque()
        closedHandler = nitnem_notification_connect_closed(
            pointer,
            { notification, context in
                guard let notification, let context else { return }
                let listener = Unmanaged<NotificationListener>.fromOpaque(context).takeUnretainedValue()
                let reason = NotificationEvent.CloseReason(
                    code: nitnem_notify_notification_get_closed_reason(notification))
                // The handler may close this handle, which releases libnotify's retain.
                withExtendedLifetime(listener) { listener.report(.closed(reason, tag: listener.tag)) }
            },
            context,
            { context in
                guard let context else { return }
                Unmanaged<NotificationListener>.fromOpaque(context).release()
            })
    }

    deinit { close() }

    /// The id the server gave the last show, 0 when not showing.
    var serverID: Int32 {
        guard let pointer else { return 0 }
        return nitnem_notification_get_id(pointer)
    }

    /// Takes over server id `id` (`g_object_set(n, "id", id)`): the next show sends it as
    /// `replaces_id`, and a close closes it.
    func adopt(serverID id: Int32) {
        guard let pointer else { return }
        nitnem_notification_set_id(pointer, id)
    }

    /// Disconnects the handlers and drops the GObject reference (`g_object_unref`); idempotent.
    func close() {
        if let pointer {
            if closedHandler != 0 {
                nitnem_g_signal_handler_disconnect(UnsafeMutableRawPointer(pointer), closedHandler)
            }
            nitnem_notify_notification_clear_actions(pointer)
            nitnem_g_object_unref(UnsafeMutableRawPointer(pointer))
        }
        closedHandler = 0
        pointer = nil
    }

    /// Sets the summary and body (`notify_notification_update`).
    func update(summary: String, body: String) {
        guard let pointer else { return }
        nitnem_notify_notification_update(pointer, summary, body, nil)
    }

    /// Replaces every hint (`notify_notification_clear_hints` + `notify_notification_set_hint`).
    func setHints(_ hints: [String: NotificationRequest.Hint]) {
        guard let pointer else { return }
        nitnem_notify_notification_clear_hints(pointer)
        for (key, hint) in hints.sorted(by: { $0.key < $1.key }) {
            let value: OpaquePointer? =
                switch hint {
                case .string(let string): nitnem_g_variant_new_string(string)
                case .boolean(let flag): nitnem_g_variant_new_boolean(flag ? 1 : 0)
                case .byte(let byte): nitnem_g_variant_new_byte(byte)
                }
            // set_hint sinks the floating reference.
            nitnem_notify_notification_set_hint(pointer, key, value)
        }
    }

    /// Sets the expire timeout in milliseconds (`notify_notification_set_timeout`).
    func setTimeout(_ milliseconds: Int32) {
        guard let pointer else { return }
        nitnem_notify_notification_set_timeout(pointer, milliseconds)
    }

    /// Replaces the actions (`notify_notification_clear_actions` + `add_action`), in order.
    func setActions(_ actions: [NotificationAction]) {
        guard let pointer else { return }
        nitnem_notify_notification_clear_actions(pointer)
        for action in actions {
            // libnotify keeps one retain per action and hands it back on invocation; the free
            // function balances it when the actions are cleared or the notification dies.
            let context = Unmanaged.passRetained(listener).toOpaque()
            nitnem_notify_notification_add_action(
                pointer, action.id, action.label,
                { notification, action, context in
                    guard let context, let action else { return }
                    // The handler may show again, which clears the actions and drops
                    // libnotify's retain while we are still inside the call.
                    let listener = Unmanaged<NotificationListener>.fromOpaque(context).takeUnretainedValue()
                    // Valid only during this call: taken now.
                    let token = notification.flatMap { nitnem_notify_notification_get_activation_token($0) }
                        .map { String(cString: $0) }
                    withExtendedLifetime(listener) {
                        listener.report(
                            .action(id: String(cString: action), tag: listener.tag, activationToken: token))
                    }
                },
                context,
                { context in
                    guard let context else { return }
                    Unmanaged<NotificationListener>.fromOpaque(context).release()
                })
        }
    }
}

/// What libnotify's callbacks call: the notifier's handler, with the tag of the
/// notification shown last.
final class NotificationListener {
    /// The tag of the notification shown last.
    var tag = ""
    private let handler: (NotificationEvent) -> Void

    init(handler: @escaping (NotificationEvent) -> Void) {
        self.handler = handler
    }

    func report(_ event: NotificationEvent) {
        handler(event)
    }
}
