// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import TestSupport
import Testing

/// `nitnem mark --day …`: the day each form names, counted in Nitnem days (rolling at 03:00 local),
/// and the days refused.
@Suite struct MarkDayTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zone, now, text, expected: String
        var testDescription: String { "\(zone) \(now) --day \(text)" }
    }

    static func today(_ zone: String, _ now: String) -> (CivilDate, NitnemCalendar) {
        let calendar = ZoneFiles.calendar(zone)
        return (calendar.dayKey(at: Fixture.instant(now)), calendar)
    }

    @Test(arguments: [
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "today", expected: "2026-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "TODAY", expected: "2026-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "yesterday", expected: "2026-11-28"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "Yesterday", expected: "2026-11-28"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "-0", expected: "2026-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "-1", expected: "2026-11-28"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "-2", expected: "2026-11-27"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "-29", expected: "2026-10-31"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "-365", expected: "2025-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "2026-11-29", expected: "2026-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-29T10:30:00+05:30", text: "2025-02-28", expected: "2025-02-28"),
        // Before the 03:00 roll the Nitnem day is still the previous date's, and so are its yesterdays.
        Case(zone: "Asia/Kolkata", now: "2026-11-30T02:59:59+05:30", text: "today", expected: "2026-11-29"),
        Case(zone: "Asia/Kolkata", now: "2026-11-30T02:59:59+05:30", text: "yesterday", expected: "2026-11-28"),
        Case(zone: "Asia/Kolkata", now: "2026-11-30T02:59:59+05:30", text: "-2", expected: "2026-11-27"),
        Case(zone: "Asia/Kolkata", now: "2026-11-30T03:00:00+05:30", text: "-2", expected: "2026-11-28"),
        // Across a month and a leap day.
        Case(zone: "UTC", now: "2028-03-01T12:00:00Z", text: "yesterday", expected: "2028-02-29"),
        Case(zone: "UTC", now: "2028-03-01T01:00:00Z", text: "yesterday", expected: "2028-02-28"),
        Case(zone: "UTC", now: "2027-01-01T05:00:00Z", text: "-1", expected: "2026-12-31"),
        // A DST day is one day like any other (New York's 2026-03-08 has 23 hours; London's
        // 2026-10-25 has 25): days are counted on the calendar, not in 24-hour steps.
        Case(zone: "America/New_York", now: "2026-03-09T03:30:00-04:00", text: "-1", expected: "2026-03-08"),
        Case(zone: "America/New_York", now: "2026-03-09T03:30:00-04:00", text: "-2", expected: "2026-03-07"),
        Case(zone: "America/New_York", now: "2026-03-08T03:00:00-04:00", text: "yesterday", expected: "2026-03-07"),
        Case(zone: "Europe/London", now: "2026-10-26T03:10:00Z", text: "yesterday", expected: "2026-10-25"),
        Case(zone: "Europe/London", now: "2026-10-26T02:50:00Z", text: "yesterday", expected: "2026-10-24"),
        // Apia skipped 2011-12-30: the day before the 31st is the 29th.
        Case(zone: "Pacific/Apia", now: "2011-12-31T10:00:00+14:00", text: "yesterday", expected: "2011-12-29"),
        Case(zone: "Pacific/Apia", now: "2011-12-31T10:00:00+14:00", text: "-2", expected: "2011-12-28"),
        Case(zone: "Pacific/Apia", now: "2012-01-01T10:00:00+14:00", text: "-2", expected: "2011-12-29"),
    ])
    func eachFormNamesANitnemDay(_ c: Case) throws {
        let (today, calendar) = Self.today(c.zone, c.now)
        #expect(try MarkDay.parse(c.text, today: today, calendar: calendar).description == c.expected)
    }

    @Test(arguments: [
        "tomorrow", "+1", "1", "-", "--1", "-1.5", "-x", "- 1", "-1234567", "-1e3", "", "2026-11-31", "29-11-2026",
        "2026-11-29T00:00", "last week",
    ])
    func otherTextIsMalformed(_ text: String) {
        let (today, calendar) = Self.today("Asia/Kolkata", "2026-11-29T10:30:00+05:30")
        #expect(throws: MarkDayError(.malformed, text: text, today: today)) {
            try MarkDay.parse(text, today: today, calendar: calendar)
        }
        #expect(
            MarkDayError(.malformed, text: text, today: today).description
                == "'\(text)' is not a valid value for '--day'; use YYYY-MM-DD, today, yesterday or -N "
                + "(N days before today)")
    }

    @Test func aDayBeforeTheFirstDateIsMalformed() throws {
        let (today, calendar) = Self.today("UTC", "2026-11-29T10:30:00Z")
        let days = today.daysSinceEpoch - CivilDate("0001-01-01")!.daysSinceEpoch
        #expect(throws: MarkDayError(.malformed, text: "-\(days)", today: today)) {
            try MarkDay.parse("-\(days)", today: today, calendar: calendar)
        }
        #expect(throws: MarkDayError(.malformed, text: "-999999", today: today)) {
            try MarkDay.parse("-999999", today: today, calendar: calendar)
        }
        #expect(try MarkDay.parse("-100000", today: today, calendar: calendar) == today.adding(days: -100_000))
    }

    @Test(arguments: [
        ("Asia/Kolkata", "2026-11-29T10:30:00+05:30", "2026-11-30"),
        ("Asia/Kolkata", "2026-11-29T10:30:00+05:30", "2027-01-01"),
        // 00:30 on the 30th is still the 29th's Nitnem day: the 30th has not begun.
        ("Asia/Kolkata", "2026-11-30T00:30:00+05:30", "2026-11-30"),
    ])
    func aDayAfterTodayIsRefused(_ zone: String, _ now: String, _ text: String) {
        let (today, calendar) = Self.today(zone, now)
        #expect(throws: MarkDayError(.future, text: text, today: today)) {
            try MarkDay.parse(text, today: today, calendar: calendar)
        }
    }

    @Test func theFutureErrorNamesTheDayAndToday() {
        let error = MarkDayError(.future, text: "2026-11-30", today: CivilDate("2026-11-29")!)
        #expect(error.description == "--day 2026-11-30 is after today, 2026-11-29 (the Nitnem day rolls at 03:00)")
    }
}
