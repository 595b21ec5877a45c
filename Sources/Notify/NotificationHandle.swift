internal import CLibnotify

/// Owns one `NotifyNotification` (a GObject reference) for `LibnotifyNotifier`.
///
/// - Important: Reusing one handle for every reminder is what makes libnotify send the
///   previous server id as `replaces_id`, so a new reminder replaces the old one.
final class NotificationHandle {
    private(set) var pointer: UnsafeMutablePointer<NotifyNotification>?
    /// Keeps the "Read now" target alive while libnotify may call back into it.
    private var action: ActionTarget?

    /// A new, not yet shown notification (`notify_notification_new`).
    init(summary: String, body: String) {
        pointer = notify_notification_new(summary, body, nil)
    }

    deinit { close() }

    /// The id the server gave the last show, 0 when not showing.
    var serverID: Int32 {
        guard let pointer else { return 0 }
        return nitnem_notification_get_id(pointer)
    }

    /// Drops the GObject reference (`g_object_unref`); idempotent.
    func close() {
        if let pointer {
            notify_notification_clear_actions(pointer)
            g_object_unref(pointer)
        }
        pointer = nil
        action = nil
    }

    /// Replaces the "Read now" action: `target == nil` removes it.
    func setAction(id: String, label: String, target: ActionTarget?) {
        guard let pointer else { return }
        notify_notification_clear_actions(pointer)
        action = target
        guard let target else { return }
        // libnotify keeps one unmanaged retain and hands it back on invocation; the free
        // function balances it when the action is cleared or the notification dies.
        let context = Unmanaged.passRetained(target).toOpaque()
        notify_notification_add_action(
            pointer, id, label,
            { _, action, context in
                guard let context, let action else { return }
                // The handler may show a new reminder, which clears this action and drops
                // libnotify's retain while we are still inside the call.
                let target = Unmanaged<ActionTarget>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(target) { target.invoke(String(cString: action)) }
            },
            context,
            { context in
                guard let context else { return }
                Unmanaged<ActionTarget>.fromOpaque(context).release()
            })
    }
}

/// What a "Read now" click calls: the handler with the deep link.
final class ActionTarget {
    let url: String
    let handler: (String) -> Void

    init(url: String, handler: @escaping (String) -> Void) {
        self.url = url
        self.handler = handler
    }

    func invoke(_ action: String) {
        handler(url)
    }
}
