// SPDX-License-Identifier: GPL-3.0-or-later
/// One descriptor to `Poller.poll(_:timeoutMilliseconds:)`: what to wait for, and what it reported.
package struct PollItem: Equatable, Hashable, Sendable {
    /// The descriptor (a negative one is skipped by the kernel and reports nothing).
    package var fileDescriptor: Int32
    /// What to wait for.
    package var events: PollEvents
    /// What `poll` reported (`revents`); empty before polling and when nothing happened.
    package var returnedEvents: PollEvents

    /// Waits on `fileDescriptor` for `events` (readability unless told).
    package init(fileDescriptor: Int32, events: PollEvents = .readable, returnedEvents: PollEvents = []) {
        self.fileDescriptor = fileDescriptor
        self.events = events
        self.returnedEvents = returnedEvents
    }

    /// Whether `poll` reported anything for this descriptor (readable, hang-up, error…).
    package var isReady: Bool { !returnedEvents.isEmpty }
}
