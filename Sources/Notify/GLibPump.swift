// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibnotify
import Posix

/// Runs the default GLib main context from the caller's own `poll(2)` loop.
///
/// libnotify delivers "Read now" clicks as D-Bus signals dispatched on the default GLib
/// main context. Rather than a second thread or a spinning `g_main_context_iteration`,
/// GLib's descriptors join the caller's `PollSet` as `.glib`, in one wait:
///
/// ```swift
/// var set = PollSet()
/// set.add(.signals, fileDescriptor: signals.fileDescriptor)
/// let ready = try pump.wait(set, timeoutMilliseconds: -1)   // prepare, poll, check, dispatch
/// if !ready[.signals].isEmpty { … }
/// ```
///
/// - Important: Use it from one thread only.
package final class GLibPump {
    /// The default main context; nil when GLib could not be loaded (the pump then has nothing to poll).
    private let context: OpaquePointer?
    private var owned: Bool
    private var maxPriority: Int32 = 0
    private var pollFDs: [GPollFD] = []

    /// A pump over the default main context (`g_main_context_default`), acquired by the
    /// calling thread (`g_main_context_acquire`).
    ///
    /// GLib is loaded here if it is not yet (with libnotify, see `LibnotifyNotifier`). When it
    /// cannot be, the pump asks for nothing and dispatches nothing; the notifier reports why.
    package init() {
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
    package func close() {
        if owned { nitnem_g_main_context_release(context) }
        owned = false
    }

    /// Waits on `set` and GLib's descriptors together (GLib's own timeout bounding
    /// `timeoutMilliseconds`, -1: none), then dispatches what GLib has ready (the handlers run
    /// now, on this thread); returns what was ready, GLib's descriptors as `.glib`.
    /// - Throws: `SystemError` when `poll` fails (GLib's cycle is still closed, with nothing ready).
    package func wait(_ set: PollSet, timeoutMilliseconds: Int32) throws(SystemError) -> PollSet.Ready {
        var set = set
        var timeout = timeoutMilliseconds
        if let glibTimeout = prepare(adding: &set), glibTimeout >= 0 {
            timeout = timeout < 0 ? glibTimeout : min(timeout, glibTimeout)
        }
        let ready: PollSet.Ready
        do {
            ready = try set.wait(timeoutMilliseconds: timeout)
        } catch {
            // Every prepare is followed by one check: a failed poll is one where nothing was ready.
            dispatch([])
            throw error
        }
        dispatch(ready.descriptors(of: .glib))
        return ready
    }

    /// Adds GLib's descriptors to `set` as `.glib` (`g_main_context_prepare` + `query`); returns
    /// the longest GLib may wait, in milliseconds (-1: no limit, 0: a source is ready now), or nil
    /// when there is no GLib.
    /// - Important: Each call must be followed by exactly one `dispatch` (GLib's prepare, query,
    ///   check, dispatch cycle); `wait` does both.
    package func prepare(adding set: inout PollSet) -> Int32? {
        guard let context else { return nil }
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
        for fd in pollFDs {
            set.add(.glib, fileDescriptor: fd.fd, events: PollEvents(rawValue: Int16(bitPattern: fd.events)))
        }
        return readyNow ? 0 : timeout
    }

    /// Dispatches what is ready (`g_main_context_check` + `dispatch`), given what `poll(2)`
    /// reported for GLib's descriptors (descriptors not listed had no events).
    package func dispatch(_ ready: [PollItem]) {
        guard let context else { return }
        for index in pollFDs.indices {
            let revents = ready.reduce(Int16(0)) {
                $1.fileDescriptor == pollFDs[index].fd ? $0 | $1.returnedEvents.rawValue : $0
            }
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
    package func dispatchPending() -> Int {
        guard let context else { return 0 }
        var count = 0
        while nitnem_g_main_context_iteration(context, 0) != 0 { count += 1 }
        return count
    }
}
