// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Testing

@Suite struct NitnemDayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let zone, at, key: String
        let band: Band
        var testDescription: String { "\(zone) \(at) → \(key) \(band)" }
    }

    static let cases: [Case] = [
        // UTC: the 03:00 roll and every band start.
        Case(zone: "UTC", at: "2026-11-29T00:00:00Z", key: "2026-11-28", band: .night),
        Case(zone: "UTC", at: "2026-11-29T02:59:59Z", key: "2026-11-28", band: .night),
        Case(zone: "UTC", at: "2026-11-29T03:00:00Z", key: "2026-11-29", band: .amritVela),
        Case(zone: "UTC", at: "2026-11-29T08:59:59Z", key: "2026-11-29", band: .amritVela),
        Case(zone: "UTC", at: "2026-11-29T09:00:00Z", key: "2026-11-29", band: .morning),
        Case(zone: "UTC", at: "2026-11-29T16:59:59Z", key: "2026-11-29", band: .morning),
        Case(zone: "UTC", at: "2026-11-29T17:00:00Z", key: "2026-11-29", band: .evening),
        Case(zone: "UTC", at: "2026-11-29T21:00:00Z", key: "2026-11-29", band: .night),
        // Kirtan Sohila at 22:00 is still "today" at 00:30.
        Case(zone: "UTC", at: "2026-11-30T00:30:00Z", key: "2026-11-29", band: .night),
        // A half-hour zone.
        Case(zone: "Asia/Kolkata", at: "2026-11-28T21:29:59Z", key: "2026-11-28", band: .night),
        Case(zone: "Asia/Kolkata", at: "2026-11-28T21:30:00Z", key: "2026-11-29", band: .amritVela),
        Case(zone: "Asia/Kolkata", at: "2026-11-29T16:30:00Z", key: "2026-11-29", band: .night),
        // Helsinki spring: 03:00 does not exist (02:59:59 EET → 04:00:00 EEST at 01:00Z).
        Case(zone: "Europe/Helsinki", at: "2026-03-29T00:59:59Z", key: "2026-03-28", band: .night),
        Case(zone: "Europe/Helsinki", at: "2026-03-29T01:00:00Z", key: "2026-03-29", band: .amritVela),
        Case(zone: "Europe/Helsinki", at: "2026-03-29T05:59:59Z", key: "2026-03-29", band: .amritVela),
        Case(zone: "Europe/Helsinki", at: "2026-03-29T06:00:00Z", key: "2026-03-29", band: .morning),
        // Helsinki autumn: 03:00–03:59 happens twice; the day begins at the first 03:00 only.
        Case(zone: "Europe/Helsinki", at: "2026-10-24T23:59:59Z", key: "2026-10-24", band: .night),
        Case(zone: "Europe/Helsinki", at: "2026-10-25T00:00:00Z", key: "2026-10-25", band: .amritVela),
        Case(zone: "Europe/Helsinki", at: "2026-10-25T01:30:00Z", key: "2026-10-25", band: .amritVela),
        Case(zone: "Europe/Helsinki", at: "2026-10-25T07:00:00Z", key: "2026-10-25", band: .morning),
        // London and Dublin (negative DST in winter): the change at 01:00/02:00 leaves 03:00 alone.
        Case(zone: "Europe/London", at: "2026-03-29T01:59:59Z", key: "2026-03-28", band: .night),
        Case(zone: "Europe/London", at: "2026-03-29T02:00:00Z", key: "2026-03-29", band: .amritVela),
        Case(zone: "Europe/London", at: "2026-03-29T01:00:00Z", key: "2026-03-28", band: .night),
        Case(zone: "Europe/Dublin", at: "2026-03-29T02:00:00Z", key: "2026-03-29", band: .amritVela),
        Case(zone: "Europe/Dublin", at: "2026-10-25T02:59:59Z", key: "2026-10-24", band: .night),
        Case(zone: "Europe/Dublin", at: "2026-10-25T03:00:00Z", key: "2026-10-25", band: .amritVela),
        Case(zone: "Europe/Dublin", at: "2026-07-01T01:59:59Z", key: "2026-06-30", band: .night),
        Case(zone: "Europe/Dublin", at: "2026-07-01T02:00:00Z", key: "2026-07-01", band: .amritVela),
        // New York: 02:00 → 03:00 in spring, so 03:00 EDT is the roll; 01:00–01:59 twice in autumn.
        Case(zone: "America/New_York", at: "2026-03-08T06:59:59Z", key: "2026-03-07", band: .night),
        Case(zone: "America/New_York", at: "2026-03-08T07:00:00Z", key: "2026-03-08", band: .amritVela),
        Case(zone: "America/New_York", at: "2026-11-01T06:30:00Z", key: "2026-10-31", band: .night),
        Case(zone: "America/New_York", at: "2026-11-01T08:00:00Z", key: "2026-11-01", band: .amritVela),
        // Santiago: midnight does not exist in September; 23:00–23:59 happens twice in April.
        Case(zone: "America/Santiago", at: "2026-09-06T03:59:59Z", key: "2026-09-05", band: .night),
        Case(zone: "America/Santiago", at: "2026-09-06T04:00:00Z", key: "2026-09-05", band: .night),
        Case(zone: "America/Santiago", at: "2026-09-06T05:59:59Z", key: "2026-09-05", band: .night),
        Case(zone: "America/Santiago", at: "2026-09-06T06:00:00Z", key: "2026-09-06", band: .amritVela),
        Case(zone: "America/Santiago", at: "2026-04-05T03:30:00Z", key: "2026-04-04", band: .night),
        Case(zone: "America/Santiago", at: "2026-04-05T06:59:59Z", key: "2026-04-04", band: .night),
        Case(zone: "America/Santiago", at: "2026-04-05T07:00:00Z", key: "2026-04-05", band: .amritVela),
        // Cairo: midnight does not exist on the last Friday of April; 23:00 twice in October.
        Case(zone: "Africa/Cairo", at: "2026-04-23T21:59:59Z", key: "2026-04-23", band: .night),
        Case(zone: "Africa/Cairo", at: "2026-04-23T22:00:00Z", key: "2026-04-23", band: .night),
        Case(zone: "Africa/Cairo", at: "2026-04-24T00:00:00Z", key: "2026-04-24", band: .amritVela),
        Case(zone: "Africa/Cairo", at: "2026-10-30T00:59:59Z", key: "2026-10-29", band: .night),
        Case(zone: "Africa/Cairo", at: "2026-10-30T01:00:00Z", key: "2026-10-30", band: .amritVela),
        // Lord Howe: a 30-minute DST (02:00 → 02:30 in October, 02:00 → 01:30 in April).
        Case(zone: "Australia/Lord_Howe", at: "2026-10-03T15:59:59Z", key: "2026-10-03", band: .night),
        Case(zone: "Australia/Lord_Howe", at: "2026-10-03T16:00:00Z", key: "2026-10-04", band: .amritVela),
        Case(zone: "Australia/Lord_Howe", at: "2026-04-04T16:29:59Z", key: "2026-04-04", band: .night),
        Case(zone: "Australia/Lord_Howe", at: "2026-04-04T16:30:00Z", key: "2026-04-05", band: .amritVela),
        // Apia skipped 2011-12-30: the day of the 29th runs until 03:00 on the 31st.
        Case(zone: "Pacific/Apia", at: "2011-12-30T09:59:59Z", key: "2011-12-29", band: .night),
        Case(zone: "Pacific/Apia", at: "2011-12-30T10:00:00Z", key: "2011-12-29", band: .night),
        Case(zone: "Pacific/Apia", at: "2011-12-30T12:59:59Z", key: "2011-12-29", band: .night),
        Case(zone: "Pacific/Apia", at: "2011-12-30T13:00:00Z", key: "2011-12-31", band: .amritVela),
    ]

    @Test(arguments: cases)
    func dayKeyAndBand(_ c: Case) {
        let cal = nitnemCalendar(c.zone)
        let t = instant(c.at)
        #expect(cal.dayKey(at: t).description == c.key)
        #expect(cal.band(at: t) == c.band)
        let (band, interval) = cal.band(containing: t)
        #expect(band == c.band)
        #expect(interval.start <= t && t < interval.end)
        let dayInterval = cal.day(containing: t).interval
        #expect(dayInterval.start <= t && t < dayInterval.end)
    }

    struct StartCase: Sendable, CustomTestStringConvertible {
        let zone, key, start, end: String
        var testDescription: String { "\(zone) \(key)" }
    }

    @Test(arguments: [
        StartCase(
            zone: "Europe/Helsinki", key: "2026-03-29", start: "2026-03-29T01:00:00Z", end: "2026-03-30T00:00:00Z"),
        StartCase(
            zone: "Europe/Helsinki", key: "2026-10-25", start: "2026-10-25T00:00:00Z", end: "2026-10-26T01:00:00Z"),
        StartCase(zone: "Pacific/Apia", key: "2011-12-29", start: "2011-12-29T13:00:00Z", end: "2011-12-30T13:00:00Z"),
        StartCase(
            zone: "Australia/Lord_Howe", key: "2026-10-04", start: "2026-10-03T16:00:00Z", end: "2026-10-04T16:00:00Z"),
        StartCase(zone: "Asia/Kolkata", key: "2026-11-29", start: "2026-11-28T21:30:00Z", end: "2026-11-29T21:30:00Z"),
    ])
    func dayIntervals(_ c: StartCase) {
        let cal = nitnemCalendar(c.zone)
        let interval = cal.dayInterval(day(c.key))
        #expect(interval.start == instant(c.start))
        #expect(interval.end == instant(c.end))
    }

    @Test func skippedDateIsNeverAKey() {
        let cal = nitnemCalendar("Pacific/Apia")
        #expect(cal.dayStart(day("2011-12-30")) == nil)
        #expect(cal.nextDay(after: day("2011-12-29")).key == day("2011-12-31"))
        var t = instant("2011-12-28T00:00:00Z")
        while t < instant("2012-01-02T00:00:00Z") {
            #expect(cal.dayKey(at: t) != day("2011-12-30"))
            t += 600
        }
    }

    /// `skippedDates` looks only near the zone's offset changes: it must name the dates that asking
    /// `dayStart` of each date names, in every edge zone, over years around Apia's skip.
    @Test(arguments: edgeZones) func skippedDatesAreTheDatesWithNoStart(_ id: String) {
        let cal = nitnemCalendar(id)
        let from = day("2010-06-01")
        let through = day("2013-06-30")
        var expected = Set<CivilDate>()
        var d = from
        while d <= through {
            if cal.dayStart(d) == nil { expected.insert(d) }
            d = d.adding(days: 1)
        }
        #expect(cal.skippedDates(from: from, through: through) == expected)
        #expect(id != "Pacific/Apia" || expected == [day("2011-12-30")])
        #expect(cal.skippedDates(from: day("2011-12-31"), through: day("2012-01-05")).isEmpty)
        #expect(cal.skippedDates(from: through, through: from).isEmpty)
    }

    @Test func bandsOfHelsinkiSpringDayAreContiguous() {
        let cal = nitnemCalendar("Europe/Helsinki")
        let bands = cal.bands(of: day("2026-03-29"))
        #expect(bands.map(\.band) == Band.allCases)
        #expect(bands[0].interval.start == instant("2026-03-29T01:00:00Z"))
        #expect(bands[0].interval.duration == 5 * 3600)
        #expect(bands[1].interval.start == instant("2026-03-29T06:00:00Z"))
        for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.interval.end == b.interval.start) }
    }
}
