/// One descriptor to `Poller.poll(_:timeoutMilliseconds:)`: what to wait for, and what it reported.
public struct PollItem: Equatable, Hashable, Sendable {
    /// The descriptor (a negative one is skipped by the kernel and reports nothing).
    public var fileDescriptor: Int32
    /// What to wait for.
    public var events: PollEvents
    /// What `poll` reported (`revents`); empty before polling and when nothing happened.
    public var returnedEvents: PollEvents

    /// Waits on `fileDescriptor` for `events` (readability unless told).
    public init(fileDescriptor: Int32, events: PollEvents = .readable, returnedEvents: PollEvents = []) {
        self.fileDescriptor = fileDescriptor
        self.events = events
        self.returnedEvents = returnedEvents
    }

    /// Whether `poll` reported anything for this descriptor (readable, hang-up, error…).
    public var isReady: Bool { !returnedEvents.isEmpty }
}
