// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Posix
import Scheduler
import Snapshot

/// What every command reads from its environment: the zone, the calendar and the clock.
struct Context {
    let environment: [String: String]
    let calendar: NitnemCalendar
    let clock: NitnemClock
    /// The user's language for the words of status, the bars, the lists and reminders (gettext's
    /// catalogue; English when there is none). Errors and help stay English.
    let localizer: Localizer

    /// Reads `TZ` / the zone link `localtime` (`run --localtime FILE`), `SGGS_CLOCK_NOW` and
    /// `SGGS_CLOCK_RATE`.
    /// - Throws: `ClockError`, which names the variable at fault (bad input).
    static func load(
        _ environment: [String: String] = ProcessEnvironment.current(), localtime: String = "/etc/localtime"
    ) throws -> Context {
        let zone = try SystemZone.current(environment: environment, localtime: localtime)
        let calendar = NitnemCalendar(zone: zone)
        let clock = try NitnemClock.fromEnvironment(environment, calendar: calendar, real: WallClock.now)
        return Context(
            environment: environment, calendar: calendar, clock: clock,
            localizer: Language.localizer(environment: environment))
    }

    /// The UTC time a backup a command keeps is named by (`20261129T050000Z`, the Nitnem clock's now).
    var backupStamp: String { RFC3339.utcTimestamp(clock.now()).filter { $0 != "-" && $0 != ":" } }

    var paths: UserPaths { UserPaths(environment: environment) }

    func format(_ instant: Date) -> String { RFC3339.format(instant, in: calendar) }

    /// The App Group of `--group` (else the environment's).
    func group(_ args: ParsedArguments) -> AppGroup {
        paths.group(flag: args.value(.group))
    }

    /// The agent's paths (with `--config FILE`) and its settings from that file. The default file
    /// may be missing (the defaults); a `--config FILE` that does not exist is bad input.
    /// - Throws: `ConfigError`, which names the file (and line) for a missing, unreadable or wrong file.
    func agentConfig(_ args: ParsedArguments) throws -> (config: AgentConfig, paths: AgentPaths) {
        let flag = args.value(.config)
        let paths = paths.agent(configFlag: flag)
        return (try AgentConfig.load(path: paths.config, required: flag != nil), paths)
    }

    /// The settings an agent starts with: `displayConfig`'s (every good line, the defaults for the
    /// rest), without its warnings: the agent reads the file again as it starts, says each problem in
    /// its log and keeps watching it, so a typo at login never leaves it dead.
    func agentStartConfig(_ args: ParsedArguments) throws -> (config: AgentConfig, paths: AgentPaths) {
        (try displayConfig(args).config, paths.agent(configFlag: args.value(.config)))
    }

    /// The settings for a command that only shows (status, timeline): every good line of the file
    /// counts, and each bad line is a warning (`file:line: problem; using the default: on`) that
    /// leaves its key at the default; a file that cannot be read is a warning and the defaults, so a
    /// bar keeps working. Only a `--config FILE` that does not exist is bad input. The caller shows
    /// the warnings.
    /// - Parameter strict: a bad line or an unreadable file is bad input too (`status --follow` for
    ///   i3blocks, whose clicks run what the config says: a broken one is not guessed at).
    func displayConfig(_ args: ParsedArguments, strict: Bool = false) throws -> (
        config: AgentConfig, warnings: [String]
    ) {
        let flag = args.value(.config)
        let reading: ConfigReading?
        do {
            reading = try AgentConfig.read(path: paths.agent(configFlag: flag).config, required: flag != nil)
        } catch {
            if error.code == .missing || strict { throw error }
            return (AgentConfig(), ["\(error.description); using the defaults"])
        }
        guard let reading else { return (AgentConfig(), []) }
        if strict, let problem = reading.problems.first { throw CLIError.badInput(problem.description) }
        // The first few bad lines (a file may hold thousands), then how many more.
        var warnings = FirstFew<String>()
        for problem in reading.problems { warnings.append(reading.explained(problem)) }
        return (reading.config, warnings.lines { "… and \($0) more bad lines in \(reading.path)" })
    }

    /// Both files of `group`; a file that cannot be read is bad input (exit 2) naming it.
    func loadFiles(_ group: AppGroup) throws -> GroupFiles {
        try GroupFiles.load(group)
    }
}
