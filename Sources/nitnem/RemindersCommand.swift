import AgentShell
import CommandLineKit
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// `nitnem reminders list|test`: today's reminder slots and what became of them, or a test
/// notification.
enum RemindersCommand {
    static let listSpec = CommandSpec(
        path: ["reminders", "list"],
        abstract: "List today's reminders: what fired, what was skipped and why, what is next.",
        options: [.config, .group],
        discussion: "'nitnem reminders' alone runs this command."
    )

    static let testSpec = CommandSpec(
        path: ["reminders", "test"],
        abstract: "Show a test notification, to check that reminders reach the desktop.",
        options: [.config, .group]
    )

    static func runList(_ args: ParsedArguments) throws(CLIError) { try run(args, test: false) }

    static func runTest(_ args: ParsedArguments) throws(CLIError) { try run(args, test: true) }

    static func run(_ args: ParsedArguments, test testing: Bool) throws(CLIError) {
        let context = try Context.load()
        let (config, paths) = try context.agentConfig(args)
        if testing {
            try test()
        } else {
            try list(context: context, config: config, paths: paths, args: args)
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
                case .snoozed:
                    line += "snoozed until \(entry.snoozedUntil.map(context.format) ?? "?") (Later ×\(entry.deferrals))"
                case .skipped: line += "skipped: \(entry.reason?.rawValue ?? "")"
                }
            } else if !config.remindersOn {
                line += "off (reminders = off)"
            } else if slot.at > now {
                line += "scheduled"
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
        let notifier = LibnotifyNotifier(onEvent: { _ in })
        defer { notifier.shutdown() }
        do {
            let caps = try notifier.capabilities()
            try notifier.show(
                Notification(
                    summary: "Nitnem · test",
                    body: "If you can read this, reminders will reach you.",
                    actions: [.read], tag: "sggs://nitnem"))
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
