// SPDX-License-Identifier: GPL-3.0-or-later
/// A POSIX `TZ` rule such as `IST-5:30`, `EST5EDT,M3.2.0,M11.1.0` or `<+0330>-3:30`: a standard
/// time and, optionally, a daylight time with the dates it starts and ends each year.
///
/// Offsets in the text are west-positive (`EST5` is five hours *behind* UTC); the values here are
/// east-positive seconds, like a TZif `utoff`. Rule times may have hours up to ±167 (RFC 8536 §3.3.1).
struct POSIXRule: Hashable, Sendable {
    /// The standard time.
    var standard: LocalTimeType
    /// The daylight time and when it applies, if the zone has one.
    var daylight: Daylight?

    struct Daylight: Hashable, Sendable {
        var type: LocalTimeType
        /// The day daylight time starts, and the time on that day in *standard* local time.
        var start: DateRule
        var startTime: Int
        /// The day daylight time ends, and the time on that day in *daylight* local time.
        var end: DateRule
        var endTime: Int
    }

    /// Whether the zone has daylight time: asked without copying `daylight` out (`!= nil` did).
    var hasDaylight: Bool {
        if case .some = daylight { return true }
        return false
    }

    /// A day of the year.
    enum DateRule: Hashable, Sendable {
        /// `Jn`: day 1...365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0...365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...5, 5 = the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// Days since 1970-01-01 of this day in `year`.
        func day(in year: Int) -> Int {
            let jan1 = CivilDate.days(year: year, month: 1, day: 1)
            switch self {
            case .julianNoLeap(let n):
                return jan1 + n - 1 + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return jan1 + n
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate.days(year: year, month: month, day: 1)
                let firstWeekday = CivilDate.weekday(first)
                var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                let length = CivilDate.daysIn(month: month, year: year)
                while day > length { day -= 7 }
                return first + day - 1
            }
        }
    }

