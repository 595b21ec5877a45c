// SPDX-License-Identifier: GPL-3.0-or-later
/// A time of day on a wall clock (`HH:MM[:SS]`), with no date and no zone.
package struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Hour, 0...23.
    package let hour: Int
    /// Minute, 0...59.
    package let minute: Int
    /// Second, 0...59.
    package let second: Int

    /// A wall time from its parts; `nil` when out of range.
    package init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Reads `HH:MM` (two digits each); `nil` for anything else.
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let h = Digits.parse(bytes[0..<2]),
            let m = Digits.parse(bytes[3..<5])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    init(uncheckedSeconds s: Int) {
        hour = s / 3600
        minute = s / 60 % 60
        second = s % 60
    }

    /// Seconds since the start of the wall-clock day.
    package var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    package var description: String {
        let hm = Digits.pad(hour, 2) + ":" + Digits.pad(minute, 2)
        return second == 0 ? hm : hm + ":" + Digits.pad(second, 2)
    }

    package static func < (a: WallTime, b: WallTime) -> Bool { a.secondsIntoDay < b.secondsIntoDay }

    /// 03:00, when a Nitnem day begins.
    package static let dayRoll = WallTime(uncheckedSeconds: 3 * 3600)
}
