// SPDX-License-Identifier: GPL-3.0-or-later
/// One notification as the reminder core asks for it.
package struct Notification: Hashable, Sendable {
    /// The summary line, e.g. `Evening · Rehras Sahib`.
    package var summary: String
    /// The body, plain text (escaped by the notifier when the server reads markup).
    package var body: String
    /// The freedesktop category, e.g. `x-nitnem.reminder`.
    package var category: String
    /// The buttons to offer, in order; sent only when the server lists `actions`.
    package var actions: [NotificationAction]
    /// What a click on the notification itself does (the spec's `default` action; its label is
    /// for servers that show one, and for logs); sent only when the server lists `actions`.
    package var defaultAction: NotificationAction?
    /// The caller's name for this notification (e.g. its deep link), handed back in every
    /// `NotificationEvent` it causes.
    package var tag: String
    /// The freedesktop sound to play (`sound-name` hint, e.g. `message-new-instant`); `nil`
    /// for none.
    package var soundName: String?
    /// The server id of a notification another sender showed (an earlier agent, killed) that
    /// this one replaces in place (`replaces_id`); `nil` for a new one or an update of our own.
    package var replacesID: Int?

    /// A notification.
    package init(
        summary: String, body: String, category: String = "x-nitnem.reminder", actions: [NotificationAction] = [],
        defaultAction: NotificationAction? = nil, tag: String = "", soundName: String? = nil, replacesID: Int? = nil
    ) {
        self.summary = summary
        self.body = body
        self.category = category
        self.actions = actions
        self.defaultAction = defaultAction
        self.tag = tag
        self.soundName = soundName
        self.replacesID = replacesID
    }
}
