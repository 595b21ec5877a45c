// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// Config key `click` (what a click on the reminder does), the buttons a reminder sends (at most
/// three, so GNOME Shell draws every one) and the activation token handed to the reader.
@Suite struct ReminderClickTests {
    static func config(listen: Bool, click: ReminderAction) throws -> AgentConfig {
        var config = AgentConfig()
        if listen { config.listen = try ListenTemplate(parsing: "mpv ~/Music/Nitnem/{key}.mp3") }
        config.click = click
        return config
    }

    @Test(arguments: [
        // listen set?, click, the buttons, what a click does
        (false, ReminderAction.read, [ReminderAction.read, .mark, .later], ReminderAction.read),
        (false, .mark, [.read, .mark, .later], .mark),
        (false, .later, [.read, .mark, .later], .later),
        // click = listen without a listen command: a click reads.
        (false, .listen, [.read, .mark, .later], .read),
        (true, .read, [.listen, .mark, .later], .read),
        (true, .mark, [.read, .listen, .later], .mark),
        (true, .listen, [.read, .mark, .later], .listen),
        (true, .later, [.read, .listen, .mark], .later),
    ])
    func atMostThreeButtonsAndTheClickReachesTheRest(
        listen: Bool, click: ReminderAction, buttons: [ReminderAction], clicked: ReminderAction
    ) throws {
        let config = try Self.config(listen: listen, click: click)
        #expect(ReminderAction.buttons(config) == buttons)
        #expect(ReminderAction.clicked(config) == clicked)
        #expect(ReminderAction.buttons(config).count <= ReminderAction.maxButtons)
        // Nothing offered is out of reach: on a button, or the click.
        #expect(Set(ReminderAction.buttons(config) + [clicked]) == Set(ReminderAction.offered(config)))
    }

    @Test func theKeyIsReadAndABadValueRefused() throws {
        #expect(AgentConfig().click == .read)
        #expect(try AgentConfig.parse("click = mark\n", path: "/c").click == .mark)
        #expect {
            try AgentConfig.parse("click = open\n", path: "/c")
        } throws: { error in
            "\(error)" == "/c:1: click must be read, mark, listen or later, not 'open'"
        }
    }

    @Test func aClickDoesWhatTheConfigSaysWithTheServersToken() throws {
        var s = try ReminderLoopTests.show(zone: "UTC", at: "2026-11-29T06:00")
        #expect(s.notice.click == .read)
        let step = s.core.handle(.reminderClicked(activationToken: "token-1"), now: s.now + 1)
        let launches = step.actions.compactMap { action -> ReaderLaunch? in
            if case .open(let launch) = action { launch } else { nil }
        }
        #expect(launches.map(\.argv) == [["xdg-open", "https://www.sikhitothemax.org/sundar-gutka/2"]])
        #expect(launches.map(\.activationToken) == ["token-1"])

        var marking = try ReminderLoopTests.show(
            zone: "UTC", at: "2026-11-29T06:00", config: try Self.config(listen: false, click: .mark))
        #expect(marking.notice.click == .mark)
        let marked = marking.core.handle(.reminderClicked(), now: marking.now + 1)
        #expect(
            ReminderLoopTests.names(marked).contains { $0.hasPrefix("mark savaiye") || $0.hasPrefix("mark ") },
            "\(marked.actions)")
    }
}
