import Notify

/// A `Notifier` that records what it was asked to show, for core tests.
public final class RecordingNotifier: Notifier {
    /// Every notification shown, in order.
    public private(set) var shown: [Notification] = []
    /// How many times `close()` was called.
    public private(set) var closed = 0
    /// The capabilities to report.
    public var serverCapabilities: Set<String>
    /// When set, every call throws this (no server).
    public var failure: NotifyError?

    /// A recorder reporting `capabilities`.
    public init(capabilities: Set<String> = ["actions", "body", "body-markup"]) {
        serverCapabilities = capabilities
    }

    public func capabilities() throws(NotifyError) -> Set<String> {
        if let failure { throw failure }
        return serverCapabilities
    }

    public func show(_ notification: Notification) throws(NotifyError) {
        if let failure { throw failure }
        shown.append(notification)
    }

    public func close() throws(NotifyError) {
        if let failure { throw failure }
        closed += 1
    }
}
