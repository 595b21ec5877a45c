// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Testing

/// The Nitnem calendar on zones read from TZif files, for every edge zone and a whole year, checked
/// against Foundation's wall clock (as YearPropertyTests is): each day key once, each band boundary
/// once, each reminder slot once.
@Suite struct TZifYearTests {
    static let slotSets: [ReminderSlots] = [
        .defaults, try! ReminderSlots([.amritVela: WallTime("03:30")!, .night: WallTime("00:30")!]),
    ]

    @Test(arguments: edgeZones)
    func eachDayBandAndSlotOnce(_ zoneID: String) {
        let cal = nitnemCalendar(zoneID)
        let tz = zone(zoneID)
        let (from, to) = YearPropertyTests.year(for: zoneID)
        // Day keys: each once, changing exactly at a start whose wall clock reads ≥ 03:00 on the key.
        var t = from
        var keys: [CivilDate] = []
        var start = cal.dayInterval(cal.dayKey(at: from)).start
        while start < to {
            let key = cal.dayKey(at: start)
            keys.append(key)
            let wall = oracleWall(start, tz)
            #expect(wall.date == key.description && wall.minutes >= 180, "\(zoneID) \(key)")
            #expect(cal.dayKey(at: start - 1) < key)
            start = cal.nextDay(after: key).start
        }
        #expect(Set(keys).count == keys.count && keys.count >= 365)
        // Band boundaries: each (day, band) once, in order, at the band's wall time or after a gap.
        var seen: Set<String> = []
        t = from
        while t < to, let point = cal.nextFixedPoints(after: t, count: 1).first {
            #expect(seen.insert("\(point.dayKey) \(point.band)").inserted, "\(zoneID) \(point.dayKey) \(point.band)")
            let wall = oracleWall(point.at, tz).seconds
            let before = oracleWall(point.at - 1, tz).seconds
            let s = point.band.start.secondsIntoDay
            #expect(wall == s || (before < s && wall > s), "\(zoneID) \(point.dayKey) \(point.band)")
            t = point.at
        }
        #expect(seen.count >= 4 * 365)
        // Reminder slots: each (day, band) once, inside its band.
        for slots in Self.slotSets {
            var count: [String: Int] = [:]
            t = from
            while t < to {
                let r = cal.nextReminders(after: t, slots: slots, count: 1)[0]
                count["\(r.dayKey) \(r.band)", default: 0] += 1
                #expect(cal.band(at: r.at) == r.band && cal.dayKey(at: r.at) == r.dayKey, "\(zoneID) \(r.dayKey)")
                t = r.at
            }
            #expect(count.values.allSatisfy { $0 == 1 } && count.count >= slots.enabled.count * 365)
        }
    }

    @Test func apiaSkippedItsDate() throws {
        let cal = nitnemCalendar("Pacific/Apia")
        #expect(cal.dayStart(day("2011-12-30")) == nil)
        #expect(cal.nextDay(after: day("2011-12-29")).key == day("2011-12-31"))
        #expect(cal.resolve(day("2011-12-30"), .dayRoll) == instant("2011-12-30T10:00:00Z"))
        #expect(RFC3339.format(instant("2011-12-30T10:00:00Z"), in: cal) == "2011-12-31T00:00:00+14:00")
    }
}
