// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Testing

/// `WallStamp`: an instant as `reminders list` and `clock` show it to a person.
@Suite struct WallStampTests {
    @Test(arguments: [
        // In the Nitnem day: the wall time only, even after midnight (the day runs to 03:00).
        ("Asia/Kolkata", "2026-11-29", "2026-11-29T18:00:00+05:30", "18:00"),
        ("Asia/Kolkata", "2026-11-29", "2026-11-29T03:00:00+05:30", "03:00"),
        ("Asia/Kolkata", "2026-11-29", "2026-11-30T00:30:00+05:30", "00:30"),
        ("UTC", "2026-11-29", "2026-11-30T02:59:59Z", "02:59:59"),
        // Outside it: the wall date too.
        ("Asia/Kolkata", "2026-11-29", "2026-11-30T03:00:00+05:30", "2026-11-30 03:00"),
        ("Asia/Kolkata", "2026-11-29", "2026-11-29T02:59:00+05:30", "2026-11-29 02:59"),
        ("UTC", "2026-11-29", "2026-12-03T06:00:00Z", "2026-12-03 06:00"),
        // Helsinki 2026-03-29: no 03:00; the 29th begins at 04:00 and 02:30 is still the 28th's.
        ("Europe/Helsinki", "2026-03-28", "2026-03-29T02:30:00+02:00", "02:30"),
        ("Europe/Helsinki", "2026-03-28", "2026-03-29T04:00:00+03:00", "2026-03-29 04:00"),
        // Helsinki 2026-10-25: 03:00–04:00 twice; the second time carries its offset.
        ("Europe/Helsinki", "2026-10-25", "2026-10-25T03:30:00+03:00", "03:30"),
        ("Europe/Helsinki", "2026-10-25", "2026-10-25T03:30:00+02:00", "03:30 +02:00"),
        ("Europe/Helsinki", "2026-10-25", "2026-10-25T04:00:00+02:00", "04:00"),
    ])
    func format(zone: String, day: String, at: String, expected: String) {
        let calendar = nitnemCalendar(zone)
        #expect(WallStamp.format(instant(at), day: CivilDate(day)!, in: calendar) == expected)
    }

    @Test func offset() {
        #expect(WallStamp.offset(at: instant("2026-11-29T12:00:00Z"), in: nitnemCalendar("Asia/Kolkata")) == "+05:30")
        #expect(
            WallStamp.offset(at: instant("2026-11-29T12:00:00Z"), in: nitnemCalendar("America/New_York")) == "-05:00")
        #expect(WallStamp.offset(at: instant("2026-11-29T12:00:00Z"), in: nitnemCalendar("UTC")) == "+00:00")
    }
}
