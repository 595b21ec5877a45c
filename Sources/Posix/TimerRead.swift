// SPDX-License-Identifier: GPL-3.0-or-later
/// What a read of a `RealtimeTimer` found.
package enum TimerRead: Equatable, Hashable, Sendable {
    /// The timer expired `count` times since the last read (1 for a one-shot timer).
    case expired(UInt64)
    /// The read failed with ECANCELED: the realtime clock was set (by hand, NTP step) or the
    /// machine resumed from suspend. The timer is no longer armed for its old instant's meaning:
    /// recompute "now" and re-arm.
    case clockChanged
    /// The read failed with EAGAIN: the timer has not expired (a spurious wake-up).
    case notReady
}

/// What arming a `RealtimeTimer` found.
package enum TimerArming: Equatable, Hashable, Sendable {
    /// Armed; no clock change pending.
    case armed
    /// Armed, and the realtime clock was set since the timer last told it (ECANCELED from
    /// `timerfd_settime`): recompute "now", as after a read's `.clockChanged`.
    case clockChanged
}
