import NitnemClockKit
import Scheduler
import Snapshot

/// `nitnem run`: the per-user agent.
enum RunCommand {
    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run the agent: keep the widget timeline up to date (and remind once per band).",
        options: [
            OptionSpec(name: "group", value: "DIR", help: "The App Group folder."),
            OptionSpec(
                name: "lock", value: "FILE",
                help: "The one-agent-per-user lock (default: $XDG_RUNTIME_DIR/nitnem/agent.lock)."),
        ],
        discussion: """
            Writes <group>/widgets/NitnemNow.json at every band start (03:00, 09:00, 17:00, 21:00) and
            whenever the snapshot or progress file changes. Wakes only when something can change: a
            band start, a file change (inotify), a clock jump or resume (timerfd), a zone change
            (/etc/localtime), a signal. Logs one line per event on stderr with journald priorities.
            SIGTERM/SIGINT stop it (exit 0); SIGHUP reloads. Under systemd it sends READY=1.
            """
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let group = AppGroup.resolve(flag: args.value("group"), environment: context.environment)
        var options = Agent.Options(group: group, environment: context.environment, lockPath: args.value("lock"))
        options.localtimePath = context.environment["NITNEM_LOCALTIME"] ?? options.localtimePath
        let agent = Agent(options: options, clock: context.clock, calendar: context.calendar)
        do {
            try agent.run()
        } catch {
            throw error.exitCode == 2 ? .badInput(error.description) : .failure(error.description)
        }
    }
}
