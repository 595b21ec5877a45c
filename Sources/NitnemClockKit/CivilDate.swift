// SPDX-License-Identifier: GPL-3.0-or-later
/// A date of the proleptic Gregorian calendar, with no time and no zone: the name of a day.
///
/// A Nitnem day key is a `CivilDate` written `YYYY-MM-DD`.
///
/// - Important: Public, not package, as `Date`, `Band`, `SlotKey` and `FixedPoint` are: the compiler
///   inlines a type's comparisons in another module only when the type is public (a package type's
///   `@inlinable` code is still a call), and the agent's core compares them at every wake.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    @usableFromInline package let year: Int
    /// The month, 1...12.
    @usableFromInline package let month: Int
    /// The day of the month, 1...31.
    @usableFromInline package let day: Int

    /// The years a date can name: four digits, as a day key writes them. The progress reader
    /// accepts a day key in them and no other (`init?(_:)`); `NitnemClock.range` keeps a year inside.
    package static let years = 1...9999
    /// 0001-01-01, the first date a day key can name.
    package static let first = CivilDate(unchecked: years.lowerBound, 1, 1)
    /// 9999-12-31, the last date a day key can name.
    package static let last = CivilDate(unchecked: years.upperBound, 12, 31)

    /// A date from its parts; `nil` when the parts do not name a real Gregorian date in `years`.
    package init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD` exactly (four, two and two digits); `nil` for anything else.
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = Digits.parse(bytes[0..<4]), let m = Digits.parse(bytes[5..<7]),
            let d = Digits.parse(bytes[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before it).
    package var daysSinceEpoch: Int { CivilDate.days(year: year, month: month, day: day) }

    /// The date `daysSinceEpoch` days after 1970-01-01.
    package init(daysSinceEpoch z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The date `n` days later (earlier when negative).
    package func adding(days n: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + n) }

    /// The next date, `adding(days: 1)` without counting from 1970: for walking a long run of days.
    package var dayAfter: CivilDate {
        if day < CivilDate.daysIn(month: month, year: year) { return CivilDate(unchecked: year, month, day + 1) }
        return month < 12 ? CivilDate(unchecked: year, month + 1, 1) : CivilDate(unchecked: year + 1, 1, 1)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // In place, a small string with no allocation: `simulate` writes a day key on every line.
        if Digits.fits(year, 4) {
            return String(unsafeUninitializedCapacity: 10) { bytes in
                write(to: bytes, at: 0)
                return 10
            }
        }
        return plainDescription
    }

    /// `description` by `Digits.pad`, for any year: the rule the fast path keeps to
    /// (`FormatFastPathTests` compares them).
    var plainDescription: String {
        Digits.pad(year, 4) + "-" + Digits.pad(month, 2) + "-" + Digits.pad(day, 2)
    }

    // Both inlinable, by the fields: the agent's core compares dates in other modules at every wake
    // (the ledger's walks, the plan's memories), where a call per comparison cost more than the work.
    @inlinable public static func == (a: CivilDate, b: CivilDate) -> Bool {
        a.day == b.day && a.month == b.month && a.year == b.year
    }

    @inlinable public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Days since 1970-01-01 of a proleptic Gregorian date, for any year (no range check; `day` may
    /// run past the month's end).
    static func days(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The weekday of the day `days` after 1970-01-01 (a Thursday): 0 = Sunday … 6 = Saturday.
    static func weekday(_ days: Int) -> Int { ((days + 4) % 7 + 7) % 7 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Fixed-width decimal helpers shared by the parsers and formatters of this module.
enum Digits {
    static func parse(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for b in bytes {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(b - UInt8(ascii: "0"))
        }
        return value
    }

    /// Appends the bytes of `pad(value, width)` to `bytes`.
    static func append(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else { return bytes.append(contentsOf: pad(value, width).utf8) }
        var digits = 1
        var power = 10
        while power <= value {
            digits += 1
            power *= 10
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        while digits > 0 {
            power /= 10
            bytes.append(UInt8(ascii: "0") + UInt8(value / power % 10))
            digits -= 1
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
