// SPDX-License-Identifier: GPL-3.0-or-later
/// What happened to a shown notification, as the server reported it.
package enum NotificationEvent: Hashable, Sendable {
    /// Why a notification was closed (`NotificationClosed`'s reason).
    package enum CloseReason: Hashable, Sendable {
        /// It expired (reason 1).
        case expired
        /// The user dismissed it (reason 2).
        case dismissed
        /// A client closed it with `CloseNotification` (reason 3), e.g. `Notifier.close()`.
        case closedByCall
        /// The server gave no reason (reason 4) or one the spec does not define.
        case undefined

        /// The reason for the spec's code `code`.
        package init(code: Int32) {
            switch code {
            case 1: self = .expired
            case 2: self = .dismissed
            case 3: self = .closedByCall
            default: self = .undefined
            }
        }
    }

    /// The user pressed the action `id` of the notification shown with `tag` (`default`: clicked
    /// the notification itself), with the activation token the server sent before it, if any
    /// (`ActivationToken`, GNOME and KDE Plasma: the program it starts may take the focus).
    case action(id: String, tag: String, activationToken: String? = nil)
    /// The notification shown with `tag` was closed.
    case closed(CloseReason, tag: String)

    /// The tag of the notification the event is about.
    package var tag: String {
        switch self {
        case .action(_, let tag, _), .closed(_, let tag): tag
        }
    }
}
