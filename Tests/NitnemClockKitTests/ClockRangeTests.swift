// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Testing

/// The instants `NitnemClock` accepts and reads (`NitnemClock.range`): `SGGS_CLOCK_NOW` is refused
/// outside it (the ends are accepted: `ClockTests.acceptedText`), a flowing clock stops at its end,
/// and every day around each end is one the progress reader accepts.
@Suite struct ClockRangeTests {
    static let message = "is outside the range nitnem computes, 0002-01-01 to 9998-12-31 (UTC)"

    /// The zones farthest from UTC either way, a skipped date, a zone with no midnight some days and
    /// a POSIX rule.
    static let zones = [
        "UTC", "Pacific/Kiritimati", "Pacific/Apia", "Etc/GMT+12", "Etc/GMT-14", "America/Santiago",
        "Asia/Kolkata",
    ]

    /// A UTC instant from `…Z` / `…±hh:mm` text. Not Foundation's parser: before 1582 its Gregorian
    /// calendar is Julian.
    func utc(_ text: String) -> Date { RFC3339.parseAbsolute(text)! }

    @Test func theRangeIsAYearInsideTheDatesADayKeyCanName() {
        #expect(CivilDate.years == 1...9999)
        #expect(CivilDate.first.description == "0001-01-01")
        #expect(CivilDate.last.description == "9999-12-31")
        // 0001-01-01 is 62_135_596_800 s before 1970 (719_162 days); year 1 has 365 days, 9999 too.
        #expect(NitnemClock.range.lowerBound.timeIntervalSince1970 == -62_135_596_800 + 365 * 86_400)
        #expect(NitnemClock.range.upperBound.timeIntervalSince1970 == 253_402_300_800 - 365 * 86_400)
        #expect(NitnemClock.dates == CivilDate("0002-01-01")!...CivilDate("9998-12-31")!)
        #expect(NitnemClock.rangeText == "0002-01-01 to 9998-12-31 (UTC)")
        #expect(NitnemClock.outsideRange == Self.message)
    }

    @Test(arguments: [
        ("UTC", "0001-01-01T00:00:00Z"),
        ("UTC", "0001-12-31T23:59:59Z"),
        ("UTC", "0001-12-31T23:59:59.999Z"),
        ("UTC", "0001-12-31T00:00:00Z"),
        ("UTC", "0002-01-01T00:00:00+00:01"),
        ("UTC", "0002-01-01T13:59:59+14:00"),
        ("UTC", "0002-01-01T00:00:00+23:59"),
        ("UTC", "0001-12-31T23:59"),
        ("Etc/GMT-14", "0002-01-01T13:59:59"),
        ("UTC", "9999-01-01T00:00:00Z"),
        ("UTC", "9999-01-01T00:00:01Z"),
        ("UTC", "9999-01-02T00:00:00Z"),
        ("UTC", "9998-12-31T23:59:59-00:01"),
        ("UTC", "9998-12-31T12:00:00-12:00"),
        ("UTC", "9999-12-31T23:59:59Z"),
        ("UTC", "9999-12-31T23:59:59-23:59"),
        ("Etc/GMT+12", "9998-12-31T12:00"),
        ("UTC", "9999-12-31T23:59"),
    ])
    func outsideIsRefusedNamingTheVariableTheValueAndTheRange(_ zone: String, _ text: String) {
        #expect {
            try ClockTests.clock(["SGGS_CLOCK_NOW": text], in: zone)
        } throws: { error in
            let e = error as! ClockError
            return e.code == .outOfRange && e.variable == "SGGS_CLOCK_NOW"
                && e.description == "SGGS_CLOCK_NOW: '\(text)' \(Self.message)"
        }
    }

    /// A rate, however fast, never takes the clock past the range: it reads the last instant from
    /// then on, and a wake after it is never armed (it would fire at once, again and again).
    @Test(arguments: [1.0, 60.0, NitnemClock.maximumRate])
    func aFlowingClockStopsAtTheEnd(_ rate: Double) throws {
        let clock = try ClockTests.clock(["SGGS_CLOCK_NOW": "9998-12-31T23:59:50Z", "SGGS_CLOCK_RATE": "\(rate)"])
        let last = NitnemClock.clamped(NitnemClock.range.upperBound)
        #expect(last < NitnemClock.range.upperBound)
        #expect(last > utc("9998-12-31T23:59:59Z"))
        for seconds: Double in [11, 3600, 86_400 * 365 * 10] {
            let later = clock.virtualInstant(atReal: clock.realOrigin + seconds)
            #expect(later == last, "\(seconds) real seconds later: \(later)")
        }
        #expect(clock.realInstant(for: NitnemClock.range.upperBound) == nil)
        #expect(clock.realInstant(for: utc("9999-01-01T03:00:00Z")) == nil)
        let wake = try #require(clock.realInstant(for: utc("9998-12-31T23:59:55Z")))
        #expect(abs(wake.timeIntervalSince(clock.realOrigin) - 5 / rate) < 1e-4)
    }

    /// A real clock set far back under a fast rate reads the first instant, not year 0.
    @Test func aClockSetBackStopsAtTheStart() {
        let clock = NitnemClock.pinned(at: utc("0002-01-01T00:00:10Z"), rate: 1000, real: ClockTests.real)
        #expect(clock.virtualInstant(atReal: clock.realOrigin - 86_400) == NitnemClock.range.lowerBound)
        #expect(NitnemClock.clamped(utc("2026-11-29T16:30:00Z")) == utc("2026-11-29T16:30:00Z"))
    }

    /// At each end, in every zone: the Nitnem day, the days either side of it, its bands and the next
    /// fixed points are computed, and each day key reads back as the progress reader reads it.
    @Test(arguments: zones)
    func everyDayAroundTheEndsIsADayTheReaderAccepts(_ zoneID: String) throws {
        let calendar = nitnemCalendar(zoneID)
        let ends = [NitnemClock.range.lowerBound, NitnemClock.clamped(NitnemClock.range.upperBound)]
        for now in ends {
            let day = calendar.nitnemDay(containing: now)
            #expect(day.interval.contains(now))
            let yesterday = calendar.previousDay(before: day.key)
            var next = calendar.nitnemDay(after: day)
            for _ in 0..<3 { next = calendar.nitnemDay(after: next) }
            _ = calendar.bands(of: day.key)
            _ = calendar.nextFixedPoints(after: now, count: 8)
            for key in [yesterday, day.key, next.key] {
                #expect(CivilDate(key.description) == key, "\(key) in \(zoneID)")
            }
            // What `mark` writes as lastReadAt reads back.
            #expect(RFC3339.parseAbsolute(RFC3339.utcTimestamp(now)) != nil)
        }
    }
}
