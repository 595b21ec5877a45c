/// A failure to reach or use the notification server.
public struct NotifyError: Error, Equatable, CustomStringConvertible {
    /// What failed, in words a user can act on.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
