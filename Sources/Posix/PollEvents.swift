// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// `poll(2)` event bits: what to wait for (`events`) and what happened (`revents`).
package struct PollEvents: FlagSet {
    /// The `POLL*` bits.
    package let rawValue: Int16

    /// A set of raw `POLL*` bits.
    package init(rawValue: Int16) { self.rawValue = rawValue }

    /// `POLLIN`: data to read (a timer expired, events queued, a signal pending).
    package static let readable = PollEvents(POLLIN)
    /// `POLLPRI`: urgent data.
    package static let priority = PollEvents(POLLPRI)
    /// `POLLOUT`: writing will not block.
    package static let writable = PollEvents(POLLOUT)
    /// `POLLERR` (reported only): an error condition.
    package static let error = PollEvents(POLLERR)
    /// `POLLHUP` (reported only): the other end hung up.
    package static let hangup = PollEvents(POLLHUP)
    /// `POLLNVAL` (reported only): the descriptor is not open.
    package static let invalid = PollEvents(POLLNVAL)

    /// Each flag's name, for `description`.
    package static let names: KeyValuePairs<PollEvents, String> = [
        .readable: "readable", .priority: "priority", .writable: "writable", .error: "error", .hangup: "hangup",
        .invalid: "invalid",
    ]
}
