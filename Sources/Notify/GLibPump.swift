internal import CLibnotify

/// Runs the default GLib main context from the agent's own `poll(2)` loop.
///
/// libnotify delivers "Read now" clicks as D-Bus signals dispatched on the default GLib
/// main context. Rather than a second thread or a spinning `g_main_context_iteration`,
/// the agent adds GLib's descriptors to its poll set:
///
/// ```swift
/// let request = pump.descriptors()      // before poll: fds + GLib's timeout
/// // poll(own fds + request.descriptors, min(own timeout, request.timeoutMilliseconds))
/// pump.dispatch(ready: readyGLibFDs)    // after every poll, even on timeout
/// ```
///
/// - Important: Every `descriptors()` must be followed by exactly one `dispatch(ready:)`
///   (GLib's prepare/query/check/dispatch cycle). Use it from one thread only.
public final class GLibPump {
    /// One descriptor GLib wants polled: `events` as in `pollfd.events`.
    public struct Descriptor: Hashable, Sendable {
        /// The file descriptor.
        public var fd: Int32
        /// The poll events (`POLLIN`, …) GLib waits for.
        public var events: Int16

        /// A descriptor.
        public init(fd: Int32, events: Int16) {
            self.fd = fd
            self.events = events
        }
    }

    /// What to poll for GLib before the next `dispatch(ready:)`.
    public struct Request: Hashable, Sendable {
        /// The descriptors to add to the poll set.
        public var descriptors: [Descriptor]
        /// The longest GLib may wait, in milliseconds; -1 means no limit, 0 means now.
        public var timeoutMilliseconds: Int32
    }

    /// A descriptor `poll(2)` reported: its fd and `revents`.
    public struct Ready: Hashable, Sendable {
        /// The file descriptor.
        public var fd: Int32
        /// The returned events (`pollfd.revents`).
        public var revents: Int16

        /// A ready descriptor.
        public init(fd: Int32, revents: Int16) {
            self.fd = fd
            self.revents = revents
        }
    }

    /// The default main context; nil when GLib could not be loaded (the pump then has nothing to poll).
    private let context: OpaquePointer?
    private var owned: Bool
    private var maxPriority: Int32 = 0
    private var pollFDs: [GPollFD] = []
    private var prepared = false

    /// A pump over the default main context (`g_main_context_default`), acquired by the
    /// calling thread (`g_main_context_acquire`).
    ///
    /// GLib is loaded here if it is not yet (with libnotify, see `LibnotifyNotifier`). When it
    /// cannot be, the pump asks for nothing and dispatches nothing; the notifier reports why.
    public init() {
        if (try? Libnotify.load()) != nil {
            context = nitnem_g_main_context_default()
            owned = nitnem_g_main_context_acquire(context) != 0
        } else {
            context = nil
            owned = false
        }
    }

    deinit { close() }

    /// Releases the main context (`g_main_context_release`); idempotent.
    public func close() {
        if owned { nitnem_g_main_context_release(context) }
        owned = false
    }

    /// The descriptors and timeout for the next poll (`g_main_context_prepare` + `query`).
    ///
    /// A timeout of 0 means a source is already ready: poll without waiting, then
    /// `dispatch(ready:)`.
    public func descriptors() -> Request {
        guard let context else { return Request(descriptors: [], timeoutMilliseconds: -1) }
        var priority: Int32 = 0
        let readyNow = nitnem_g_main_context_prepare(context, &priority) != 0
        maxPriority = priority
        var timeout: Int32 = -1
        var capacity = max(pollFDs.count, 4)
        while true {
            pollFDs = Array(repeating: GPollFD(), count: capacity)
            let needed = pollFDs.withUnsafeMutableBufferPointer {
                nitnem_g_main_context_query(context, maxPriority, &timeout, $0.baseAddress, Int32(capacity))
            }
            if needed <= capacity {
                pollFDs.removeLast(capacity - Int(needed))
                break
            }
            capacity = Int(needed)
        }
        prepared = true
        return Request(
            descriptors: pollFDs.map { Descriptor(fd: $0.fd, events: Int16(bitPattern: $0.events)) },
            timeoutMilliseconds: readyNow ? 0 : timeout)
    }

    /// Dispatches what is ready (`g_main_context_check` + `dispatch`), given the `revents`
    /// `poll(2)` returned for GLib's descriptors (fds not listed had no events).
    public func dispatch(ready: [Ready]) {
        guard prepared, let context else { return }
        prepared = false
        for index in pollFDs.indices {
            let revents = ready.reduce(Int16(0)) { $1.fd == pollFDs[index].fd ? $0 | $1.revents : $0 }
            pollFDs[index].revents = UInt16(bitPattern: revents)
        }
        let dispatchable = pollFDs.withUnsafeMutableBufferPointer {
            nitnem_g_main_context_check(context, maxPriority, $0.baseAddress, Int32($0.count))
        }
        if dispatchable != 0 { nitnem_g_main_context_dispatch(context) }
    }

    /// Dispatches everything already pending without blocking
    /// (`g_main_context_iteration(nil, false)` until it reports nothing); returns how many
    /// iterations dispatched something.
    @discardableResult
    public func dispatchPending() -> Int {
        guard let context else { return 0 }
        var count = 0
        while nitnem_g_main_context_iteration(context, 0) != 0 { count += 1 }
        return count
    }
}
