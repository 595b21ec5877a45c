// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Testing

/// For every edge zone and a whole year: the day key changes exactly once per day, every band
/// boundary and every reminder slot occurs exactly once per Nitnem day, checked against
/// Foundation's Calendar as an independent oracle of the wall clock.
@Suite struct YearPropertyTests {
    static func year(for zone: String) -> (from: Date, to: Date) {
        zone == "Pacific/Apia"
            ? (instant("2011-06-01T00:00:00Z"), instant("2012-06-01T00:00:00Z"))
            : (instant("2026-01-01T00:00:00Z"), instant("2027-01-01T00:00:00Z"))
    }

    @Test(arguments: edgeZones)
    func dayStartsAreTheFirstInstantAtOrAfter0300(_ zoneID: String) {
        let cal = nitnemCalendar(zoneID)
        let tz = zone(zoneID)
        let (from, to) = Self.year(for: zoneID)
        var key = cal.dayKey(at: from)
        var start = cal.dayInterval(key).start
        var days = 0
        while start < to {
            let (next, nextStart) = cal.nextDay(after: key)
            // The wall clock at the start reads the key's date, at or after 03:00 …
            let wall = oracleWall(start, tz)
            #expect(wall.date == key.description, "\(zoneID) \(key)")
            #expect(wall.minutes >= 180, "\(zoneID) \(key) starts at minute \(wall.minutes)")
            // … and one second earlier it did not (an earlier date, or before 03:00).
            let before = oracleWall(start - 1, tz)
            #expect(before.date < key.description || before.minutes < 180, "\(zoneID) \(key)")
            // Keys change exactly at the start, to the next existing date.
            #expect(cal.dayKey(at: start) == key)
            #expect(cal.dayKey(at: start - 0.5) < key)
            #expect(next > key)
            let length = nextStart.timeIntervalSince(start)
            #expect(length >= 22 * 3600 && length <= 26 * 3600, "\(zoneID) \(key) lasts \(length) s")
            key = next
            start = nextStart
            days += 1
        }
        #expect(days >= 365 && days <= 367)
    }

    @Test(arguments: edgeZones)
    func keysNeverFlipBackOverAYear(_ zoneID: String) {
        let cal = nitnemCalendar(zoneID)
        let (from, to) = Self.year(for: zoneID)
        var t = from
        var last = cal.dayKey(at: t)
        var changes = 0
        while t < to {
            t += 17 * 60  // a step that drifts across every minute of the hour over the year
            let key = cal.dayKey(at: t)
            #expect(key >= last, "\(zoneID) key went back at \(t)")
            if key != last {
                changes += 1
                #expect(key == cal.nextDay(after: last).key, "\(zoneID) skipped a day at \(t)")
            }
            last = key
        }
        #expect(changes >= 364 && changes <= 367)
    }

    @Test(arguments: edgeZones)
    func everyBandBoundaryOncePerDay(_ zoneID: String) {
        let cal = nitnemCalendar(zoneID)
        let tz = zone(zoneID)
        let (from, to) = Self.year(for: zoneID)
        var seen: Set<String> = []
        var t = from
        var previous: FixedPoint?
        while t < to {
            guard let point = cal.nextFixedPoints(after: t, count: 1).first else { break }
            let id = "\(point.dayKey) \(point.band)"
            #expect(!seen.contains(id), "\(zoneID) \(id) twice")
            seen.insert(id)
            if let previous {
                // Bands follow each other without a gap.
                let order = Band.allCases
                let expectedBand = order[(order.firstIndex(of: previous.band)! + 1) % order.count]
                #expect(point.band == expectedBand, "\(zoneID) \(id) after \(previous.band)")
            }
            #expect(cal.band(at: point.at) == point.band)
            #expect(cal.band(at: point.at - 0.5) != point.band)
            // The wall clock reads the band start, or the first instant after a gap.
            let wall = oracleWall(point.at, tz).seconds
            let before = oracleWall(point.at - 1, tz).seconds
            let s = point.band.start.secondsIntoDay
            #expect(wall == s || (before < s && wall > s), "\(zoneID) \(id) at wall second \(wall)")
            previous = point
            t = point.at
        }
        #expect(seen.count >= 4 * 365)
    }

    @Test(arguments: edgeZones)
    func everySlotOncePerDay(_ zoneID: String) throws {
        let cal = nitnemCalendar(zoneID)
        let tz = zone(zoneID)
        // Defaults plus an after-midnight night slot, which meets the midnight gaps.
        for slots in [
            ReminderSlots.defaults, try ReminderSlots([.amritVela: WallTime("03:30")!, .night: WallTime("00:30")!]),
        ] {
            let (from, to) = Self.year(for: zoneID)
            var seen: [String: Int] = [:]
            var t = from
            while t < to {
                let r = cal.nextReminders(after: t, slots: slots, count: 1)[0]
                seen["\(r.dayKey) \(r.band)", default: 0] += 1
                #expect(cal.dayKey(at: r.at) == r.dayKey, "\(zoneID) \(r.band) at \(r.at)")
                #expect(cal.band(at: r.at) == r.band, "\(zoneID) \(r.band) at \(r.at)")
                let time = slots.times[r.band]!
                let date = r.band == .night && time < .dayRoll ? r.dayKey.adding(days: 1) : r.dayKey
                let s = date.daysSinceEpoch * 86_400 + time.secondsIntoDay
                let wall = oracleLocalSeconds(r.at, tz)
                let before = oracleLocalSeconds(r.at - 1, tz)
                // Exactly the slot, the first instant after a gap, or (NY-style gap at the day end) just
                // before the day ends.
                let exact = wall == s
                let afterGap = before < s && wall > s
                let lastSecond = cal.dayKey(at: r.at + 1) != r.dayKey
                #expect(exact || afterGap || lastSecond, "\(zoneID) \(r.band) \(r.dayKey) wall \(wall)")
                if exact {
                    // The first occurrence: an hour (or 30 min) earlier the wall clock did not read it.
                    for back in [1800.0, 3600.0] {
                        #expect(oracleLocalSeconds(r.at - back, tz) != s, "\(zoneID) \(r.dayKey) not first")
                    }
                }
                t = r.at
            }
            #expect(seen.values.allSatisfy { $0 == 1 })
            #expect(seen.count >= slots.enabled.count * 365)
        }
    }
}
