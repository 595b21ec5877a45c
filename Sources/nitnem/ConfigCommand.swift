// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler

/// `nitnem config`: the settings in effect, each with the line that set it (or `default`), and
/// every bad line of the file; `--init` writes the commented template (`AgentConfig.template`).
enum ConfigCommand {
    static let initialise = OptionSpec.flag(
        "init",
        "Write the commented template (every key, its values and its default) to the config file, never over an existing one."
    )

    static let spec = CommandSpec(
        path: ["config"],
        abstract: "Show the settings in effect and where each comes from; --init writes a commented config file.",
        options: [
            .config,
            initialise,
        ],
        discussion: """
            Prints the config file's path, then one 'key = value  # source' line per key: the source
            is the file and line that set it, or default. A key left unset is shown commented out.
            A bad line (an unknown key, a key given twice, a value the key does not take) is an error
            on stderr naming file:line and what is used instead (the key's default, or the first
            line that gave it); the other lines still count, as they do for status, timeline and
            doctor. Exit 0 when the file is good or missing, 1 when a line is bad or the file cannot
            be read (or, with --init, when the file exists), 2 for a --config FILE that does not
            exist.
            """
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let flag = args.value(.config)
        let path = context.paths.config(flag: flag)
        if args.flag(Self.initialise) { return try initialise(path) }
        let reading: ConfigReading?
        var fileProblem: ConfigError?
        do {
            reading = try AgentConfig.read(path: path, required: flag != nil)
        } catch {
            if error.code == .missing { throw .badInput(error.description) }
            reading = nil
            fileProblem = error
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
        let lines = ConfigKey.all.map { key in
            let setting = key.value(in: shown.config).map { "\(key.name) = \($0)" } ?? "#\(key.name) ="
            let source: String
            switch shown.source(of: key) {
            case .line(let line): source = "\(path):\(line)"
            case .default: source = key.defaultValue == nil ? "default: \(key.defaultText)" : "default"
            case .defaultForBadLine(let line): source = "default (\(path):\(line) is bad)"
            }
            return (setting: Printable.escaped(setting), source: Printable.escaped(source))
        }
        // Sources in one column, except after a setting too long for it (the reader's URL).
        let width = lines.map(\.setting.count).filter { $0 <= 40 }.max() ?? 0
        Output.line(lines.map { "\($0.setting.padded(to: width))  # \($0.source)" }.joined(separator: "\n"))
        if let fileProblem { throw .failure(fileProblem.description) }
        for problem in shown.problems {
            Output.error(shown.explained(problem))
        }
        let count = shown.problems.count
        if count > 0 { throw .failure("\(count) bad line\(count == 1 ? "" : "s") in \(Printable.escaped(path))") }
    }

    /// Writes the template to `path` (its folder created when missing), 0644, never over a file.
    static func initialise(_ path: String) throws(CLIError) {
        do {
            try AtomicFile.create(Array(AgentConfig.template.utf8), at: path, mode: 0o644)
        } catch {
            if error.code == .exists {
                throw .failure(
                    "\(Printable.escaped(path)) already exists; not overwritten (nitnem config shows what it sets)")
            }
            throw .failure(Printable.escaped(error.description))
        }
        Output.line(
            "Wrote \(Printable.escaped(path)): every key with its default, commented out (nitnem config shows what is in effect)"
        )
    }
}
