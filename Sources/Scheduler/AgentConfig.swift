import NitnemClockKit
import Snapshot

/// The agent's settings, from `$XDG_CONFIG_HOME/nitnem/config` (`key = value` lines, `#` comments).
public struct AgentConfig: Hashable, Sendable {
    /// `reminders = on|off` (default on: running the agent is the opt-in).
    public var remindersOn = true
    /// `reminder.amritVela`, `reminder.evening`, `reminder.night` = `HH:MM` or `off`.
    public var slots = ReminderSlots.defaults
    /// `open = <program> [args…]`: runs with the deep link as one more argv element, never a shell.
    public var opener = ["xdg-open"]
    /// `reader = <template>`: what `nitnem open` runs for a deep link (a web page opened with `open`,
    /// or a command run as argv); the SikhiToTheMax web Sundar Gutka by default.
    public var reader = ReaderTemplate.default
    /// `remind-when-done = no|yes`: remind even when the band's set is already read.
    public var remindWhenDone = false
    /// `snooze = 15m`: how long "Later" defers a reminder (1 minute to 3 hours), in seconds.
    public var snooze: TimeInterval = 15 * 60
    /// `sound = off|on|<sound-name>`: the reminder's `sound-name` hint (`on`: `message-new-instant`).
    public var sound: String?
    /// `rehras = sgpc|taksal`: the Rehras counted in the evening set, over the snapshot's own
    /// preference (when the snapshot has both forms; the embedded registry has one).
    public var rehras: RehrasVariant?

    /// The defaults.
    public init() {}

    /// Reads a config file's text; `path` names it in errors. Lines end in LF or CRLF.
    /// - Throws: `ConfigError` (`file:line: what is wrong`) for an unknown key, a key given twice, a
    ///   bad value or a slot outside its band.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> AgentConfig {
        var config = AgentConfig()
        // The line each key was first given on.
        var seen: [Substring: Int] = [:]
        // "\r\n" is one Character in Swift: splitting on "\n" alone never matches a CRLF line end.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let lineNumber = index + 1
            func fail(_ problem: String, _ code: ConfigError.Code = .badValue) -> ConfigError {
                ConfigError(code, path: path, line: lineNumber, problem: problem)
            }
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            guard let eq = trimmed.firstIndex(of: "=") else {
                throw fail("expected 'key = value', found '\(trimmed)'", .syntax)
            }
            let key = trimmed[..<eq].trimmingWhitespace()
            let value = trimmed[trimmed.index(after: eq)...].trimmingWhitespace()
            if let first = seen[key] {
                throw fail("\(key) given twice (first on line \(first))", .duplicateKey)
            }
            seen[key] = lineNumber
            switch key {
            case "reminders":
                guard let on = Self.onOff(value) else { throw fail("reminders must be on or off, not '\(value)'") }
                config.remindersOn = on
            case "remind-when-done":
                guard let yes = Self.yesNo(value) else {
                    throw fail("remind-when-done must be yes or no, not '\(value)'")
                }
                config.remindWhenDone = yes
            case "snooze":
                guard let seconds = Self.duration(value), (60...3 * 3600).contains(seconds) else {
                    throw fail("snooze must be a duration from 1m to 3h (e.g. 15m, 1h30m), not '\(value)'")
                }
                config.snooze = TimeInterval(seconds)
            case "sound":
                switch value {
                case "off": config.sound = nil
                case "on": config.sound = "message-new-instant"
                default:
                    guard !value.isEmpty,
                        value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." })
                    else {
                        throw fail("sound must be off, on or a sound name such as message-new-instant, not '\(value)'")
                    }
                    config.sound = String(value)
                }
            case "open":
                let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard !words.isEmpty else { throw fail("open needs a program, e.g. open = xdg-open") }
                config.opener = words
            case "reader":
                do {
                    config.reader = try ReaderTemplate(parsing: String(value))
                } catch {
                    throw fail("reader: \(error)")
                }
            case "rehras":
                guard let variant = RehrasVariant(rawValue: String(value)) else {
                    throw fail("rehras must be sgpc or taksal, not '\(value)'")
                }
                config.rehras = variant
            case "reminder.amritVela", "reminder.evening", "reminder.night":
                let band = Band(rawValue: String(key.dropFirst("reminder.".count)))!
                if value == "off" {
                    try? config.slots.set(band, nil)
                    continue
                }
                guard let time = WallTime(value) else {
                    throw fail("\(key) must be HH:MM (24-hour) or off, not '\(value)'")
                }
                do {
                    try config.slots.set(band, time)
                } catch {
                    throw fail("\(key): \(error)")
                }
            default:
                throw fail(
                    "unknown key '\(key)'; known: reminders, reminder.amritVela, reminder.evening, reminder.night, snooze, sound, open, reader, rehras, remind-when-done",
                    .unknownKey)
            }
        }
        return config
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

    static func onOff(_ v: Substring) -> Bool? { v == "on" ? true : v == "off" ? false : nil }
    static func yesNo(_ v: Substring) -> Bool? { v == "yes" ? true : v == "no" ? false : nil }
}

/// The Rehras forms a reader may choose (config `rehras`).
public enum RehrasVariant: String, CaseIterable, Hashable, Sendable {
    /// The SGPC Rehras: the registry's default.
    case sgpc
    /// The Damdami Taksal Rehras.
    case taksal
}

extension GroupFiles {
    /// The files as `config` sees them: Rehras as config `rehras` chooses (`NitnemSnapshot.choosingRehras`).
    public func configured(_ config: AgentConfig) -> GroupFiles {
        guard let rehras = config.rehras else { return self }
        var files = self
        files.snapshot = snapshot.choosingRehras(rehras.rawValue)
        return files
    }
}

/// A bad line in the config file, or a config file that cannot be read.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    /// What kind of problem.
    public enum Code: Equatable, Hashable, Sendable {
        /// The file exists but cannot be read.
        case unreadable
        /// The file was asked for (`--config FILE`) but does not exist.
        case missing
        /// The file is not UTF-8 text.
        case notText
        /// A line is not `key = value`.
        case syntax
        /// A key this version does not know.
        case unknownKey
        /// A known key with a value it does not take.
        case badValue
        /// A key given on two lines.
        case duplicateKey
    }

    /// What kind of problem.
    public let code: Code
    /// The config file.
    public let path: String
    /// The 1-based line, when the problem is on one.
    public let line: Int?
    /// What is wrong, in words a user can act on.
    public let problem: String

    /// A problem in `path` (at `line`).
    public init(_ code: Code, path: String, line: Int?, problem: String) {
        self.code = code
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// `file:line: what is wrong`, control characters escaped (`Printable.escaped`): the problem
    /// echoes values from the file, which may hold NUL or ESC.
    public var description: String {
        Printable.escaped(line.map { "\(path):\($0): \(problem)" } ?? "\(path): \(problem)")
    }
}
