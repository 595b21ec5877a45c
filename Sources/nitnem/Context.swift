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

    /// Reads `TZ` / the zone link `localtime` (`run --localtime FILE`), `SGGS_CLOCK_NOW` and
    /// `SGGS_CLOCK_RATE`.
    /// - Throws: `CLIError.badInput` naming the variable at fault.
    static func load(
        _ environment: [String: String] = ProcessEnvironment.current(), localtime: String = "/etc/localtime"
    ) throws(CLIError) -> Context {
        do {
            let zone = try SystemZone.current(environment: environment, localtime: localtime)
            let calendar = NitnemCalendar(zone: zone)
            let clock = try NitnemClock.fromEnvironment(environment, calendar: calendar, real: WallClock.now)
            return Context(environment: environment, calendar: calendar, clock: clock)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Where this user's files are.
    var paths: UserPaths { UserPaths(environment: environment) }

    func format(_ instant: Date) -> String { RFC3339.format(instant, in: calendar) }

    /// The App Group of `--group` (else the environment's).
    func group(_ args: ParsedArguments) -> AppGroup {
        paths.group(flag: args.value(.group))
    }

    /// The agent's paths (with `--config FILE`) and its settings from that file. The default file
    /// may be missing (the defaults); a `--config FILE` that does not exist is bad input.
    /// - Throws: `CLIError.badInput` naming the file (and line) for a missing, unreadable or wrong file.
    func agentConfig(_ args: ParsedArguments) throws(CLIError) -> (config: AgentConfig, paths: AgentPaths) {
        let flag = args.value(.config)
        let paths = paths.agent(configFlag: flag)
        do {
            return (try AgentConfig.load(path: paths.config, required: flag != nil), paths)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// The settings for a command that only shows (status, timeline): as `agentConfig`, but a file
    /// that cannot be read is a warning on stderr and the defaults are used, so a bar keeps working;
    /// only a `--config FILE` that does not exist is bad input.
    func displayConfig(_ args: ParsedArguments) throws(CLIError) -> AgentConfig {
        let flag = args.value(.config)
        do {
            return try AgentConfig.load(path: paths.agent(configFlag: flag).config, required: flag != nil)
        } catch {
            if error.code == .missing { throw .badInput(error.description) }
            Output.error("warning: \(error.description) (using the defaults)")
            return AgentConfig()
        }
    }

    /// Both files of `group`; a file that cannot be read is bad input (exit 2) naming it.
    func loadFiles(_ group: AppGroup) throws(CLIError) -> GroupFiles {
        do {
            return try GroupFiles.load(group)
        } catch {
            throw .badInput(error.description)
        }
    }
}
