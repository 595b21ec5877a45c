import NitnemClockKit
import Scheduler
import Snapshot
import Testing

@Suite struct JourneyTests {
    static func day(_ s: String) -> CivilDate { CivilDate(s)! }

    static func progress(complete: [String], partial: [String: Int]) -> [String: BaniProgress] {
        let ids = EmbeddedRegistry.snapshot.dailyIDs
        var out: [String: BaniProgress] = [:]
        for (i, id) in ids.enumerated() {
            var days = Set(complete.map(day))
            for (d, n) in partial where i < n { days.insert(day(d)) }
            out[id] = BaniProgress(completedDays: days)
        }
        return out
    }

    @Test func countsCompleteDaysAndTheStreak() {
        let p = Self.progress(
            complete: ["2026-11-26", "2026-11-27", "2026-11-28"], partial: ["2026-11-29": 3, "2026-11-20": 1])
        let j = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"))
        #expect(j.days.count == 30)
        #expect(j.total == 7)
        #expect(j.completeDays == 3)
        // Today is still open: the streak counts up to yesterday.
        #expect(j.streak == 3)
        #expect(j.days[19].done == 1)
        #expect(j.days[28].done == 3)
        #expect(j.days[29].future)
        let text = j.text
        #expect(text.hasPrefix("November 2026 · 3 complete days · streak 3"))
        // 2026-11-01 is a Sunday: the first week row has one cell, in the last column.
        #expect(text.split(separator: "\n")[2] == "                         ·")
    }

    @Test func aCompleteTodayExtendsTheStreakAndAGapEndsIt() {
        let p = Self.progress(complete: ["2026-11-25", "2026-11-27", "2026-11-28", "2026-11-29"], partial: [:])
        let j = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"))
        #expect(j.streak == 3)
        #expect(j.json["streak"] == .int(3))
        #expect(j.json["completeDays"] == .int(4))
    }

    @Test func februaryOfALeapYear() {
        let j = Journey(
            year: 2028, month: 2, snapshot: EmbeddedRegistry.snapshot, progress: [:], today: Self.day("2028-03-01"))
        #expect(j.days.count == 29)
        #expect(j.streak == 0)
    }
}