    /// Reads a POSIX `TZ` string; `nil` when `text` is not one.
    init?(_ text: some StringProtocol) {
        var s = Scanner(Array(text.utf8))
        guard let stdName = s.name(), let stdOffset = s.time(maxHours: 24) else { return nil }
        standard = LocalTimeType(offset: -stdOffset, isDST: false, abbreviation: stdName)
        if s.atEnd {
            daylight = nil
            return
        }
        guard let dstName = s.name() else { return nil }
        var dstOffset = -stdOffset + 3600
        if !s.atEnd, s.peek != UInt8(ascii: ",") {
            guard let o = s.time(maxHours: 24) else { return nil }
            dstOffset = -o
        }
        let dstType = LocalTimeType(offset: dstOffset, isDST: true, abbreviation: dstName)
        var start = DateRule.monthWeekDay(month: 3, week: 2, weekday: 0)
        var end = DateRule.monthWeekDay(month: 11, week: 1, weekday: 0)
        var startTime = 7200
        var endTime = 7200
        if !s.atEnd {
            guard s.take(","), let a = s.dateRule() else { return nil }
            start = a
            if s.take("/") {
                guard let t = s.time(maxHours: 167) else { return nil }
                startTime = t
            }
            guard s.take(","), let b = s.dateRule() else { return nil }
            end = b
            if s.take("/") {
                guard let t = s.time(maxHours: 167) else { return nil }
                endTime = t
            }
        }
        guard s.atEnd else { return nil }
        daylight = Daylight(type: dstType, start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// When daylight time starts (`on`) and ends (`off`) in `year` (UTC seconds); `nil` without
    /// daylight time.
    func daylightChanges(in year: Int) -> (on: Int, off: Int)? {
        guard let d = daylight else { return nil }
        let on = d.start.day(in: year) * 86_400 + d.startTime - standard.offset
        let off = d.end.day(in: year) * 86_400 + d.endTime - d.type.offset
        return (on, off)
    }

    /// The changes of local time type in `year`, in time order (UTC seconds).
    func transitions(in year: Int) -> [(at: Int, type: LocalTimeType)] {
        guard let d = daylight, let (on, off) = daylightChanges(in: year) else { return [] }
        return on <= off ? [(on, d.type), (off, standard)] : [(off, standard), (on, d.type)]
    }

    /// The local time type at `t` (UTC seconds).
    func type(at t: Int) -> LocalTimeType {
        guard let d = daylight, isDaylight(at: t) else { return standard }
        return d.type
    }

    /// The UTC offset at `t` (UTC seconds): `type(at:).offset`, without copying the type.
    func offset(at t: Int) -> Int {
        guard let d = daylight, isDaylight(at: t) else { return standard.offset }
        return d.type.offset
    }

    /// Whether daylight time is in effect at `t` (UTC seconds): the latest change at or before `t`
    /// starts it, taking the changes of each year in time order (`transitions(in:)`).
    func isDaylight(at t: Int) -> Bool {
        let year = CivilDate(daysSinceEpoch: NitnemCalendar.floorDiv(t + standard.offset, 86_400)).year
        // Rule times of ±167 h can move a year's transitions into its neighbours: look at three years.
        var current = false
        var latest = Int.min
        func consider(_ at: Int, _ isDaylight: Bool) {
            if at <= t && at >= latest {
                latest = at
                current = isDaylight
            }
        }
        for y in year - 1...year + 1 {
            guard let (on, off) = daylightChanges(in: y) else { continue }
            if on <= off {
                consider(on, true)
                consider(off, false)
            } else {
                consider(off, false)
                consider(on, true)
            }
        }
        // None at or before `t`: the last change of the year before holds.
        if latest == Int.min, let (on, off) = daylightChanges(in: year - 1) { return on > off }
        return current
    }

    /// Whether the local time type changes anywhere in `(from, to]` (`transitions(from:to:)` is
    /// not empty), without listing the changes.
    func changes(after from: Int, through to: Int) -> Bool {
        guard hasDaylight, from < to else { return false }
        let first = CivilDate(daysSinceEpoch: NitnemCalendar.floorDiv(from, 86_400)).year - 1
        let last = CivilDate(daysSinceEpoch: NitnemCalendar.floorDiv(to, 86_400)).year + 1
        for y in first...max(first, last) {
            guard let (on, off) = daylightChanges(in: y) else { continue }
            if (on > from && on <= to) || (off > from && off <= to) { return true }
        }
        return false
    }

    /// Every change of local time type in `(from, to]`, in time order.
    func transitions(from: Int, to: Int) -> [(at: Int, type: LocalTimeType)] {
        guard hasDaylight, from < to else { return [] }
        let first = CivilDate(daysSinceEpoch: NitnemCalendar.floorDiv(from, 86_400)).year - 1
        let last = CivilDate(daysSinceEpoch: NitnemCalendar.floorDiv(to, 86_400)).year + 1
        var result: [(at: Int, type: LocalTimeType)] = []
        for y in first...max(first, last) {
            result += transitions(in: y).filter { $0.at > from && $0.at <= to }
        }
        return result.sorted { $0.at < $1.at }
    }

    /// A byte scanner for the grammar of POSIX `TZ` strings.
    private struct Scanner {
        let b: [UInt8]
        var i = 0
        init(_ b: [UInt8]) { self.b = b }

        var atEnd: Bool { i >= b.count }
        var peek: UInt8? { i < b.count ? b[i] : nil }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }

        static func isAlpha(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        }
        static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        /// `std` or `dst`: three or more letters, or `<…>` holding three or more of `[A-Za-z0-9+-]`.
        mutating func name() -> String? {
            let start = i
            if take("<") {
                let inner = i
                while let c = peek,
                    Self.isAlpha(c) || Self.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                {
                    i += 1
                }
                let end = i
                guard end - inner >= 3, take(">") else {
                    i = start
                    return nil
                }
                return String(decoding: b[inner..<end], as: UTF8.self)
            }
            while let c = peek, Self.isAlpha(c) { i += 1 }
            guard i - start >= 3 else {
                i = start
                return nil
            }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        /// Up to `maxDigits` decimal digits, at least one.
        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while let c = peek, Self.isDigit(c), count < maxDigits {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                i += 1
                count += 1
            }
            return count == 0 ? nil : value
        }

        /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
        mutating func time(maxHours: Int) -> Int? {
            var sign = 1
            if take("-") {
                sign = -1
            } else {
                _ = take("+")
            }
            guard let h = number(maxDigits: 3), h <= maxHours else { return nil }
            var seconds = h * 3600
            if take(":") {
                guard let m = number(maxDigits: 2), m <= 59 else { return nil }
                seconds += m * 60
                if take(":") {
                    guard let sec = number(maxDigits: 2), sec <= 59 else { return nil }
                    seconds += sec
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`.
        mutating func dateRule() -> DateRule? {
            if take("J") {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                return .julianNoLeap(n)
            }
            if take("M") {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take("."),
                    let w = number(maxDigits: 1), (1...5).contains(w), take("."),
                    let d = number(maxDigits: 1), (0...6).contains(d)
                else { return nil }
                return .monthWeekDay(month: m, week: w, weekday: d)
            }
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            return .zeroBased(n)
        }
    }
}
