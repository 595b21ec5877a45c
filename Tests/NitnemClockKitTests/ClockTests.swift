// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@Suite struct ClockTests {
    /// A real clock that stands still, so each test knows what "real now" read.
    static let realInstant = Date(timeIntervalSince1970: 1_800_000_000)
    static let real: NitnemClock.RealClock = { realInstant }

    /// The clock `environment` asks for, in `zone`, over the still `real` clock.
    static func clock(_ environment: [String: String], in zone: String = "UTC") throws -> NitnemClock {
        try NitnemClock.fromEnvironment(environment, calendar: nitnemCalendar(zone), real: real)
    }

    /// The clock `SGGS_CLOCK_NOW=text` pins in `zone`, and how far past `expected` it reads.
    static func pinned(
        _ text: String, in zone: String, past expected: Date
    ) throws -> (clock: NitnemClock, delta: TimeInterval) {
        let clock = try clock(["SGGS_CLOCK_NOW": text], in: zone)
        return (clock, clock.now().timeIntervalSince(expected))
    }

    /// Text the clock accepts, in a zone, and the instant it names (UTC): it pins the clock there.
    /// `ClockCommandTests.acceptedTextPinsTheBinary` holds `nitnem clock` to the same table.
    @Test(arguments: try CaseTable.rows("clock-accepted", columns: ["zone", "text", "instant"]))
    func acceptedText(_ c: CaseTable.Row) throws {
        let (clock, delta) = try ClockTests.pinned(c["text"], in: c["zone"], past: RFC3339.parseAbsolute(c["instant"])!)
        #expect(clock.isPinned)
        #expect(delta >= 0 && delta < 1, "\(c) read as \(clock.now())")
        #expect(NitnemClock.range.contains(clock.now()))
    }

    @Test(arguments: [
        "", "tomorrow", "2026-11-29", "2026-11-29 22:00", "2026-13-01T00:00", "2026-02-30T00:00",
        "2026-11-29T24:00", "2026-11-29T22:60", "2026-11-29T22:00:00+0530", "2026-11-29T22:00:00+05",
        "2026-11-29T22:00:00Zjunk", "2026-11-29T22:00:61", "２０２６-11-29T22:00", "1763251200",
    ])
    func malformedNowNamesTheVariable(_ text: String) {
        #expect {
            try ClockTests.clock(["SGGS_CLOCK_NOW": text])
        } throws: { error in
            let e = error as! ClockError
            return e.variable == "SGGS_CLOCK_NOW" && e.description.hasPrefix("SGGS_CLOCK_NOW: '\(text)' is not a time")
                && e.description.contains("2026-11-29T22:00:00+05:30") && !e.description.contains("\n")
        }
    }

    @Test(arguments: ["0", "-1", "abc", "", "nan", "inf"])
    func badRateIsAnError(_ text: String) {
        #expect(throws: ClockError.self) {
            try ClockTests.clock(["SGGS_CLOCK_NOW": "2026-11-29T22:00:00Z", "SGGS_CLOCK_RATE": text])
        }
    }

    @Test func rateMakesTimeFlowFaster() throws {
        let clock = NitnemClock.pinned(at: instant("2026-11-29T16:59:00Z"), rate: 3600, real: ClockTests.real)
        // One real second is an hour on this clock: map through the clock's own real origin.
        let oneRealSecondLater = clock.realOrigin.addingTimeInterval(1)
        #expect(clock.virtualInstant(atReal: oneRealSecondLater) == instant("2026-11-29T17:59:00Z"))
        #expect(clock.realInstant(for: instant("2026-11-29T17:59:00Z")) == oneRealSecondLater)
    }

    @Test func unpinnedWithoutVariables() throws {
        let clock = try ClockTests.clock([:])
        #expect(!clock.isPinned)
        #expect(clock.rate == 1)
        // Unpinned, the clock reads the real clock it was handed, and only that.
        #expect(clock.now() == ClockTests.realInstant)
        #expect(clock.realNow() == ClockTests.realInstant)
    }

    @Test func aRateAloneFlowsFromTheRealNow() throws {
        let clock = try ClockTests.clock(["SGGS_CLOCK_RATE": "60"])
        #expect(clock.isPinned)
        #expect(clock.now() == ClockTests.realInstant)
        #expect(clock.virtualInstant(atReal: ClockTests.realInstant + 1) == ClockTests.realInstant + 60)
    }

    @Test func formatUsesTheLocalOffset() {
        let t = instant("2026-11-29T16:30:00Z")
        #expect(RFC3339.format(t, in: nitnemCalendar("Asia/Kolkata")) == "2026-11-29T22:00:00+05:30")
        #expect(RFC3339.format(t, in: nitnemCalendar("UTC")) == "2026-11-29T16:30:00+00:00")
        #expect(RFC3339.format(t, in: nitnemCalendar("America/Santiago")) == "2026-11-29T13:30:00-03:00")
        #expect(RFC3339.format(t, in: nitnemCalendar("Australia/Lord_Howe")) == "2026-11-30T03:30:00+11:00")
    }
}

@Suite struct CivilDateTests {
    @Test(arguments: ["2026-11-29", "2000-02-29", "1970-01-01", "2011-12-30", "0001-01-01", "9999-12-31"])
    func roundTrip(_ text: String) throws {
        let d = try #require(CivilDate(text))
        #expect(d.description == text)
        #expect(CivilDate(daysSinceEpoch: d.daysSinceEpoch) == d)
        #expect(d.adding(days: 1).adding(days: -1) == d)
    }

    @Test(arguments: [
        "2026-02-29", "1900-02-29", "2026-11-31", "2026-1-29", "26-11-29", "2026-11-29T", "2026/11/29", "",
    ])
    func invalid(_ text: String) {
        #expect(CivilDate(text) == nil)
    }

    @Test func epochAnchors() {
        #expect(CivilDate("1970-01-01")!.daysSinceEpoch == 0)
        #expect(CivilDate("2026-11-29")!.daysSinceEpoch == 20_786)
        #expect(CivilDate("1969-12-31")!.daysSinceEpoch == -1)
    }

    /// The next date walked to is the one a day's count gives, over month, year and leap-day ends.
    @Test func dayAfterIsAddingADay() {
        var day = CivilDate("1899-12-01")!
        for n in day.daysSinceEpoch...CivilDate("2101-03-01")!.daysSinceEpoch {
            #expect(day == CivilDate(daysSinceEpoch: n), "\(day)")
            day = day.dayAfter
        }
        #expect(CivilDate("2024-02-28")!.dayAfter.description == "2024-02-29")
        #expect(CivilDate("2026-12-31")!.dayAfter.description == "2027-01-01")
    }
}
