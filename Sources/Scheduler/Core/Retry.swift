// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// The back-off after failed reminder shows (no notification server): at most one slot backs off,
/// and a slot of another band starts afresh.
package enum Retry: Hashable, Sendable {
    /// Nothing to retry.
    case idle
    /// `failures` shows in a row failed for the slot; the next try is not before `until`.
    case backingOff(SlotKey, failures: Int, until: Date)

    /// The wait after `failures` failures in a row: 30 s, 1, 2, 4 … minutes, at most 10.
    package static func delay(afterFailures failures: Int) -> TimeInterval {
        min(30 * Double(1 << min(max(failures, 1) - 1, 5)), 600)
    }

    /// The state after a show for `slot` failed at `now`: one more failure for the same slot, the
    /// first for another.
    package func failed(_ slot: SlotKey, at now: Date) -> Retry {
        var failures = 1
        if case .backingOff(slot, let earlier, _) = self { failures = earlier + 1 }
        return .backingOff(slot, failures: failures, until: now.addingTimeInterval(Self.delay(afterFailures: failures)))
    }

    /// The state once the current slot is `slot`: a back-off of another slot is over.
    package func entering(_ slot: SlotKey) -> Retry {
        if case .backingOff(let backingOff, _, _) = self, backingOff != slot { return .idle }
        return self
    }

    /// Whether a reminder for `slot` is held back at `now`.
    package func holds(_ slot: SlotKey, at now: Date) -> Bool {
        if case .backingOff(slot, _, let until) = self { return now < until }
        return false
    }

    /// The next try, if it is after `now`: a wake the shell must arm.
    package func wake(after now: Date) -> Date? {
        if case .backingOff(_, _, let until) = self, until > now { return until }
        return nil
    }
}

/// The back-off after failed writes of the widget timeline (a full disk, a read-only folder):
/// freeing space is no event, so the core wakes to write again, 1 s doubling to 5 minutes.
package enum WriteRetry: Hashable, Sendable {
    /// The last write landed (or none failed).
    case idle
    /// `failures` writes in a row failed; the next try is at `until`.
    case backingOff(failures: Int, until: Date)

    /// The wait after `failures` failures in a row: 1, 2, 4 … seconds, at most 300.
    package static func delay(afterFailures failures: Int) -> TimeInterval {
        min(Double(1 << (min(max(failures, 1), 20) - 1)), 300)
    }

    /// The state after a write failed at `now`.
    package func failedWrite(at now: Date) -> WriteRetry {
        var failures = 1
        if case .backingOff(let earlier, _) = self { failures = earlier + 1 }
        return .backingOff(failures: failures, until: now.addingTimeInterval(Self.delay(afterFailures: failures)))
    }

    /// The next try, if it is after `now`.
    package func wake(after now: Date) -> Date? {
        if case .backingOff(_, let until) = self, until > now { return until }
        return nil
    }
}
