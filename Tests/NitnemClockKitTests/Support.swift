// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport

/// The zones every time test runs in: DST in spring/autumn, negative DST, midnight gaps, a 30-minute
/// DST, a skipped date, a half-hour zone and UTC.
let edgeZones = [
    "Europe/Helsinki", "Europe/London", "Europe/Dublin", "America/New_York", "America/Santiago",
    "Africa/Cairo", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
]

func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

/// A Nitnem calendar whose zone is read from the system's TZif file.
func nitnemCalendar(_ id: String) -> NitnemCalendar { ZoneFiles.calendar(id) }

/// An absolute instant from `…Z` / `…±hh:mm` text (test input, not the code under test's own parser).
func instant(_ text: String) -> Date {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    return Date(f.date(from: text)!)
}

func day(_ text: String) -> CivilDate { CivilDate(text)! }

/// The wall clock at `t` in `zone`, read through Foundation's Calendar: an oracle independent of
/// NitnemCalendar's own arithmetic.
func oracleWall(_ t: Date, _ zone: TimeZone) -> (date: String, minutes: Int, seconds: Int) {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = zone
    let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: t.foundation)
    let date = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    return (date, c.hour! * 60 + c.minute!, c.hour! * 3600 + c.minute! * 60 + c.second!)
}

/// Seconds since 1970-01-01T00:00 on the wall clock of `zone` at `t`, through Foundation's Calendar.
func oracleLocalSeconds(_ t: Date, _ zone: TimeZone) -> Int {
    let wall = oracleWall(t, zone)
    return CivilDate(wall.date)!.daysSinceEpoch * 86_400 + wall.seconds
}
