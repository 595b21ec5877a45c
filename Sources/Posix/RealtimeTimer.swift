// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc
import NitnemClockKit

/// A `CLOCK_REALTIME` timerfd armed at absolute wall-clock instants, which also reports clock jumps.
///
/// Poll `fileDescriptor` for readability, then `read()`. Armed with `TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET`, so the timer fires at the instant the realtime clock reads `date`
/// even when the clock is stepped in between, and a step (or resume from suspend) wakes the
/// reader with `.clockChanged`.
///
/// A set that moved the clock less than `stepTolerance` from where it stood at the last reported
/// change is not reported (the timer stays armed for its absolute instant): some virtual machines'
/// hosts keep the guest's clock in step by setting it ten times a second by microseconds, which
/// would otherwise wake the reader ten times a second. Suspend and resume moves the realtime
/// clock against the monotonic one by the time asleep, so it is reported.
///
/// - Important: After `.clockChanged` the caller must recompute its next instant and call
///   `arm(at:)` again: the kernel reports each change once, and only re-arming resets the
///   cancel-on-set state.
/// - Important: Owns its descriptor: `close()` it, or let `deinit` do it. Not thread-safe.
package final class RealtimeTimer {
    private let descriptor: FileDescriptor
    /// The timerfd, for `Poller`; -1 once closed.
    package var fileDescriptor: Int32 { descriptor.rawValue }
    /// A smaller step of the realtime clock (against the monotonic one) is not news: half a second.
    package static let stepTolerance = 0.5
    /// The realtime clock less the monotonic one at the start or the last reported change.
    private var reportedOffset = RealtimeTimer.wallOffset()

    /// A new disarmed timer: `timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC)`.
    package init() throws(SystemError) {
        descriptor = FileDescriptor(
            owning: try Syscall.retrying("timerfd_create") {
                timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
            })
    }

    /// Arms the timer to fire once when the realtime clock reaches `date` (nanosecond resolution,
    /// as far as `Date`'s double allows: about 0.1 µs today). A `date` in the past fires at once.
    /// Calls `timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, …)`.
    /// - Returns: `.clockChanged` when the clock was set since the timer last told it (after the
    ///   last read, or during this call): `timerfd_settime` then fails with ECANCELED, though the
    ///   kernel has started the timer first (fs/timerfd.c, `timerfd_setup`), so it is armed all the
    ///   same and the change is news, as a read's `.clockChanged` is; otherwise `.armed`.
    /// - Throws: `SystemError` (`timerfd_settime: EINVAL` for a NaN date).
    @discardableResult
    package func arm(at date: Date) throws(SystemError) -> TimerArming {
        guard let value = Self.timespec(for: date) else {
            throw SystemError(call: "timerfd_settime", errno: EINVAL)
        }
        do {
            try settime(value, flags: Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET))
        } catch {
            guard let outcome = Self.outcome(ofArmError: error.errno) else { throw error }
            return outcome == .clockChanged && !stepped() ? .armed : outcome
        }
        return .armed
    }

    /// Disarms the timer: `timerfd_settime` with a zero `it_value`. An expiry not yet read stays readable.
    package func disarm() throws(SystemError) {
        try settime(Glibc.timespec(tv_sec: 0, tv_nsec: 0), flags: 0)
    }

    /// Reads the expiry count: `read(2)` of the timerfd's 8-byte counter.
    /// - Returns: `.expired(n)`, `.clockChanged` (ECANCELED) or `.notReady` (EAGAIN).
    /// - Throws: `SystemError` for any other errno (e.g. `read: EBADF` after `close()`).
    package func read() throws(SystemError) -> TimerRead {
        var bytes = [UInt8](repeating: 0, count: 8)
        do {
            guard case .done = try descriptor.read(into: &bytes) else { return .notReady }
        } catch {
            guard let outcome = Self.outcome(ofReadError: error.errno) else { throw error }
            return outcome == .clockChanged && !stepped() ? .notReady : outcome
        }
        return .expired(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
    }

    /// Closes the timerfd (`close(2)`); later calls fail with EBADF. Idempotent.
    package func close() { descriptor.close() }

    /// Whether the realtime clock moved at least `stepTolerance` against the monotonic one since
    /// the last reported change (which this one then becomes).
    private func stepped() -> Bool {
        let offset = Self.wallOffset()
        guard abs(offset - reportedOffset) >= Self.stepTolerance else { return false }
        reportedOffset = offset
        return true
    }

    /// `CLOCK_REALTIME` less `CLOCK_MONOTONIC`, in seconds: constant while nobody sets the clock.
    static func wallOffset() -> Double {
        var real = Glibc.timespec()
        var monotonic = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        clock_gettime(CLOCK_REALTIME, &real)
        return Double(real.tv_sec - monotonic.tv_sec) + 1e-9 * Double(real.tv_nsec - monotonic.tv_nsec)
    }

    /// The non-error outcome a failed timerfd read stands for, if any.
    static func outcome(ofReadError code: Int32) -> TimerRead? {
        switch code {
        case EAGAIN: return .notReady
        case ECANCELED: return .clockChanged
        default: return nil
        }
    }

    /// The outcome a failed arming stands for, if it is not an error.
    static func outcome(ofArmError code: Int32) -> TimerArming? {
        code == ECANCELED ? .clockChanged : nil
    }

    /// `date` as an absolute `CLOCK_REALTIME` timespec; nil for NaN.
    /// - Important: Never all zeros (that would disarm): instants at or before the epoch become
    ///   1 ns after it, which is in the past and so fires at once.
    static func timespec(for date: Date) -> Glibc.timespec? {
        // Split relative to 2001 (Date's own reference) where the double has more fraction bits.
        let reference = date.timeIntervalSinceReferenceDate
        if reference.isNaN { return nil }
        let epochOffset = Int64(Date.secondsFrom1970To2001)
        let limit = Double(Int64.max / 2)
        guard reference < limit else { return Glibc.timespec(tv_sec: Int(Int64.max / 2), tv_nsec: 0) }
        guard reference > -limit else { return Glibc.timespec(tv_sec: 0, tv_nsec: 1) }
        let whole = reference.rounded(.down)
        var seconds = Int64(whole) + epochOffset
        var nanoseconds = Int64(((reference - whole) * 1e9).rounded())
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        if seconds < 0 || (seconds == 0 && nanoseconds == 0) { return Glibc.timespec(tv_sec: 0, tv_nsec: 1) }
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    }

    private func settime(_ value: Glibc.timespec, flags: Int32) throws(SystemError) {
        var spec = itimerspec(it_interval: Glibc.timespec(tv_sec: 0, tv_nsec: 0), it_value: value)
        let fd = fileDescriptor
        _ = try Syscall.retrying("timerfd_settime") { timerfd_settime(fd, flags, &spec, nil) }
    }
}
