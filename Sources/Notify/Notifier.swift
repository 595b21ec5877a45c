// SPDX-License-Identifier: GPL-3.0-or-later
/// Something that shows desktop notifications.
///
/// - Important: A notifier owns one notification at a time: `show` updates it in place
///   (same server id) and `close` removes it.
package protocol Notifier: AnyObject {
    /// What the notification server can do (`GetCapabilities`), e.g. `actions`, `body-markup`.
    func capabilities() throws(NotifyError) -> Set<String>
    /// Shows `notification`, updating the one this notifier shows in place, if any.
    func show(_ notification: Notification) throws(NotifyError)
    /// Closes the notification this notifier shows, if any.
    func close() throws(NotifyError)
    /// Closes the notification with server id `serverID` (`CloseNotification`), one another
    /// sender (an earlier agent) showed.
    func close(serverID: Int) throws(NotifyError)
    /// The server id of the notification this notifier shows, 0 when none.
    var currentServerID: Int { get }
    /// What the server reported (an action, a close) since the last call, in order: the loop that
    /// drives the notifier reads them as its events.
    func takeEvents() -> [NotificationEvent]
}

extension Notifier {
    /// A notifier that reports nothing (a test double that records shows only).
    package func takeEvents() -> [NotificationEvent] { [] }
}
