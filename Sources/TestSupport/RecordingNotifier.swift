// SPDX-License-Identifier: GPL-3.0-or-later
import Notify

/// A `Notifier` that records what it was asked to show, for core tests.
package final class RecordingNotifier: Notifier {
    /// Every notification shown, in order.
    package private(set) var shown: [Notification] = []
    /// How many times `close()` was called.
    package private(set) var closed = 0
    /// The capabilities to report.
    package var serverCapabilities: Set<String>
    /// When set, every call throws this (no server).
    package var failure: NotifyError?

    /// A recorder reporting `capabilities`.
    package init(capabilities: Set<String> = ["actions", "body", "body-markup"]) {
        serverCapabilities = capabilities
    }

    package func capabilities() throws(NotifyError) -> Set<String> {
        if let failure { throw failure }
        return serverCapabilities
    }

    package func show(_ notification: Notification) throws(NotifyError) {
        if let failure { throw failure }
        shown.append(notification)
    }

    package func close() throws(NotifyError) {
        if let failure { throw failure }
        closed += 1
    }

    /// The server ids closed with `close(serverID:)`, in order.
    package private(set) var closedIDs: [Int] = []

    package func close(serverID: Int) throws(NotifyError) {
        if let failure { throw failure }
        closedIDs.append(serverID)
    }

    /// The id of the last show (its `replacesID`, else its position from 1), 0 before any.
    package var currentServerID: Int { shown.last.map { $0.replacesID ?? shown.count } ?? 0 }
}
