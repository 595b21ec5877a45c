// SPDX-License-Identifier: GPL-3.0-or-later
/// RFC 3339 instants as this project writes and reads them.
package enum RFC3339 {
    /// `instant` on the wall clock of `calendar`'s zone with its offset, e.g.
    /// `2026-11-29T22:00:00+05:30` (whole seconds; `+00:00` for UTC).
    package static func format(_ instant: Date, in calendar: NitnemCalendar) -> String {
        let (date, time) = calendar.wallClock(at: instant)
        let offset = calendar.offset(at: instant)
        let minutes = abs(offset) / 60
        // Written byte by byte: this is printed for every line `simulate` prints.
        var text: [UInt8] = []
        text.reserveCapacity(25)
        Digits.append(date.year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        Digits.append(date.month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        Digits.append(date.day, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        Digits.append(time.hour, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Digits.append(time.minute, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Digits.append(time.second, 2, to: &text)
        text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        Digits.append(minutes / 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Digits.append(minutes % 60, 2, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The parts of `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`; `nil` when `text` is not of that form.
    struct Parts {
        var date: CivilDate
        var time: WallTime
        var fraction: Double
        /// Seconds east of UTC; `nil` for a local wall time.
        var offset: Int?
    }

    static func parts(_ text: String) -> Parts? {
        let b = Array(text.utf8)
        func digits(_ r: Range<Int>) -> Int? { r.upperBound <= b.count ? Digits.parse(b[r]) : nil }
        guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
            let date = CivilDate(String(decoding: b[0..<10], as: UTF8.self)),
            let hour = digits(11..<13), b[13] == UInt8(ascii: ":"), let minute = digits(14..<16)
        else { return nil }
        var i = 16
        var second = 0
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            guard let s = digits(i + 1..<i + 3) else { return nil }
            second = s
            i += 3
            if i < b.count, b[i] == UInt8(ascii: ".") {
                var j = i + 1
                while j < b.count, b[j] >= UInt8(ascii: "0"), b[j] <= UInt8(ascii: "9") { j += 1 }
                guard j > i + 1, let f = Double("0" + String(decoding: b[i..<j], as: UTF8.self)) else {
                    return nil
                }
                fraction = f
                i = j
            }
        }
        guard let time = WallTime(hour: hour, minute: minute, second: second) else { return nil }
        var offset: Int?
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                guard i + 1 == b.count else { return nil }
                offset = 0
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                guard b.count == i + 6, b[i + 3] == UInt8(ascii: ":"), let oh = digits(i + 1..<i + 3),
                    let om = digits(i + 4..<i + 6), oh <= 23, om <= 59
                else { return nil }
                offset = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        return Parts(date: date, time: time, fraction: fraction, offset: offset)
    }

    /// Reads an RFC 3339 instant with `Z` or an offset, or a local wall time
    /// `YYYY-MM-DDTHH:MM[:SS]` on the wall clock of `calendar` (a time in a DST gap is the first
    /// instant after it; a time that happens twice is its first occurrence). `nil` otherwise.
    package static func parse(_ text: String, in calendar: NitnemCalendar) -> Date? {
        guard let p = parts(text) else { return nil }
        if let offset = p.offset {
            let local = p.date.daysSinceEpoch * 86_400 + p.time.secondsIntoDay
            return Date(timeIntervalSince1970: Double(local - offset) + p.fraction)
        }
        return calendar.resolve(p.date, p.time).addingTimeInterval(p.fraction)
    }

    /// Reads an instant with an explicit `Z` or offset only; `nil` otherwise.
    package static func parseAbsolute(_ text: String) -> Date? {
        guard let p = parts(text), let offset = p.offset else { return nil }
        let local = p.date.daysSinceEpoch * 86_400 + p.time.secondsIntoDay
        return Date(timeIntervalSince1970: Double(local - offset) + p.fraction)
    }

    /// `at` in UTC, whole seconds: `2026-11-29T04:12:00Z`.
    package static func utcTimestamp(_ at: Date) -> String {
        let seconds = Int(at.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(CivilDate(daysSinceEpoch: days))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }
}
