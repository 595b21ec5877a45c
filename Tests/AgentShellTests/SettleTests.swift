// SPDX-License-Identifier: GPL-3.0-or-later
import Scheduler
import Testing

@testable import AgentShell

/// The quiet time before a vanished file is believed: counted from the last file event only.
@Suite struct SettleTests {
    let start = ContinuousClock.now

    @Test func otherWakesNeitherRestartNorStarveTheQuietTime() {
        var settle = Settle()
        let wait = AgentCore.Wait.quiet(milliseconds: 250)
        settle.follow(wait, touched: true, now: start)
        // A wake every 100 ms that is not a file (a clock kept in step, a notification): the
        // timeout shrinks, and the folder settles 250 ms after the file event, not never.
        var settledAt: Int?
        for tick in 1...5 {
            let now = start + .milliseconds(100 * tick)
            #expect(settle.timeout(for: wait, now: now) == max(0, Int32(250 - 100 * tick)))
            if settledAt == nil, settle.isDue(for: wait, touched: false, now: now) { settledAt = 100 * tick }
            settle.follow(wait, touched: false, now: now)
        }
        #expect(settledAt == 300)
    }

    @Test func aFileEventStartsItAgain() {
        var settle = Settle()
        let wait = AgentCore.Wait.quiet(milliseconds: 250)
        settle.follow(wait, touched: true, now: start)
        let later = start + .milliseconds(200)
        #expect(!settle.isDue(for: wait, touched: true, now: later + .milliseconds(100)))
        settle.follow(wait, touched: true, now: later)
        #expect(!settle.isDue(for: wait, touched: false, now: later + .milliseconds(249)))
        #expect(settle.isDue(for: wait, touched: false, now: later + .milliseconds(250)))
    }

    @Test func drainSettlesAtTheFirstWakeWithoutAFileAndNoWaitHasNoTimeout() {
        var settle = Settle()
        settle.follow(.drain, touched: true, now: start)
        #expect(settle.timeout(for: .drain, now: start) == 0)
        #expect(!settle.isDue(for: .drain, touched: true, now: start))
        #expect(settle.isDue(for: .drain, touched: false, now: start))
        // A longer wait asked next starts its own quiet time.
        settle.follow(.quiet(milliseconds: 300), touched: false, now: start)
        #expect(settle.timeout(for: .quiet(milliseconds: 300), now: start) == 300)
        settle.follow(nil, touched: false, now: start)
        #expect(settle.timeout(for: nil, now: start) == -1)
        #expect(!settle.isDue(for: nil, touched: false, now: start + .seconds(9)))
    }

    @Test(arguments: [
        (Duration.zero, Int32(0)), (.nanoseconds(1), 1), (.milliseconds(250), 250), (.microseconds(1500), 2),
    ])
    func pollTimeoutsRoundUp(_ duration: Duration, _ milliseconds: Int32) {
        #expect(duration.pollMilliseconds == milliseconds)
    }
}
