// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// How a config line's value is read (booleans, choices, wall times, durations), shared by the keys,
/// and the keys of one form built from a key path (`yesOrNo`, `choice`).
extension ConfigKey {
    /// The pairs of words a boolean takes, in any case.
    static let booleanWords: [(yes: String, no: String)] = [("on", "off"), ("yes", "no"), ("true", "false")]

    /// The words of a boolean: `on`, `yes`, `true` and `off`, `no`, `false`, in any case.
    static func boolean(_ value: Substring) throws(Refusal) -> Bool {
        let word = value.lowercased()
        if booleanWords.contains(where: { $0.yes == word }) { return true }
        if booleanWords.contains(where: { $0.no == word }) { return false }
        throw .notAccepted
    }

    /// A key that is on or off, shown as one pair of `booleanWords` (`reminders`: `on`/`off`); it
    /// takes every pair.
    static func yesOrNo(
        _ name: String, _ field: any WritableKeyPath<AgentConfig, Bool> & Sendable,
        shown words: (yes: String, no: String),
        page: Page, label: Message, help: String
    ) -> ConfigKey {
        let others = booleanWords.filter { $0.yes != words.yes }.map { "\($0.yes)/\($0.no)" }
        return ConfigKey(
            name, page: page, label: label, syntax: "\(words.yes)|\(words.no)",
            accepted: "\(words.yes) or \(words.no) (also \(others.joined(separator: ", ")))", help: help,
            apply: { config, value throws(Refusal) in config[keyPath: field] = try boolean(value) },
            show: { $0[keyPath: field] ? words.yes : words.no })
    }

    /// A key that takes one of `Choice`'s cases, in any case, and is not set by default (`rehras`,
    /// `titles`): its syntax and accepted values list the cases in their order.
    static func choice<Choice: RawRepresentable<String> & CaseIterable & Sendable>(
        _ name: String, _ field: any WritableKeyPath<AgentConfig, Choice?> & Sendable, page: Page, label: Message,
        help: String, unset: String
    ) -> ConfigKey {
        let words = Choice.allCases.map(\.rawValue)
        return ConfigKey(
            name, page: page, label: label, syntax: words.joined(separator: "|"),
            accepted: words.dropLast().joined(separator: ", ") + " or " + (words.last ?? ""), help: help,
            unset: unset,
            apply: { config, value throws(Refusal) in
                guard let choice = Choice(rawValue: value.lowercased()) else { throw .notAccepted }
                config[keyPath: field] = choice
            },
            show: { $0[keyPath: field]?.rawValue })
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
