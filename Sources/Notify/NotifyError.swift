// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A failure to reach or use the notification server: what kind, and what failed in words a user
/// can act on.
package typealias NotifyError = CodedError<NotifyErrorCode>

/// What kind of failure to reach or use the notification server.
package enum NotifyErrorCode: ErrorCode {
    /// libnotify could not start (`notify_init`, a notification object).
    case library
    /// No session bus, or it cannot be reached.
    case noBus
    /// The bus is there but no notification server answers on it.
    case noServer
    /// A call to the server failed (show, close).
    case call
}
