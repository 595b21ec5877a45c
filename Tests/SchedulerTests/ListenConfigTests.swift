// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// Config key `listen` and the reminder's Listen button.
@Suite struct ListenConfigTests {
    @Test func unsetByDefaultAndReadAsACommand() throws {
        #expect(AgentConfig().listen == nil)
        let config = try AgentConfig.parse("listen = mpv --no-video ~/Music/Nitnem/{key}.mp3  # mine\n", path: "/c")
        #expect(config.listen?.description == "mpv --no-video ~/Music/Nitnem/{key}.mp3")
        let reading = ConfigReading(parsing: "listen = mpv {key}\n", path: "/c")
        #expect(reading.problems.isEmpty)
    }

    @Test(arguments: [
        ("listen =", "/c:1: listen: the listen command is empty"),
        ("listen = https://example.org/{key}.mp3", "/c:1: listen: the listen command is a program and its arguments"),
        ("listen = mpv {title}", "/c:1: listen: unknown placeholder {title} in the listen command"),
    ])
    func badValuesNameTheLine(_ text: String, _ says: String) throws {
        let error = try #require(AgentConfig.error(parsing: text))
        #expect("\(error)".hasPrefix(says))
    }

    @Test func theReminderOffersListenOnlyWhenItIsSet() throws {
        let plain = try ReminderLoopTests.show(zone: "Asia/Kolkata", at: "2026-11-29T18:00")
        #expect(plain.notice.actions == [.read, .mark, .later])
        var config = AgentConfig()
        config.listen = try ListenTemplate(parsing: "mpv ~/Music/Nitnem/{key}.mp3")
        var s = try ReminderLoopTests.show(zone: "Asia/Kolkata", at: "2026-11-29T18:00", config: config)
        // Four offered, three sent: Read now is the click on the reminder, so it leaves the buttons.
        #expect(s.notice.actions == [.listen, .mark, .later], "Read now is the click")
        #expect(s.notice.click == .read)
        let step = s.core.handle(.reminderAction(.listen), now: s.now.addingTimeInterval(30))
        let listens = step.actions.compactMap { action -> String? in
            if case .listen(let template, let link) = action { "\(template) \(link.url)" } else { nil }
        }
        let expected = "mpv ~/Music/Nitnem/{key}.mp3 " + s.notice.url
        #expect(listens == [expected], "\(step.actions)")
        #expect(s.core.onScreen == s.notice, "Listen leaves the reminder on screen")
    }
}
