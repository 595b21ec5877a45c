// SPDX-License-Identifier: GPL-3.0-or-later
/// What a descriptor in a `PollSet` is: every source the product polls has a name, so a wait is
/// answered by name, never by a position in a poll array.
package enum PollSource: Hashable, Sendable {
    /// A signalfd.
    case signals
    /// An inotify instance.
    case inotify
    /// A timerfd.
    case timer
    /// GLib's main context (one or more descriptors).
    case glib
    /// A stream of click events (i3blocks writes them to a block's stdin).
    case clicks
    /// The descriptor output goes to, polled for an error or hang-up only (its reader went away).
    case output
}

/// One `poll(2)` over named sources.
package struct PollSet: Sendable {
    private var items: [PollItem] = []
    private var sources: [PollSource] = []

    /// An empty set.
    package init() {}

    /// Adds `fileDescriptor` as (one of the descriptors of) `source`, waiting for `events`
    /// (readability unless told; none: only an error or hang-up is reported). A negative descriptor
    /// is skipped by the kernel and never ready.
    package mutating func add(_ source: PollSource, fileDescriptor: Int32, events: PollEvents = .readable) {
        items.append(PollItem(fileDescriptor: fileDescriptor, events: events))
        sources.append(source)
    }

    /// How many descriptors it holds.
    package var count: Int { items.count }

    /// Waits until a descriptor is ready or `timeoutMilliseconds` pass (-1: forever, 0: just look);
    /// see `Poller.poll`.
    package func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Ready {
        let polled = try Poller.poll(items, timeoutMilliseconds: timeoutMilliseconds)
        return Ready(items: Array(zip(sources, polled).filter { $0.1.isReady }))
    }

    /// What one wait found ready, by source.
    package struct Ready: Sendable {
        /// The ready descriptors with their sources, in the order they were added.
        let items: [(PollSource, PollItem)]

        /// Nothing was ready: the wait timed out.
        package var isEmpty: Bool { items.isEmpty }

        /// What `poll` reported for `source` (the union over its descriptors; empty: not ready).
        package subscript(_ source: PollSource) -> PollEvents {
            items.reduce(PollEvents()) { $1.0 == source ? $0.union($1.1.returnedEvents) : $0 }
        }

        /// The ready descriptors of `source`, with what `poll` reported for each.
        package func descriptors(of source: PollSource) -> [PollItem] {
            items.filter { $0.0 == source }.map(\.1)
        }
    }
}
