// SPDX-License-Identifier: GPL-3.0-or-later
import Snapshot

extension ConfigKey {
    /// The values the key takes as literal words (`on`, `off`; `sgpc`, `taksal`), from `syntax`:
    /// its lower-case alternatives. A program offers them as choices.
    package var choices: [String] {
        syntax.split(separator: "|").map(String.init).filter { $0 == $0.lowercased() }
    }

    /// The form of a value that is no fixed word (`H:MM`, `DURATION`, `NAME`, `TEMPLATE`), from
    /// `syntax`; nil when the key takes only `choices`.
    package var form: String? {
        syntax.split(separator: "|").map(String.init).first { $0 != $0.lowercased() }
    }
}

extension ConfigReading {
    /// `config --format json`: the file (`path`, `exists`) and, per key of `ConfigKey.all`, its
    /// `value` in effect (null: not set), `default`, `source` (`file` with its `line`, or
    /// `default`), `choices`, `form`, `syntax`, `accepted`, `help` and the `problem` of a bad line
    /// giving it, then for a settings window its `page` (`reminders` or `reading`), `label` and
    /// `reset` (the reset button's name) in the user's language; then every bad line's `problems`,
    /// `paused` (`{"until": RFC 3339}` while reminders are paused, else null) and `words`, the
    /// pages' own words (`SettingsWords.json`).
    ///
    /// - Important: No environment variable sets a key: `source` is `file` or `default`. `help`,
    ///   `accepted` and `problem` are English, like the man page and errors.
    package func json(exists: Bool, words: SettingsWords, pausedUntil: String? = nil) -> JSONValue {
        let keys: [JSONValue] = ConfigKey.all.map { key in
            var members: [(key: String, value: JSONValue)] = [
                ("key", .string(key.name)), ("value", .optional(key.value(in: config))),
                ("default", .optional(key.defaultValue)), ("defaultText", .string(key.defaultText)),
            ]
            switch source(of: key) {
            case .line(let line): members += [("source", .string("file")), ("line", .int(line))]
            case .default: members += [("source", .string("default")), ("line", .null)]
            case .defaultForBadLine(let line): members += [("source", .string("default")), ("line", .int(line))]
            }
            let problem = problems.first { $0.key == key.name }
            members += [
                ("choices", .array(key.choices.map { .string($0) })), ("form", .optional(key.form)),
                ("syntax", .string(key.syntax)), ("accepted", .string(key.accepted)), ("help", .string(key.help)),
                ("problem", .optional(problem.map { explained($0) })),
                ("page", .string(key.page.rawValue)), ("label", .string(key.label(words.localizer))),
                ("reset", .string(words.reset(key))),
            ]
            return .object(members)
        }
        return .object([
            ("path", .string(path)), ("exists", .bool(exists)), ("keys", .array(keys)),
            ("problems", .array(problems.map { .string(explained($0)) })),
            ("paused", pausedUntil.map { .object([("until", .string($0))]) } ?? .null),
            ("words", words.json),
        ])
    }
}
