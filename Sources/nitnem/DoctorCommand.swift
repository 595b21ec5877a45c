// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Scheduler

/// `nitnem doctor`: prints what `Doctor` finds (paths, permissions, files, the agent, the time zone
/// and the desktop, each with what to do about a problem), one line each; exit 1 when one failed.
enum DoctorCommand {
    static let spec = CommandSpec(
        path: ["doctor"],
        abstract: "Check the App Group files, the agent, the time zone, notifications and the sggs:// handler.",
        options: [.group, .config, .lock],
        discussion: "Exit 0 when everything is fine, 1 when a check failed (warnings alone do not fail)."
    )

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let configFlag = args.value(.config)
        let doctor = Doctor(
            environment: context.environment, calendar: context.calendar, clock: context.clock,
            group: context.group(args), paths: context.paths.agent(configFlag: configFlag),
            configNamed: configFlag != nil, lockPath: args.value(.lock) ?? context.paths.agentLock,
            unitFolders: context.paths.systemdUserUnitFolders)
        var failed = false
        // A `--config FILE` that does not exist is bad input (exit 2), as for every command.
        try doctor.check { finding in
            if finding.level == .fail { failed = true }
            Output.line(line(finding))
        }
        if failed { throw CLIError.failure("some checks failed") }
    }

    /// `warn  group        /g (mode 755); run chmod 700 on it`: the level's word, the subject in a
    /// column, the sentence with its control characters escaped.
    static func line(_ finding: Finding) -> String {
        "\(word(finding.level))  \(finding.subject.name.padded(to: 12)) \(Printable.escaped(finding.sentence))"
    }

    /// The level as printed, four columns wide.
    static func word(_ level: Finding.Level) -> String {
        switch level {
        case .ok: "ok  "
        case .warn: "warn"
        case .fail: "FAIL"
        }
    }
}
