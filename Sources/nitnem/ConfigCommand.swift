// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// `nitnem config`: the settings in effect, each with the line that set it (or `default`), and
/// every bad line of the file; `--init` writes the commented template (`AgentConfig.template`).
enum ConfigCommand {
    static let initialise = OptionSpec.flag(
        "init",
        "Write the commented template (every key, its values and its default) to the config file, never over an existing one."
    )

    static let format = ChoiceOption<OutputFormat>.format()

    static let spec = CommandSpec(
        path: ["config"],
        abstract: "Show the settings in effect and where each comes from; --init writes a commented config file.",
        options: [
            .config,
            initialise,
            format.spec,
        ],
        discussion: """
            Prints the config file's path, then one 'key = value  # source' line per key: the source
            is the file and line that set it, or default. A key left unset is shown commented out.
            A bad line (an unknown key, a key given twice, a value the key does not take) is an error
            on stderr naming file:line and what is used instead (the key's default, or the first
            line that gave it); the other lines still count, as they do for status, timeline and
            doctor. Exit 0 when the file is good or missing, 1 when a line is bad or the file cannot
            be read (or, with --init, when the file exists), 2 for a --config FILE that does not
            exist. --format json is for programs (a settings window): per key its value, default,
            source (file and line, or default), the words it takes (choices) and the form of any
            other value, what it does, the problem of a bad line, and its settings page, label and
            reset button's name in your language; then the pause and the settings pages' own words
            (titles, buttons). No environment variable sets a key. 'nitnem config set' and 'config
            unset' change one key.
            """
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let flag = args.value(.config)
        let path = context.paths.config(flag: flag)
        if args.flag(Self.initialise) { return try initialise(path) }
        let reading: ConfigReading?
        var fileProblem: ConfigError?
        do {
            reading = try AgentConfig.read(path: path, required: flag != nil)
        } catch {
            if error.code == .missing { throw error }
            reading = nil
            fileProblem = error
        }
        if args.value(Self.format) == .json {
            let shown = reading ?? ConfigReading(parsing: "", path: path)
            // The pause, as status words it, for the settings pages' pause group.
            let now = context.clock.now()
            let pause = PauseStore.active(path: context.paths.pause, now: now)
            let day = context.calendar.dayKey(at: now)
            let words = SettingsWords(
                localizer: context.localizer,
                pausedUntilShown: pause.until.map { WallStamp.format($0, day: day, in: context.calendar) })
            let json = shown.json(
                exists: reading != nil || fileProblem != nil, words: words, pausedUntil: pause.until.map(context.format)
            )
            Output.line(json.compact)
            if let fileProblem { throw CLIError(fileProblem, as: .failure) }
            return
        }
        if fileProblem != nil {
            Output.line("# \(Printable.escaped(path)): cannot be read; every setting is its default")
        } else if reading == nil {
            Output.line(
                "# \(Printable.escaped(path)) does not exist: every setting is its default (nitnem config --init writes one)"
            )
        } else {
            Output.line("# \(Printable.escaped(path))")
        }
        let shown = reading ?? ConfigReading(parsing: "", path: path)
        let lines = ConfigKey.all.map { shown.shown($0) }
        // Sources in one column, except after a setting too long for it (the reader's URL).
        let width = lines.map(\.setting.count).filter { $0 <= 40 }.max() ?? 0
        Output.line(lines.map { "\($0.setting.padded(to: width))  # \($0.source)" }.joined(separator: "\n"))
        if let fileProblem { throw CLIError(fileProblem, as: .failure) }
        // The first few bad lines (a file may hold thousands); the count says how many in all.
        for problem in shown.problems.prefix(Printable.listLimit) {
            Output.error(shown.explained(problem))
        }
        let count = shown.problems.count
        if count > 0 {
            throw CLIError.failure("\(count) bad line\(count == 1 ? "" : "s") in \(Printable.escaped(path))")
        }
    }

    /// Writes the template to `path` (its folder created when missing), 0600, never over a file.
    static func initialise(_ path: String) throws {
        do {
            try AtomicFile.create(Array(AgentConfig.template.utf8), at: path, mode: 0o600)
        } catch {
            if error.code == .exists {
                throw CLIError.failure(
                    "\(Printable.escaped(path)) already exists; not overwritten (nitnem config shows what it sets)")
            }
            throw CLIError.failure(Printable.escaped(error.description))
        }
        Output.line(
            "Wrote \(Printable.escaped(path)): every key with its default, commented out (nitnem config shows what is in effect)"
        )
    }
}

extension ConfigReading {
    /// `key`'s line as `nitnem config` shows it: `reminders = on` (`#listen =` when not set) and
    /// where it comes from (`/c:3`, `default`, `default (/c:3 is bad)`), control characters escaped.
    func shown(_ key: ConfigKey) -> (setting: String, source: String) {
        let setting = key.value(in: config).map { "\(key.name) = \($0)" } ?? "#\(key.name) ="
        let from: String
        switch source(of: key) {
        case .line(let line): from = "\(path):\(line)"
        case .default: from = key.defaultValue == nil ? "default: \(key.defaultText)" : "default"
        case .defaultForBadLine(let line): from = "default (\(path):\(line) is bad)"
        }
        return (Printable.escaped(setting), Printable.escaped(from))
    }
}
