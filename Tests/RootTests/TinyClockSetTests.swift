// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import NitnemClockKit
import Posix
import TestSupport
import Testing

/// A clock set by less than `stepTolerance` (as a host keeping a virtual machine's clock in step does,
/// ten times a second) is no news: the timer stays armed and says nothing. The clock is set to what it
/// reads (a step of nanoseconds), which needs CAP_SYS_TIME: the tests run as root.
@Suite(.serialized) struct TinyClockSetTests {
    static func setClockToItself() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #expect(clock_settime(CLOCK_REALTIME, &now) == 0, "clock_settime: errno \(errno)")
    }

    @Test func aTinySetIsNotAChangeAndTheTimerStillFires() throws {
        let timer = try RealtimeTimer()
        defer { timer.close() }
        let deadline = Date.realNow().addingTimeInterval(0.3)
        #expect(try timer.arm(at: deadline) == .armed)
        for _ in 0..<5 {
            Self.setClockToItself()
            // Told by a read (ECANCELED underneath): not reported.
            #expect(try timer.read() == .notReady)
        }
        Self.setClockToItself()
        // Told by an arming: armed, not a change.
        #expect(try timer.arm(at: deadline) == .armed)
        var fired = false
        let stop = ContinuousClock.now + .seconds(5)
        while !fired, ContinuousClock.now < stop {
            _ = try Poller.poll([PollItem(fileDescriptor: timer.fileDescriptor)], timeoutMilliseconds: 100)
            if case .expired = try timer.read() { fired = true }
        }
        #expect(fired)
        #expect(Date.realNow() >= deadline.addingTimeInterval(-0.000_001))
    }
}
