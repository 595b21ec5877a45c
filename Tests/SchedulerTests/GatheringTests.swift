// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import Testing

@testable import Scheduler

/// File events gathered until a read, and the confirmations that hold back a read that looks like
/// a loss.
@Suite struct GatheringTests {
    static let debounce = AgentCore.Wait.quiet(milliseconds: 5)
    static let settle = AgentCore.Wait.quiet(milliseconds: 250)

    @Test func theLastEventDecidesHowLongToWait() {
        var g = Gathering()
        #expect(g.waiting == nil)
        g.filesTouched(whole: false)
        #expect(g.waiting == Self.debounce)
        g.filesTouched(whole: true)
        #expect(g.waiting == .drain, "a rename into place after a create is whole")
        g.configTouched(whole: false)
        #expect(g.waiting == Self.settle, "the longer of the two waits")
        let r24 = g.settled()
        #expect(r24 == [.readConfig, .readFiles], "the config first")
        #expect(g.waiting == nil)
        let none = g.settled()
        #expect(none.isEmpty)
    }

    /// Syncthing renames the main file away as the copy, renames its version into place and then
    /// sets that file's time: a merge is written only after a settle time of quiet.
    @Test func aCopyHoldsTheReadForASettleTimeWhateverFollows() {
        var g = Gathering()
        g.filesTouched(whole: false)  // the main file moved away (as the copy)
        g.copyArrived()
        #expect(g.waiting == Self.settle)
        g.filesTouched(whole: true)  // the engine's version renamed into place
        #expect(g.waiting == Self.settle, "not drained at once")
        g.folderChanged()
        #expect(g.waiting == Self.settle)
        #expect(g.settled() == [.readFiles])
        // After that read, a whole file is drained again.
        g.filesTouched(whole: true)
        #expect(g.waiting == .drain)
    }

    @Test func eventsLostDoNotShortenAWait() {
        var g = Gathering()
        g.filesTouched(whole: true)
        g.eventsLost()
        #expect(g.waiting == .drain)
        var idle = Gathering()
        idle.eventsLost()
        #expect(idle.waiting == Self.debounce)
    }

    @Test func aVanishedFileIsBelievedOnlyWhenReadAfterAWholeQuietSettle() {
        var g = Gathering()
        let r25 = g.believeVanish()
        #expect(!r25, "first sight: settle first")
        #expect(g.waiting == Self.settle)
        // A burst in between (a writer still churning): the read is not after a whole settle.
        g.filesTouched(whole: false)
        let r26 = g.settled()
        #expect(r26 == [.readFiles])
        let r27 = g.believeVanish()
        #expect(!r27, "read after a burst: settle again")
        let r28 = g.settled()
        #expect(r28 == [.readFiles])
        let r29 = g.believeVanish()
        #expect(r29, "read after a whole quiet settle: believed")
        #expect(g.files == .idle)
    }

    @Test func aGoodReadEndsTheConfirmationAndKeepsWhatIsGathering() {
        var g = Gathering()
        _ = g.believeVanish()
        g.filesTouched(whole: true)
        g.endVanish()
        #expect(g.files == .pending(.drain))
    }

    @Test func anEmptyConfigIsBelievedTheSecondTime() {
        var g = Gathering()
        let r30 = g.believeEmptyConfig()
        #expect(!r30)
        #expect(g.waiting == Self.settle)
        let r31 = g.settled()
        #expect(r31 == [.readConfig])
        let r32 = g.believeEmptyConfig()
        #expect(r32)
        #expect(g.config == .idle)
        // A config read that is not empty ends a confirmation.
        _ = g.believeEmptyConfig()
        g.endEmptyConfig()
        let r33 = g.believeEmptyConfig()
        #expect(!r33, "confirming afresh")
    }
}
