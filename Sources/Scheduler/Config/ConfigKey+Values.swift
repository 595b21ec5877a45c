// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// How a config line's value is read: booleans, wall times and durations, shared by the keys.
extension ConfigKey {
    /// The words of a boolean: `on`, `yes`, `true` and `off`, `no`, `false`, in any case.
    static func boolean(_ value: Substring) throws(Refusal) -> Bool {
        switch value.lowercased() {
        case "on", "yes", "true": true
        case "off", "no", "false": false
        default: throw .notAccepted
        }
    }

    /// `H:MM` or `HH:MM` as a wall time; nil for anything else.
    static func wallTime(_ value: Substring) -> WallTime? {
        if value.utf8.count == 4, value.utf8.dropFirst().first == UInt8(ascii: ":") { return WallTime("0" + value) }
        return WallTime(value)
    }

    /// `15m`, `1h`, `1h30m`, `90s` as seconds; nil when it is not one.
    static func duration(_ text: Substring) -> Int? {
        var total = 0
        var digits = ""
        var any = false
        for c in text {
            if c.isASCII, c.isNumber {
                digits.append(c)
                continue
            }
            guard let n = Int(digits), n <= 100_000 else { return nil }
            switch c {
            case "h": total += n * 3600
            case "m": total += n * 60
            case "s": total += n
            default: return nil
            }
            digits = ""
            any = true
        }
        return digits.isEmpty && any ? total : nil
    }

    /// Seconds as `duration` reads them: `15m`, `1h30m`, `1m30s`.
    static func duration(_ seconds: Int) -> String {
        let parts = [(seconds / 3600, "h"), (seconds / 60 % 60, "m"), (seconds % 60, "s")]
        let text = parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        return text.isEmpty ? "0s" : text
    }
}
