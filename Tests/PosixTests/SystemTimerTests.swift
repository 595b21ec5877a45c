// SPDX-License-Identifier: GPL-3.0-or-later
import CLinux
import Foundation
import Glibc
import NitnemClockKit
import Testing

@testable import Posix

@Suite struct SystemTimerTests {
    /// What the timer says within `milliseconds`: its first read that is not `.notReady`, or
    /// `.notReady` when there was none. A wake that was only a clock kept in step (read as
    /// `.notReady`: see `ClockKeptInStepTests`) is waited past, as the agent's loop does.
    private func next(_ timer: RealtimeTimer, within milliseconds: Int32) throws -> TimerRead {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        repeat {
            let left = max(.zero, deadline - ContinuousClock.now)
            _ = try Poller.poll(
                [PollItem(fileDescriptor: timer.fileDescriptor)],
                timeoutMilliseconds: Int32(left / .milliseconds(1)))
            let read = try timer.read()
            if read != .notReady { return read }
        } while ContinuousClock.now < deadline
        return .notReady
    }

    @Test func armedFiftyMillisecondsAheadFiresOnceAndPollSeesIt() throws {
        let timer = try RealtimeTimer()
        defer { timer.close() }
        let deadline = SystemTestSupport.realtimeNow().addingTimeInterval(0.05)
        #expect(try timer.arm(at: deadline) == .armed)
        #expect(try timer.read() == .notReady)

        #expect(try next(timer, within: 5000) == .expired(1))
        let woke = SystemTestSupport.realtimeNow()
        // 1 µs of slack for the double conversions; the kernel never fires early.
        #expect(woke.timeIntervalSince(deadline) > -0.000_001)
        #expect(woke.timeIntervalSince(deadline) < 1)
        #expect(try timer.read() == .notReady)
        // One-shot: nothing more.
        #expect(try next(timer, within: 100) == .notReady)
    }

    @Test func disarmedTimerNeverFiresWithin200Milliseconds() throws {
        let timer = try RealtimeTimer()
        defer { timer.close() }
        try timer.arm(at: SystemTestSupport.realtimeNow().addingTimeInterval(0.05))
        try timer.disarm()
        #expect(try next(timer, within: 200) == .notReady)
    }

    @Test(arguments: [-10.0, -3600 * 24 * 365 * 60.0, -1e300])
    func armedInThePastFiresImmediately(offset: Double) throws {
        let timer = try RealtimeTimer()
        defer { timer.close() }
        try timer.arm(at: SystemTestSupport.realtimeNow().addingTimeInterval(offset))
        #expect(try next(timer, within: 0) == .expired(1))
    }

    @Test func reArmingReplacesTheEarlierInstant() throws {
        let timer = try RealtimeTimer()
        defer { timer.close() }
        let now = SystemTestSupport.realtimeNow()
        try timer.arm(at: now.addingTimeInterval(0.03))
        try timer.arm(at: now.addingTimeInterval(3600))
        #expect(try next(timer, within: 150) == .notReady)
        try timer.arm(at: .distantFuture)
        #expect(try next(timer, within: 0) == .notReady)
    }

    @Test(
        arguments: [
            (0.0, 0, 1),  // the epoch itself would disarm: moved 1 ns later
            (-5.0, 0, 1),
            (1.5, 1, 500_000_000),
            (1_800_000_000.25, 1_800_000_000, 250_000_000),
            (978_307_200.0, 978_307_200, 0),
        ] as [(Double, Int, Int)])
    func absoluteInstantsBecomeTimespecs(seconds: Double, tvSec: Int, tvNsec: Int) throws {
        let spec = try #require(RealtimeTimer.timespec(for: Date(timeIntervalSince1970: seconds)))
        #expect(spec.tv_sec == tvSec)
        #expect(spec.tv_nsec == tvNsec)
    }

    @Test func nanosecondsSurviveTheConversion() throws {
        // 2027-01-15T00:00:00.123456789Z, built from Date's own reference to keep the fraction.
        let date = Date(timeIntervalSinceReferenceDate: 821_664_000 + 0.123_456_789)
        let spec = try #require(RealtimeTimer.timespec(for: date))
        #expect(spec.tv_sec == 1_799_971_200)
        #expect(abs(spec.tv_nsec - 123_456_789) < 200)
        #expect(RealtimeTimer.timespec(for: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(throws: SystemError(call: "timerfd_settime", errno: EINVAL)) {
            try RealtimeTimer().arm(at: Date(timeIntervalSince1970: .nan))
        }
    }

    /// ECANCELED needs the realtime clock to be set (or a resume), which a test must not do to the
    /// machine; this pins the errno → outcome mapping `read()` applies to it.
    @Test func readErrnosMapToOutcomes() {
        #expect(RealtimeTimer.outcome(ofReadError: ECANCELED) == .clockChanged)
        #expect(RealtimeTimer.outcome(ofReadError: EAGAIN) == .notReady)
        #expect(RealtimeTimer.outcome(ofReadError: EBADF) == nil)
        // Arming after a change not yet read: the kernel armed the timer and says ECANCELED.
        #expect(RealtimeTimer.outcome(ofArmError: ECANCELED) == .clockChanged)
        #expect(RealtimeTimer.outcome(ofArmError: EINVAL) == nil)
        #expect(RealtimeTimer.outcome(ofArmError: EBADF) == nil)
    }

    @Test func closedTimerFailsWithEBADF() throws {
        let timer = try RealtimeTimer()
        timer.close()
        timer.close()
        #expect(timer.fileDescriptor == -1)
        let error = #expect(throws: SystemError.self) { try timer.read() }
        #expect(error?.description == "read: EBADF (Bad file descriptor)")
        #expect(throws: SystemError(call: "timerfd_settime", errno: EBADF)) { try timer.disarm() }
    }
}
