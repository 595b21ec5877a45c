// SPDX-License-Identifier: GPL-3.0-or-later
import Notify
import Scheduler

extension ReminderAction {
    /// The button it is, labelled in the user's language (`localizer`).
    package func notificationAction(_ localizer: Localizer) -> NotificationAction {
        NotificationAction(id: rawValue, label: label(localizer))
    }
}
