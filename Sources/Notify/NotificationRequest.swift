// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// What a notifier sends the server for one `Notification`, given the server's capabilities:
/// the decisions, without libnotify.
package struct NotificationRequest: Hashable, Sendable {
    /// A hint's value, as the D-Bus variant it is sent in.
    package enum Hint: Hashable, Sendable {
        /// A string (`s`).
        case string(String)
        /// A boolean (`b`).
        case boolean(Bool)
        /// A byte (`y`).
        case byte(UInt8)
    }

    /// The urgency `normal` (the `urgency` hint's byte 1).
    package static let normalUrgency: UInt8 = 1
    /// The expire timeout for "never" (`NOTIFY_EXPIRES_NEVER`).
    package static let expiresNever: Int32 = 0

    /// The summary, one line of plain text (by the spec): control characters folded
    /// (`Printable.folded`).
    package var summary: String
    /// The body, one line: control characters folded (`Printable.folded`), then markup-escaped when
    /// the server lists `body-markup`.
    package var body: String
    /// The actions, empty unless the server lists `actions`: the `default` one (a click on the
    /// notification) first, when the notification has one, then the buttons.
    package var actions: [NotificationAction]
    /// The hints: `urgency` (a byte, as xfce4-notifyd and swaync read it), `category`,
    /// `desktop-entry`, `resident` (when the server lists `persistence`) and `sound-name` (when
    /// the notification asks for a sound and the server lists `sound`: a server that plays no
    /// sound is sent none).
    package var hints: [String: Hint]
    /// The expire timeout in milliseconds: always `expiresNever`, a reminder stays until
    /// acted on.
    package var expireTimeout: Int32

    /// The request for `notification` to a server with `capabilities`, naming `desktopEntry`; to a
    /// `server` that draws the default action as a button, without the button doing the same.
    package init(
        _ notification: Notification, capabilities: Set<String>, desktopEntry: String,
        server: ServerPresentation? = nil
    ) {
        // The words come folded already (a title from the snapshot is); this is the last gate before
        // the server, so no caller can send a line break, ESC or a bidi control through it.
        summary = Printable.folded(notification.summary)
        let body = Printable.folded(notification.body)
        self.body = capabilities.contains("body-markup") ? Markup.escape(body) : body
        var buttons = notification.actions
        if let click = notification.defaultAction, server?.drawsDefaultAction == true {
            buttons.removeAll { $0.id == click.id }
        }
        let all = (notification.defaultAction.map { [NotificationAction.onClick($0)] } ?? []) + buttons
        actions = capabilities.contains("actions") ? all : []
        hints = [
            "urgency": .byte(Self.normalUrgency),
            "category": .string(notification.category),
            "desktop-entry": .string(desktopEntry),
        ]
        // `resident` keeps the notification after an action is pressed (the agent updates or
        // closes it itself); the spec ties it to servers that keep notifications at all.
        if capabilities.contains("persistence") { hints["resident"] = .boolean(true) }
        if let sound = notification.soundName, capabilities.contains("sound") { hints["sound-name"] = .string(sound) }
        expireTimeout = Self.expiresNever
    }
}
