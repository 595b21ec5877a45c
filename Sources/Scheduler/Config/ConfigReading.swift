// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// A config file's text read line by line (`key = value`, `#` comments, LF or CRLF line ends): the
/// settings of its good lines, the line that set each key, and every bad line.
///
/// - Important: A bad line leaves its key at the default. Of a key given twice, in one spelling or
///   two (`remind-when-done`, `remindWhenDone`), the first line counts, even when it is bad; the
///   second is a problem.
package struct ConfigReading: Equatable, Sendable {
    /// Where a key's value comes from.
    package enum Source: Hashable, Sendable {
        /// The line that set it.
        case line(Int)
        /// The default: no line gives the key.
        case `default`
        /// The default, because the line that gives the key (this one) is bad.
        case defaultForBadLine(Int)
    }

    /// The first line that gave a key.
    struct Given: Hashable, Sendable {
        let line: Int
        let spelling: String
        let good: Bool
    }

    /// The file the text is from, as errors name it.
    package let path: String
    /// The settings: the defaults, changed by each good line.
    package private(set) var config = AgentConfig()
    /// Every bad line, in line order (`file:line: what is wrong`).
    package private(set) var problems: [ConfigError] = []
    /// The first line of each key given, by `ConfigKey.name`.
    private var given: [String: Given] = [:]

    /// Reads `text`; `path` names the file in problems.
    package init(parsing text: String, path: String) {
        self.path = path
        // "\r\n" is one Character in Swift: splitting on "\n" alone never matches a CRLF line end.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            read(Substring(raw), number: index + 1)
        }
    }

    private mutating func read(_ raw: Substring, number: Int) {
        func problem(_ code: ConfigError.Code, _ text: String, key: ConfigKey? = nil) {
            problems.append(ConfigError(code, path: path, line: number, problem: text, key: key?.name))
        }
        var line = raw
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty { return }
        // A line without `=`, or whose key is no key at all (`export PATH=/x`, a binary file's bytes),
        // is not a config line: `config set` refuses to write into such a file (`notConfigLine`).
        guard let eq = trimmed.firstIndex(of: "="), ConfigKey.isSpelling(trimmed[..<eq].trimmingWhitespace()) else {
            return problem(.syntax, "'\(Printable.bounded(String(trimmed)))' is not a 'key = value' line")
        }
        let spelling = trimmed[..<eq].trimmingWhitespace()
        let value = trimmed[trimmed.index(after: eq)...].trimmingWhitespace()
        guard let key = ConfigKey.named(spelling) else {
            let known = ConfigKey.all.map(\.name).joined(separator: ", ")
            return problem(.unknownKey, "unknown key '\(Printable.bounded(String(spelling)))'; known: \(known)")
        }
        if let first = given[key.name] {
            let other = first.spelling == spelling ? "" : ", as \(first.spelling)"
            return problem(.duplicateKey, "\(spelling) given twice (first on line \(first.line)\(other))", key: key)
        }
        do throws(ConfigKey.Refusal) {
            try key.apply(&config, value)
            given[key.name] = Given(line: number, spelling: String(spelling), good: true)
        } catch {
            given[key.name] = Given(line: number, spelling: String(spelling), good: false)
            switch error {
            case .notAccepted:
                problem(
                    .badValue, "\(spelling) must be \(key.accepted), not '\(Printable.bounded(String(value)))'",
                    key: key)
            case .because(let why): problem(.badValue, "\(spelling): \(why)", key: key)
            }
        }
    }

    /// The first line that is not a config line at all (`.syntax`: not blank, not a `#` comment, not
    /// `key = value` with a key spelled as keys are): a text with one is not a nitnem config (a
    /// `~/.bashrc`, a binary file), which `config set` never writes into. Unknown but well-formed
    /// keys, bad values and keys given twice do not count: they are a config's own mistakes.
    package var notConfigLine: ConfigError? { problems.first { $0.code == .syntax } }

    /// A reading that gave exactly `settings`, with no problem (an empty file gives the defaults).
    package init(settings: AgentConfig, path: String = "") {
        self.path = path
        config = settings
    }

    /// The settings as a running agent applies them: each good line's value, and for a key whose
    /// line is bad the value `running` has (the agent keeps what it was using rather than fall back
    /// to the default while the file is being fixed; at start, `running` is the defaults).
    package func config(keeping running: AgentConfig) -> AgentConfig {
        var merged = config
        for problem in problems {
            guard let name = problem.key, let key = ConfigKey.named(name), case .defaultForBadLine = source(of: key),
                let value = key.value(in: running)
            else { continue }
            try? key.apply(&merged, Substring(value))
        }
        return merged
    }

    /// What `problem` (one of `problems`) leaves in effect for an agent running with `running`:
    /// `keeping reminder.evening = 18:00`, `using line 2`, `line ignored`.
    package func kept(_ problem: ConfigError, running: AgentConfig) -> String {
        guard let name = problem.key, let key = ConfigKey.named(name) else { return "line ignored" }
        switch source(of: key) {
        case .line(let line): return "using line \(line)"
        case .default, .defaultForBadLine:
            return "keeping \(key.name) = \(key.value(in: config(keeping: running)) ?? key.defaultText)"
        }
    }

    /// Every line that gives `key`, in line order: the one that counts first, then each line giving
    /// it again (in any spelling); empty when no line does.
    package func lines(of key: ConfigKey) -> [Int] {
        guard let first = given[key.name] else { return [] }
        let again = problems.filter { $0.code == .duplicateKey && $0.key == key.name }.compactMap(\.line)
        return [first.line] + again
    }

    /// Where the value of `key` comes from.
    package func source(of key: ConfigKey) -> Source {
        guard let first = given[key.name] else { return .default }
        return first.good ? .line(first.line) : .defaultForBadLine(first.line)
    }

    /// `problem` (one of `problems`) and what it leaves in effect, one line:
    /// `/c:3: reminders must be on or off (…), not 'maybe'; using the default: on`.
    package func explained(_ problem: ConfigError) -> String { "\(problem.description); \(outcome(of: problem))" }

    /// What `problem` (one of `problems`) leaves in effect, in words: `using the default: on`,
    /// `using line 2`, `line ignored`.
    package func outcome(of problem: ConfigError) -> String {
        guard let name = problem.key, let key = ConfigKey.named(name) else { return "line ignored" }
        switch source(of: key) {
        case .line(let line): return "using line \(line)"
        case .default, .defaultForBadLine: return "using the default: \(key.defaultText)"
        }
    }
}
