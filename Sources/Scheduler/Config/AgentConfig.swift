// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The agent's settings, from `$XDG_CONFIG_HOME/nitnem/config` (`key = value` lines, `#` comments;
/// the keys are declared in `ConfigKey.all`): each of `Settings`, read and set as a field of its own
/// (`config.snooze`).
@dynamicMemberLookup
package struct AgentConfig: BoxedFields {
    /// The settings, behind one reference: the core hands the config to each decision of every
    /// wake, and a copy is then one retain, not one per array and string inside. A change (only
    /// while the file is read) makes a new box.
    package struct Settings: Hashable, Sendable {
        /// `reminders = on|off` (default on: running the agent is the opt-in).
        package var remindersOn = true
        /// `reminder.amritVela`, `reminder.evening`, `reminder.night` = `H:MM`, `HH:MM` or `off`.
        package var slots = ReminderSlots.defaults
        /// `open = <program> [args…]`: runs with the deep link as one more argv element, never a shell.
        package var opener = ["xdg-open"]
        /// `reader = <template>`: what `nitnem open` runs for a deep link (a web page opened with `open`,
        /// or a command run as argv); the SikhiToTheMax web Sundar Gutka by default.
        package var reader = ReaderTemplate.default
        /// `listen = <command template>`: what plays a bani's recorded paath (`nitnem listen`, the
        /// reminder's Listen button); nil (no Listen) by default.
        package var listen: ListenTemplate?
        /// `remind-when-done = no|yes`: remind even when the band's set is already read.
        package var remindWhenDone = false
        /// `snooze = 15m`: how long "Later" defers a reminder (1 minute to 3 hours), in seconds.
        package var snooze: TimeInterval = 15 * 60
        /// `sound = off|on|<sound-name>`: the reminder's `sound-name` hint (`on`: `message-new-instant`).
        package var sound: String?
        /// `click = read|mark|listen|later`: what a click on the reminder's body does (its default
        /// action); `listen` without config `listen` reads (`ReminderAction.clicked(_:)`).
        package var click: ReminderAction = .read
        /// `rehras = sgpc|taksal`: the Rehras counted in the evening set, over the snapshot's own
        /// preference (when the snapshot has both forms; the embedded registry has one).
        package var rehras: RehrasVariant?
        /// `titles = english|gurmukhi|both`: which title of a bani every surface shows; nil (not set):
        /// each surface's own default (`TitleForm.or(_:)`).
        package var titles: TitleForm?
    }

    package var box = Boxed(Settings())

    /// The defaults.
    package init() {}

    /// Reads a config file's text; `path` names it in errors. Lines end in LF or CRLF.
    /// - Throws: `ConfigError` (`file:line: what is wrong`) for the first bad line: an unknown key, a
    ///   key given twice, a bad value or a slot outside its band.
    package static func parse(_ text: String, path: String) throws(ConfigError) -> AgentConfig {
        let reading = ConfigReading(parsing: text, path: path)
        if let problem = reading.problems.first { throw problem }
        return reading.config
    }

    /// Reads a config file's text keeping every good line: a bad line leaves its key at the default
    /// and is one of `problems` (in line order); of a key given twice, the first line counts.
    /// `ConfigReading(parsing:path:)` also says which line set each key.
    package static func parseTolerant(_ text: String, path: String) -> (config: AgentConfig, problems: [ConfigError]) {
        let reading = ConfigReading(parsing: text, path: path)
        return (reading.config, reading.problems)
    }
}

/// The Rehras forms a reader may choose (config `rehras`).
package enum RehrasVariant: String, CaseIterable, Hashable, Sendable {
    /// The SGPC Rehras: the registry's default.
    case sgpc
    /// The Damdami Taksal Rehras.
    case taksal
}

extension GroupFiles {
    /// The files as `config` sees them: Rehras as config `rehras` chooses (`NitnemSnapshot.choosingRehras`).
    package func configured(_ config: AgentConfig) -> GroupFiles {
        guard let rehras = config.rehras else { return self }
        var files = self
        files.snapshot = snapshot.choosingRehras(rehras.rawValue)
        return files
    }
}

/// A bad line in the config file, or a config file that cannot be read.
package struct ConfigError: Error, Equatable, CustomStringConvertible {
    /// What kind of problem.
    package enum Code: Equatable, Hashable, Sendable {
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
    package let code: Code
    /// The config file.
    package let path: String
    /// The 1-based line, when the problem is on one.
    package let line: Int?
    /// What is wrong, in words a user can act on.
    package let problem: String
    /// The key of a bad value or of a key given twice (its documented name, `ConfigKey.name`).
    package let key: String?

    /// A problem in `path` (at `line`, with `key`).
    package init(_ code: Code, path: String, line: Int?, problem: String, key: String? = nil) {
        self.code = code
        self.path = path
        self.line = line
        self.problem = problem
        self.key = key
    }

    /// `file:line: what is wrong`, control characters escaped (`Printable.escaped`): the problem
    /// echoes values from the file, which may hold NUL or ESC.
    package var description: String {
        Printable.escaped(line.map { "\(path):\($0): \(problem)" } ?? "\(path): \(problem)")
    }
}
