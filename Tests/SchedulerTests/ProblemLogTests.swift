// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import Testing

@testable import Scheduler

/// When a problem is said: once while it lasts, again after it cleared (at most once a minute on
/// the channels that wait), keyed by typed fields, never by the digits of a message.
@Suite struct ProblemLogTests {
    static let t0 = Date(timeIntervalSinceReferenceDate: 0)

    static func cut(line: Int) -> GroupFileError {
        GroupFileError(.truncated, path: "/g/nitnem-progress.json", problem: "ends early at line \(line), column 7")
    }

    @Test func aFileCutAtAnotherLineIsTheSameProblem() {
        var log = ProblemLog()
        let r1 = log.say(.groupFile(Self.cut(line: 3)), now: Self.t0)
        #expect(r1)
        let r2 = log.say(.groupFile(Self.cut(line: 9)), now: Self.t0 + 1)
        #expect(!r2, "same file and code: one problem")
        let other = GroupFileError(.shape, path: "/g/nitnem-progress.json", jsonPath: "$.schema", problem: "not 1")
        let r3 = log.say(.groupFile(other), now: Self.t0 + 2)
        #expect(r3, "another code is another problem")
        let snapshot = GroupFileError(.truncated, path: "/g/nitnem-snapshot.json", problem: "ends early")
        let r4 = log.say(.groupFile(snapshot), now: Self.t0 + 2)
        #expect(r4, "another file is another problem")
    }

    /// (seconds after it was said that it comes back, channel, said again)
    @Test(arguments: [
        (30.0, ProblemLog.Channel.groupFiles, false), (60, .groupFiles, true), (61, .groupFiles, true),
        (1, .timelineWrite, true), (1, .ledgerSave, true), (1, .notificationServer, true),
    ])
    func aProblemThatComesBackAfterItClearedIsSaidAgain(
        _ after: TimeInterval, _ channel: ProblemLog.Channel, _ said: Bool
    ) {
        var log = ProblemLog()
        let key = ProblemLog.Key(channel, subject: "/g/x", code: "system ENOSPC")
        let r5 = log.say(key, now: Self.t0)
        #expect(r5)
        let r6 = log.clear(channel)
        #expect(r6, "a line was said since the channel last cleared")
        let r7 = log.clear(channel)
        #expect(!r7, "nothing said since")
        let r8 = log.say(key, now: Self.t0 + after)
        #expect(r8 == said)
    }

    @Test func aProblemHeldBackIsNotClearedAsSaid() {
        var log = ProblemLog()
        let key = ProblemLog.Key.groupFile(Self.cut(line: 1))
        let r9 = log.say(key, now: Self.t0)
        #expect(r9)
        log.clear(.groupFiles)
        let r10 = log.say(key, now: Self.t0 + 10)
        #expect(!r10, "back within the minute: held back")
        #expect(log.hasProblems(.groupFiles))
        let r11 = log.clear(.groupFiles)
        #expect(!r11, "nothing was said, so no 'problems cleared'")
    }

    @Test func clearingOneChannelLeavesTheOthers() {
        var log = ProblemLog()
        let write = ProblemLog.Key(.timelineWrite, subject: "/g/widgets/NitnemNow.json", code: "system ENOSPC")
        let save = ProblemLog.Key(.ledgerSave, subject: "/s/reminders.json", code: "system ENOSPC")
        let (sayWrite, saySave) = (log.say(write, now: Self.t0), log.say(save, now: Self.t0))
        #expect(sayWrite && saySave)
        log.clear(.timelineWrite)
        let r12 = log.say(save, now: Self.t0 + 1)
        #expect(!r12, "the save's problem still lasts")
        let r13 = log.say(write, now: Self.t0 + 1)
        #expect(r13)
    }

    @Test func replaceSaysOnlyWhatIsNew() {
        var log = ProblemLog()
        let a = ProblemLog.Key.warning("a"), b = ProblemLog.Key.warning("b")
        let r14 = log.replace(.fileWarnings, with: [a, b, a], now: Self.t0)
        #expect(r14 == [a, b], "duplicates once")
        let r15 = log.replace(.fileWarnings, with: [a, b], now: Self.t0 + 1).isEmpty
        #expect(r15, "lasting warnings are no news")
        let r16 = log.replace(.fileWarnings, with: [b], now: Self.t0 + 2).isEmpty
        #expect(r16)
        let r17 = log.replace(.fileWarnings, with: [a, b], now: Self.t0 + 3).isEmpty
        #expect(r17, "back within the minute")
        let r18 = log.replace(.fileWarnings, with: [b], now: Self.t0 + 4).isEmpty
        #expect(r18)
        let r19 = log.replace(.fileWarnings, with: [a, b], now: Self.t0 + 61)
        #expect(r19 == [a], "back after a minute")
    }

    @Test func aConfigProblemIsSaidWhenItChanges() {
        var log = ProblemLog()
        func bad(_ line: Int) -> ProblemLog.Key {
            .config(ConfigError(.badValue, path: "/c/config", line: line, problem: "snooze must be …"))
        }
        let r20 = log.replace(.config, with: [bad(3)], now: Self.t0)
        #expect(r20 == [bad(3)])
        let r21 = log.replace(.config, with: [bad(3)], now: Self.t0 + 1).isEmpty
        #expect(r21, "the same file read again")
        let r22 = log.replace(.config, with: [bad(4)], now: Self.t0 + 2)
        #expect(r22 == [bad(4)])
        let r23 = log.replace(.config, with: [bad(3)], now: Self.t0 + 3)
        #expect(r23 == [bad(3)], "no minute's wait for the config")
    }
}
