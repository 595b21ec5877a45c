// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Waits for any of several descriptors: the agent's one blocking call.
package enum Poller {
    /// Waits until one of `items` is ready or `timeoutMilliseconds` pass (-1: forever, 0: just look):
    /// `poll(2)`.
    ///
    /// - Returns: `items` in the same order with `returnedEvents` set; all empty on timeout.
    /// - Important: On EINTR it polls again with the same timeout rather than computing the time
    ///   left: the agent waits with -1 and lets a timerfd carry time, so nothing drifts; a caller with
    ///   a finite timeout accepts that an interruption can lengthen it.
    package static func poll(_ items: [PollItem], timeoutMilliseconds: Int32) throws(SystemError) -> [PollItem] {
        var fds = items.map { pollfd(fd: $0.fileDescriptor, events: $0.events.rawValue, revents: 0) }
        let count = nfds_t(fds.count)
        _ = try Syscall.retrying("poll") {
            fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, count, timeoutMilliseconds) }
        }
        var result = items
        for index in result.indices {
            result[index].returnedEvents = PollEvents(rawValue: fds[index].revents)
        }
        return result
    }
}
