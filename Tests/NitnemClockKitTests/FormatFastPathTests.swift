// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import NitnemClockKit

/// The formatters' fast paths (`Digits.write`, `CivilDate.description`, `RFC3339.format`) write the
/// very bytes of their plain rules (`Digits.pad`, `plainDescription`, `plainFormat`), over many inputs.
@Suite struct FormatFastPathTests {
    @Test(arguments: 1...5)
    func digitsWriteIsPad(width: Int) {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        #expect(Digits.fits(limit - 1, width) && Digits.fits(0, width))
        #expect(!Digits.fits(limit, width) && !Digits.fits(-1, width))
        // Every value for the narrow widths; a stride that hits each digit position for the rest.
        for value in stride(from: 0, to: limit, by: width <= 3 ? 1 : 7) {
            let text = String(unsafeUninitializedCapacity: width + 2) { bytes in
                bytes[0] = UInt8(ascii: "<")
                Digits.write(value, width, to: bytes, at: 1)
                bytes[width + 1] = UInt8(ascii: ">")
                return width + 2
            }
            #expect(text == "<" + Digits.pad(value, width) + ">", "\(value)")
        }
    }

    @Test func civilDateDescriptionIsPlain() {
        // Every day of years 1…40 and 1960…2100, then years to 9999 and the edges beyond 4 digits.
        func day(_ year: Int) -> Int { CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch }
        var days = Array(day(1)..<day(40)) + Array(day(1960)..<day(2100))
        days += stride(from: days.last!, through: CivilDate.last.daysSinceEpoch + 800, by: 97)
        days += [day(1) - 800, day(1) - 400, day(1) - 1]
        for n in days {
            let date = CivilDate(daysSinceEpoch: n)
            #expect(date.description == date.plainDescription, "\(n)")
        }
        #expect(CivilDate(daysSinceEpoch: CivilDate.last.daysSinceEpoch + 1).description == "10000-01-01")
    }

    @Test(arguments: edgeZones + ["Etc/GMT+12", "Pacific/Kiritimati", "America/St_Johns"])
    func rfc3339FormatIsPlain(zone: String) {
        let calendar = nitnemCalendar(zone)
        // Every 17 minutes and 13 seconds over two years (each DST change, odd seconds), then steps
        // through the whole range to its clamped ends.
        let start: Double = instant("2026-01-01T00:00:00Z").timeIntervalSince1970
        let first: Double = -62_135_596_800
        let last: Double = 253_402_214_400
        let twoYears: Double = 2 * 366 * 86_400
        var times: [Double] = Array(stride(from: start, to: start + twoYears, by: 17 * 60 + 13))
        times += Array(stride(from: first - 3 * 86_400, through: last + 3 * 86_400, by: 86_400 * 3_331 + 7))
        times += [first, last - 1, last, -1, 0, 0.5, -0.5]
        for t in times {
            let at = Date(timeIntervalSince1970: t)
            let text = RFC3339.format(at, in: calendar)
            #expect(text == RFC3339.plainFormat(at, in: calendar), "\(t)")
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            RFC3339.append(RFC3339.Stamp(at, in: calendar), to: &bytes)
            #expect(bytes == [UInt8(ascii: "x")] + Array(text.utf8), "\(t)")
        }
    }
}
