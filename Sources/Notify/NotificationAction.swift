// SPDX-License-Identifier: GPL-3.0-or-later
/// A button a notification offers: the id reported when it is pressed, and its label.
package struct NotificationAction: Hashable, Sendable {
    /// The id the server reports back (`ActionInvoked`), e.g. `read`.
    package var id: String
    /// The label the user sees, e.g. `Read now`.
    package var label: String

    /// An action.
    package init(id: String, label: String) {
        self.id = id
        self.label = label
    }

    /// The id the spec gives the action of a click on the notification itself.
    package static let defaultID = "default"

    /// The click on the notification itself doing what `action` does: `action`'s label, the
    /// spec's `default` id.
    package static func onClick(_ action: NotificationAction) -> NotificationAction {
        NotificationAction(id: defaultID, label: action.label)
    }

    /// "Read now": open the bani in the reader.
    package static let read = NotificationAction(id: "read", label: "Read now")
    /// "Mark read": record the bani read.
    package static let mark = NotificationAction(id: "mark", label: "Mark read")
    /// "Later": snooze the reminder.
    package static let later = NotificationAction(id: "later", label: "Later")

    /// What a reminder offers: Read now · Mark read · Later.
    package static let reminder: [NotificationAction] = [.read, .mark, .later]
}
