// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

@Suite struct JourneyTests {
    /// The zone the journeys count their practices in (every date of these months is a Nitnem day).
    static let zone = ZoneFiles.calendar("UTC")

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
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(j.days.count == 30)
        #expect(j.total == 7)
        #expect(j.completeDays == 3)
        // Today is still open: the streak counts up to yesterday.
        #expect(j.currentStreak == 3)
        #expect(j.days[19].done == 1)
        #expect(j.days[28].done == 3)
        #expect(j.days[29].future)
        let text = j.text
        #expect(text.hasPrefix("November 2026 · 3 complete days · current streak 3 · longest 3 this month, 3 overall"))
        // 2026-11-01 is a Sunday: the first week's rows have one cell, in the last column.
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[2] == "                          1")
        #expect(rows[3] == "                          ·")
        // Today, partly read, is in progress: its own mark, never a miss.
        #expect(rows[10] == " 23  24  25  26  27  28  29")
        #expect(rows[11] == "  ·   ·   ·   ✓   ✓   ✓   …")
        #expect(j.days[28].inProgress)
        #expect(!j.days[27].inProgress)
    }

    @Test func aCompleteTodayExtendsTheStreakAndAGapEndsIt() {
        let p = Self.progress(complete: ["2026-11-25", "2026-11-27", "2026-11-28", "2026-11-29"], partial: [:])
        let j = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(j.currentStreak == 3)
        #expect(j.json["currentStreak"] == .int(3))
        #expect(j.json["completeDays"] == .int(4))
    }

    /// The month key has four digits of year, as a day key: `0002-01`, never `2-01`.
    @Test(arguments: [(2, 1, "0002-01"), (999, 12, "0999-12"), (2026, 11, "2026-11"), (9998, 12, "9998-12")])
    func theMonthKeyHasFourDigitsOfYear(_ year: Int, _ month: Int, _ key: String) {
        let today = CivilDate(year: year, month: month, day: 1)!
        let j = Journey(
            year: year, month: month, snapshot: EmbeddedRegistry.snapshot, progress: [:], today: today,
            calendar: JourneyTests.zone)
        #expect(j.monthKey == key)
        #expect(j.json["month"] == .string(key))
    }

    @Test func februaryOfALeapYear() {
        let j = Journey(
            year: 2028, month: 2, snapshot: EmbeddedRegistry.snapshot,
            progress: Self.progress(complete: ["2028-01-15"], partial: [:]), today: Self.day("2028-03-01"),
            calendar: JourneyTests.zone)
        #expect(j.days.count == 29)
        #expect(j.currentStreak == 0)
    }

    @Test func theLastWeekHasNoEmptyRowAndFutureDaysKeepTheirNumbers() {
        let j = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot,
            progress: Self.progress(complete: [], partial: [:]),
            today: Self.day("2026-11-10"), calendar: JourneyTests.zone)
        let rows = j.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!rows.contains { $0.isEmpty })
        // The 30th, a Monday, is a row of its own; its mark row is blank, so left out.
        #expect(rows[rows.count - 3] == " 30")
        #expect(rows[rows.count - 2] == "Today (2026-11-10): 0 of 7 read, in progress")
        guard case .array(let days)? = j.json["days"] else { Issue.record("no days"); return }
        #expect(days.count == 10)
    }

    @Test func aTodayWithNothingReadIsInProgressNotAMiss() {
        let j = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot,
            progress: Self.progress(complete: ["2026-11-28"], partial: [:]), today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(j.days[28].inProgress)
        #expect(j.days[28].done == 0)
        #expect(j.currentStreak == 1)
        #expect(j.text.contains("Today (2026-11-29): 0 of 7 read, in progress"))
    }

    @Test func theLongestStreakSpansTwoMonths() {
        let complete = (0..<7).map { Self.day("2026-10-28").adding(days: $0).description }
        let p = Self.progress(complete: complete + ["2026-11-20"], partial: [:])
        let november = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(november.longestInMonth == 3)
        #expect(november.longestOverall == 7)
        #expect(november.currentStreak == 0)
        let october = Journey(
            year: 2026, month: 10, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(october.longestInMonth == 4)
        #expect(october.json["longestStreak"] == .object([("month", .int(4)), ("overall", .int(7))]))
    }

    @Test func monthsBeforeTheFirstRecordOrAfterTodayAreEmpty() {
        let p = Self.progress(complete: ["2026-10-05", "2026-11-28"], partial: [:])
        let today = Self.day("2026-11-29")
        let before = Journey(
            year: 2026, month: 9, snapshot: EmbeddedRegistry.snapshot, progress: p, today: today,
            calendar: JourneyTests.zone)
        #expect(before.empty == .beforeFirstRecord)
        #expect(before.days.isEmpty)
        #expect(before.currentStreak == 0)
        #expect(before.text == "September 2026 · before the first record, 2026-10-05: nothing recorded")
        #expect(before.json["empty"] == .bool(true))
        #expect(before.json["currentStreak"] == nil)
        let after = Journey(
            year: 2026, month: 12, snapshot: EmbeddedRegistry.snapshot, progress: p, today: today,
            calendar: JourneyTests.zone)
        #expect(after.empty == .afterToday)
        #expect(after.json["emptyReason"] == .string("afterToday"))
        #expect(after.text == "December 2026 · after today (2026-11-29): nothing to show yet")
        let october = Journey(
            year: 2026, month: 10, snapshot: EmbeddedRegistry.snapshot, progress: p, today: today,
            calendar: JourneyTests.zone)
        #expect(october.empty == nil)
        #expect(october.json["empty"] == .bool(false))
        // With no record at all, only months before this one are empty.
        let none = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: [:], today: today,
            calendar: JourneyTests.zone)
        #expect(none.empty == nil)
        let earlier = Journey(
            year: 2026, month: 10, snapshot: EmbeddedRegistry.snapshot, progress: [:], today: today,
            calendar: JourneyTests.zone)
        #expect(earlier.empty == .beforeFirstRecord)
    }

    /// A practice's days are marked in the month (`•` read, `×` missed; the display's `practice`,
    /// `mark` and a day's spoken name), and the practice's line follows the legends; a month without one
    /// is as it was.
    @Test func aPracticesDaysAreMarked() throws {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.practices = [Practice(bani: "sukhmani", from: Self.day("2026-11-26"), days: 40)]
        let p: [String: BaniProgress] = [
            "sukhmani": BaniProgress(completedDays: [Self.day("2026-11-26"), Self.day("2026-11-28")])
        ]
        let j = Journey(
            year: 2026, month: 11, snapshot: snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(
            j.days.map { $0.practice?.rawValue ?? "-" }.suffix(6) == ["-", "read", "missed", "read", "today", "toCome"])
        let rows = j.text.split(separator: "\n").map(String.init)
        #expect(rows.contains("  ·   ·   ·   ·•  ·×  ·•  …"))
        #expect(
            rows.suffix(2) == [
                "• a day of a practice, its bani read · × a day of it missed",
                "Sukhmani Sahib · day 4 of 40 · today: still to read · 1 day missed (2026-11-27) · to begin again: nitnem practice restart sukhmani",
            ])
        guard case .object(let display) = j.display(.english),
            case .array(let days)? = display.first(where: { $0.key == "days" })?.value
        else { Issue.record("no days"); return }
        #expect(days[26]["name"] == .string("27 November: none of 7 read · practice: missed"))
        #expect(days[26]["practice"] == .string("missed"))
        #expect(days[20]["practice"] == .null)
        // A widget's calendar shows the practice's sign after the day's mark, as the text does.
        #expect(
            days[20...28].map { $0["mark"] } == ["·", "·", "·", "·", "·", "·•", "·×", "·•", "…"].map { .string($0) })
        // Without a practice: no practice line, no marks.
        let plain = Journey(
            year: 2026, month: 11, snapshot: EmbeddedRegistry.snapshot, progress: p, today: Self.day("2026-11-29"),
            calendar: JourneyTests.zone)
        #expect(!plain.text.contains("practice") && !plain.text.contains("•"))
    }
}
