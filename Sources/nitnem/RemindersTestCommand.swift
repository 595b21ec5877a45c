// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import CommandLineKit
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// `nitnem reminders test`: a test notification, to check that reminders reach the desktop
/// (`ReminderTest` shows it and waits; this says what happened).
enum RemindersTestCommand {
    static let noWait = OptionSpec.flag(
        "no-wait", "Return once it is shown, without waiting for a button to be pressed.")
    static let spec = CommandSpec(
        path: ["reminders", "test"],
        abstract: "Show a test notification, to check that reminders reach the desktop.",
        options: [
            .config, .group,
            noWait,
        ],
        discussion: """
            The notification is a reminder as your config makes it: its buttons (Read now, Listen when
            listen is set, Mark read, Later; at most three, the one a click does left off when there are
            four), what a click on it does (click) and its sound (sound). It says what this server shows
            of it. Here the buttons do nothing: it waits until one is pressed, the notification is
            clicked or closed, at most \(Self.testWaitSeconds / 60) minutes, and prints what happened.
            """
    )

    /// How long `reminders test` waits for a button or a close: 2 minutes.
    static let testWaitSeconds = 120

    static func run(_ args: ParsedArguments) throws {
        let context = try Context.load()
        let (config, _) = try context.agentConfig(args)
        try test(config: config, wait: !args.flag(Self.noWait), localizer: context.localizer)
    }

    /// Shows a test notification as `config` makes a reminder; with `wait`, waits until a button is
    /// pressed, it is clicked or closed (at most `testWaitSeconds`), and prints what happened.
    static func test(config: AgentConfig, wait: Bool, localizer: Localizer = .english) throws {
        let shown = try ReminderTest(config: config, wait: wait, localizer: localizer)
        defer { shown.close() }
        let caps = shown.capabilities
        let click = shown.click
        let sound =
            config.sound.map { caps.contains("sound") ? "sound \($0)" : "no sound: this server plays none" }
            ?? "no sound (config sound = off)"
        Output.line(
            "Sent a test notification to \(shown.server.name) \(shown.server.version) (capabilities: \(caps.sorted().joined(separator: ", "))); \(sound)"
        )
        Output.line(
            ServerPresentation(serverName: shown.server.name).describe(
                buttons: shown.buttons.map(\.label), click: click.label, capabilities: caps))
        guard wait else { return }
        Output.line(
            caps.contains("actions")
                ? "Waiting for a button or a click on it (\(click.label)), or a close, \(testWaitSeconds / 60) minutes at most…"
                : "The server shows no buttons; waiting for the notification to be closed, \(testWaitSeconds / 60) minutes at most…"
        )
        let answer = try shown.waitForAnswer(seconds: testWaitSeconds)
        switch answer {
        case .event(.action(NotificationAction.defaultID, _, _)):
            Output.line("Clicked: \(click.label)")
        case .event(.action(let id, _, _)):
            Output.line("Pressed: \(ReminderAction(rawValue: id)?.label(localizer) ?? id)")
        case .event(.closed(let reason, _)):
            let why =
                switch reason {
                case .dismissed: "dismissed"
                case .expired: "expired"
                case .closedByCall: "closed by a program"
                case .undefined: "closed"
                }
            Output.line("Closed without a button: \(why)")
        case .signal(let number):
            throw CLIError.failure("stopped by signal \(number); the test notification was closed")
        case .timeout:
            Output.line("No answer within \(testWaitSeconds / 60) minutes; the test notification was closed")
        }
    }
}
