/// Something that shows desktop notifications.
public protocol Notifier: AnyObject {
    /// What the notification server can do (`GetCapabilities`), e.g. `actions`, `body-markup`.
    func capabilities() throws(NotifyError) -> Set<String>
    /// Shows `notification`, replacing the one shown before by this notifier, if any.
    func show(_ notification: Notification) throws(NotifyError)
    /// Closes the notification this notifier showed last, if any.
    func close() throws(NotifyError)
}

/// One notification as the reminder core asks for it.
public struct Notification: Hashable, Sendable {
    /// The summary line, e.g. `Evening · Rehras Sahib`.
    public var summary: String
    /// The body, plain text (escaped by the notifier when the server reads markup).
    public var body: String
    /// The freedesktop category, e.g. `x-nitnem.reminder`.
    public var category: String
    /// The deep link the "Read now" action opens; `nil` for no action.
    public var actionURL: String?

    /// A notification.
    public init(summary: String, body: String, category: String = "x-nitnem.reminder", actionURL: String? = nil) {
        self.summary = summary
        self.body = body
        self.category = category
        self.actionURL = actionURL
    }
}

/// A failure to reach or use the notification server.
public struct NotifyError: Error, Equatable, CustomStringConvertible {
    /// What failed, in words a user can act on.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
