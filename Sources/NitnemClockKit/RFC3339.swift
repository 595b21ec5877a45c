// SPDX-License-Identifier: GPL-3.0-or-later
/// RFC 3339 instants as this project writes and reads them.
package enum RFC3339 {
    /// `instant` on the wall clock of `calendar`'s zone with its offset, e.g.
    /// `2026-11-29T22:00:00+05:30` (whole seconds; `+00:00` for UTC).
    package static func format(_ instant: Date, in calendar: NitnemCalendar) -> String {
        format(Stamp(instant, in: calendar))
    }

    /// An instant with the UTC offset of a zone at it: all `format` needs, kept as two numbers until
    /// written (`simulate` prints one per line, straight into its output: no `String` made).
    package struct Stamp: Hashable, Sendable {
        package let instant: Date
        /// Seconds east of UTC at `instant`.
        package let offset: Int

        package init(_ instant: Date, in calendar: NitnemCalendar) {
            self.instant = instant
            offset = calendar.offset(at: instant)
        }

        /// The wall-clock date and time, as `NitnemCalendar.wallClock(at:)` gives them.
        var wallClock: (date: CivilDate, time: WallTime) {
            let local = Zone.floorSeconds(instant) + offset
            let days = Zone.floorDiv(local, 86_400)
            return (CivilDate(daysSinceEpoch: days), WallTime(uncheckedSeconds: local - days * 86_400))
        }

        /// Whether each field has its width (a wall time's and a date's month and day always do; a
        /// year outside 0…9999 or an offset of 100 hours goes the plain way).
        func fits(_ date: CivilDate) -> Bool { Digits.fits(date.year, 4) && Digits.fits(abs(offset) / 3600, 2) }

        /// The 25 bytes, written at `start` of `text` (`fits` holds).
        func write(_ date: CivilDate, _ time: WallTime, to text: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
            let minutes = abs(offset) / 60
            date.write(to: text, at: start)
            text[start + 10] = UInt8(ascii: "T")
            Digits.write(time.hour, 2, to: text, at: start + 11)
            text[start + 13] = UInt8(ascii: ":")
            Digits.write(time.minute, 2, to: text, at: start + 14)
            text[start + 16] = UInt8(ascii: ":")
            Digits.write(time.second, 2, to: text, at: start + 17)
            text[start + 19] = UInt8(ascii: offset < 0 ? "-" : "+")
            Digits.write(minutes / 60, 2, to: text, at: start + 20)
            text[start + 22] = UInt8(ascii: ":")
            Digits.write(minutes % 60, 2, to: text, at: start + 23)
        }
    }

    /// `stamp` as text: `format`.
    package static func format(_ stamp: Stamp) -> String {
        let (date, time) = stamp.wallClock
        // Written in place, into the string's own storage.
        guard stamp.fits(date) else { return plainFormat(date, time, offset: stamp.offset) }
        return String(unsafeUninitializedCapacity: 25) { text in
            stamp.write(date, time, to: text, at: 0)
            return 25
        }
    }

    /// `format(stamp)`'s bytes appended to `out`, without making a `String`.
    package static func append(_ stamp: Stamp, to out: inout [UInt8]) {
        let (date, time) = stamp.wallClock
        guard stamp.fits(date) else {
            return out.append(contentsOf: plainFormat(date, time, offset: stamp.offset).utf8)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { text in
            stamp.write(date, time, to: text, at: 0)
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// `format` field by field from the calendar's own wall clock and offset: the rule the stamp and
    /// its fast path keep to, byte for byte (`FormatFastPathTests` compares them).
    static func plainFormat(_ instant: Date, in calendar: NitnemCalendar) -> String {
        let (date, time) = calendar.wallClock(at: instant)
        return plainFormat(date, time, offset: calendar.offset(at: instant))
    }

    /// The fields written one by one, for any field (a year beyond four digits).
    static func plainFormat(_ date: CivilDate, _ time: WallTime, offset: Int) -> String {
        let minutes = abs(offset) / 60
        var text: [UInt8] = []
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

extension Digits {
    /// Whether `value` is written in exactly `width` digits by `pad(value, width)`: `0 ≤ value <
    /// 10^width`, the fields `write` takes.
    static func fits(_ value: Int, _ width: Int) -> Bool {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        return value >= 0 && value < limit
    }

    /// Writes the bytes of `pad(value, width)` into `bytes[start ..< start + width]`, for a `value`
    /// that `fits`: the formatters' fast path, into storage sized beforehand.
    @inline(__always)
    static func write(_ value: Int, _ width: Int, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var i = start + width
        while i > start {
            i -= 1
            bytes[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}

extension CivilDate {
    /// Writes the 10 bytes of `description` into `bytes` from `start`, for a year that `fits` 4 digits.
    func write(to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        Digits.write(year, 4, to: bytes, at: start)
        bytes[start + 4] = UInt8(ascii: "-")
        Digits.write(month, 2, to: bytes, at: start + 5)
        bytes[start + 7] = UInt8(ascii: "-")
        Digits.write(day, 2, to: bytes, at: start + 8)
    }
}
