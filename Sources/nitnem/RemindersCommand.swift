import AgentShell
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// `nitnem reminders [list|test]`: today's reminder slots and what became of them, or a test
/// notification.
enum RemindersCommand {
    static let spec = CommandSpec(
        path: ["reminders"],
        abstract: "List today's reminders (what fired, what was skipped and why, what is next), or 'test' the desktop.",
        options: [
            OptionSpec(
                name: "config", value: "FILE", help: "The config file (default: $XDG_CONFIG_HOME/nitnem/config)."),
            OptionSpec(name: "group", value: "DIR", help: "The App Group folder."),
        ],
        positionals: [PositionalSpec(name: "list|test", help: "list (the default) or test.", optional: true)]
    )

    static func run(_ args: ParsedArguments) throws(CLIError) {
        let context = try Context.load()
        let paths = context.paths.agent(configFlag: args.value("config"))
        let config: AgentConfig
        do {
            config = try AgentConfig.load(path: paths.config)
        } catch {
            throw .badInput(error.description)
        }
        switch args.positionals.first ?? "list" {
        case "list": try list(context: context, config: config, paths: paths, args: args)
        case "test": try test()
        case let other: throw spec.usageError("unknown action '\(other)'; use list or test")
        }
    }

    static func list(context: Context, config: AgentConfig, paths: AgentPaths, args: ParsedArguments) throws(CLIError) {
        let now = context.clock.now()
        let day = context.calendar.dayKey(at: now)
        let (ledger, problem) = ReminderLedgerStore.load(path: paths.ledger, setAside: false)
        if let problem { Output.error("warning: \(problem)") }
        var lines = ["Reminders for Nitnem day \(day)\(config.remindersOn ? "" : " (reminders = off)")"]
        let slots = context.calendar.reminders(on: day, slots: config.slots)
        for band in [Band.amritVela, .evening, .night] {
            guard let slot = slots.first(where: { $0.band == band }) else {
                lines.append("  \(band.title.padding(12))off")
                continue
            }
            var line = "  \(band.title.padding(12))\(context.format(slot.at))  "
            if let entry = ledger.entry(day, band) {
                switch entry.outcome {
                case .fired, .pending:
                    line += "reminded \(entry.bani ?? "")\(entry.late ? " (late)" : "") at \(context.format(entry.at))"
                case .skipped: line += "skipped: \(entry.reason ?? "")"
                }
            } else if slot.at > now {
                line += "due"
            } else if context.calendar.band(at: now) == band {
                line += "due now (the agent reminds while the band lasts)"
            } else {
                line += "not reminded, and the band has ended"
            }
            lines.append(line)
        }
        if config.remindersOn,
            let next = context.calendar.nextReminders(after: now, slots: config.slots, count: 1).first
        {
            lines += ["", "Next: \(next.band.title) at \(context.format(next.at))"]
        }
        Output.line(lines.joined(separator: "\n"))
    }

    static func test() throws(CLIError) {
        let notifier = LibnotifyNotifier(onAction: { _ in })
        defer { notifier.shutdown() }
        do {
            let caps = try notifier.capabilities()
            try notifier.show(
                Notification(
                    summary: "Nitnem · test",
                    body: "If you can read this, reminders will reach you.",
                    actionURL: caps.contains("actions") ? "sggs://nitnem" : nil))
            Output.line(
                "Sent a test notification (server capabilities: \(caps.sorted().joined(separator: ", ")))")
        } catch {
            throw .failure(error.description)
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
