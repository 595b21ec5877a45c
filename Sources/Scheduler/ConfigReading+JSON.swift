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
    /// giving it; then every bad line's `problems`.
    ///
    /// - Important: No environment variable sets a key: `source` is `file` or `default`.
    package func json(exists: Bool) -> JSONValue {
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
            ]
            return .object(members)
        }
        return .object([
            ("path", .string(path)), ("exists", .bool(exists)), ("keys", .array(keys)),
            ("problems", .array(problems.map { .string(explained($0)) })),
        ])
    }
}
