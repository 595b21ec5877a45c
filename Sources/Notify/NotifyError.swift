// SPDX-License-Identifier: GPL-3.0-or-later
/// A failure to reach or use the notification server.
package struct NotifyError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure.
    package enum Code: Equatable, Hashable, Sendable {
        /// libnotify could not start (`notify_init`, a notification object).
        case library
        /// No session bus, or it cannot be reached.
        case noBus
        /// The bus is there but no notification server answers on it.
        case noServer
        /// A call to the server failed (show, close).
        case call
    }

    /// What kind of failure.
    package let code: Code
    /// What failed, in words a user can act on.
    package let message: String

    /// An error of kind `code` with `message`.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
