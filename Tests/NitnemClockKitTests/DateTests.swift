// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// NitnemClockKit's `Date` and `DateInterval` give the same doubles, order and text as Foundation's.
@Suite struct DateTests {
    static let seconds: [Double] = {
        var random = SeededRandom(seed: 20_261_201)
        let fixed: [Double] = [0, -1, 1, 0.25, 978_307_200, 1_764_426_600.5, -62_135_596_800, 253_402_300_799, 1e-9]
        return fixed + (0..<2_000).map { _ in Double.random(in: -7e10...7e10, using: &random) }
    }()

    @Test func sameArithmeticAsFoundation() {
        for s in Self.seconds {
            let ours = Date(timeIntervalSince1970: s)
            let theirs = Foundation.Date(timeIntervalSince1970: s)
            #expect(ours.timeIntervalSinceReferenceDate == theirs.timeIntervalSinceReferenceDate, "\(s)")
            #expect(ours.timeIntervalSince1970 == theirs.timeIntervalSince1970, "\(s)")
            #expect(ours.addingTimeInterval(0.1).foundation == theirs.addingTimeInterval(0.1), "\(s)")
            #expect((ours - 86_400).foundation == theirs - 86_400, "\(s)")
            let other = Date(timeIntervalSince1970: s / 3)
            #expect(ours.timeIntervalSince(other) == theirs.timeIntervalSince(other.foundation), "\(s)")
            #expect((ours < other) == (theirs < other.foundation), "\(s)")
        }
        #expect(Date.distantPast.foundation == Foundation.Date.distantPast)
        #expect(Date.distantFuture.foundation == Foundation.Date.distantFuture)
    }

    @Test func describedAsFoundationDescribesItself() {
        // Foundation describes years up to 4000 (past that: "<description unavailable>").
        for s in Self.seconds where s >= -62_135_596_800 && s < 64_060_588_800 {
            let whole = s.rounded(.down)
            #expect(
                Date(timeIntervalSince1970: whole).description
                    == Foundation.Date(timeIntervalSince1970: whole).description)
        }
    }

    @Test func intervalsAsFoundationKeepsThem() {
        for (a, b) in zip(Self.seconds, Self.seconds.dropFirst()) {
            let (lo, hi) = (min(a, b), max(a, b))
            let ours = DateInterval(start: Date(timeIntervalSince1970: lo), end: Date(timeIntervalSince1970: hi))
            let theirs = Foundation.DateInterval(
                start: Foundation.Date(timeIntervalSince1970: lo), end: Foundation.Date(timeIntervalSince1970: hi))
            #expect(ours.duration == theirs.duration)
            #expect(ours.end.foundation == theirs.end)
            for probe in [lo, hi, (lo + hi) / 2, lo - 1, hi + 1] {
                let t = Date(timeIntervalSince1970: probe)
                #expect(ours.contains(t) == theirs.contains(t.foundation), "\(lo) \(hi) \(probe)")
            }
        }
    }
}
