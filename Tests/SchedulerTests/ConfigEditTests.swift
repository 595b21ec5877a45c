// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Testing

/// `ConfigEdit`: one key changed, every other line byte for byte, values checked by the reader's rule.
@Suite struct ConfigEditTests {
    static func key(_ name: String) throws -> ConfigKey { try ConfigEdit.key(name) }

    @Test func settingAKeyOfTheTemplateAddsItsLineUnderItsCommentedDefault() throws {
        let template = AgentConfig.template
        let edited = ConfigEdit.setting(try Self.key("reminder.evening"), to: "18:30", in: template)
        let before = template.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.count == before.count + 1)
        let at = try #require(before.firstIndex(of: "#reminder.evening = 18:00"))
        #expect(after[at + 1] == "reminder.evening = 18:30")
        #expect(Array(after[...at]) == Array(before[...at]))
        #expect(Array(after[(at + 2)...]) == Array(before[(at + 1)...]))
        #expect(edited.line == at + 2)
        let reading = ConfigReading(parsing: edited.text, path: "c")
        #expect(reading.problems.isEmpty)
        #expect(reading.config.slots.times[.evening] == WallTime("18:30"))
        #expect(reading.source(of: try Self.key("reminder.evening")) == .line(at + 2))
    }

    @Test func theKeysLineKeepsItsSpellingIndentCommentAndLineEnd() throws {
        let text = "# mine\r\n  Reminder.Evening=17:45   # after work\r\nreminders = off\r\n"
        let edited = ConfigEdit.setting(try Self.key("reminder.evening"), to: "18:30", in: text)
        #expect(edited.text == "# mine\r\n  Reminder.Evening=18:30   # after work\r\nreminders = off\r\n")
        #expect(edited.line == 2)
        #expect(edited.changed)
        let same = ConfigEdit.setting(try Self.key("reminders"), to: "off", in: text)
        #expect(same.text == text)
        #expect(!same.changed)
    }

    @Test func aNewKeyGoesAtTheEndWithTheFilesLineEnd() throws {
        let key = try Self.key("snooze")
        #expect(ConfigEdit.setting(key, to: "20m", in: "").text == "snooze = 20m\n")
        #expect(ConfigEdit.setting(key, to: "20m", in: "reminders = on").text == "reminders = on\nsnooze = 20m\n")
        #expect(
            ConfigEdit.setting(key, to: "20m", in: "reminders = on\r\n# x").text
                == "reminders = on\r\n# x\r\nsnooze = 20m\r\n")
        // A bad line of another key stays as it is.
        #expect(
            ConfigEdit.setting(key, to: "20m", in: "colour = blue\n").text == "colour = blue\nsnooze = 20m\n")
    }

    @Test func aKeyGivenTwiceKeepsTheFirstLineAndLosesTheOthers() throws {
        let text = "snooze = 5m\nreminders = on\nSnooze = 10m\nsnooze=maybe\n"
        let edited = ConfigEdit.setting(try Self.key("snooze"), to: "20m", in: text)
        #expect(edited.text == "snooze = 20m\nreminders = on\n")
        #expect(edited.removed == [3, 4])
        let unset = ConfigEdit.unsetting(try Self.key("snooze"), in: text)
        #expect(unset.text == "reminders = on\n")
        #expect(unset.removed == [1, 3, 4])
    }

    @Test func unsettingKeepsTheTemplatesCommentedLine() throws {
        let key = try Self.key("reminder.evening")
        let set = ConfigEdit.setting(key, to: "18:30", in: AgentConfig.template)
        let unset = ConfigEdit.unsetting(key, in: set.text)
        #expect(unset.text == AgentConfig.template)
        #expect(unset.changed)
        #expect(!ConfigEdit.unsetting(key, in: AgentConfig.template).changed)
    }

    @Test func valuesAreRefusedInTheReadersWords() throws {
        let evening = try Self.key("reminder.evening")
        #expect(try ConfigEdit.validated(" 6:45 ", for: try Self.key("reminder.amritVela")) == "6:45")
        #expect(try ConfigEdit.validated("off", for: evening) == "off")
        #expect(throws: ConfigEdit.Refusal.self) { try ConfigEdit.validated("25:00", for: evening) }
        do {
            _ = try ConfigEdit.validated("22:00", for: evening)
            Issue.record("22:00 is no Evening time")
        } catch {
            #expect(error.description == "reminder.evening: 22:00 is outside the Evening band (17:00–20:59)")
        }
        let sound = try Self.key("sound")
        do {
            _ = try ConfigEdit.validated("a\nreminders = off", for: sound)
            Issue.record("a line break is refused")
        } catch {
            #expect(error.description == "sound: a value is one line, not 'a\\nreminders = off'")
        }
        #expect(throws: ConfigEdit.Refusal.self) { try ConfigEdit.validated("1h#2", for: try Self.key("snooze")) }
        #expect(throws: ConfigEdit.Refusal.self) { try ConfigEdit.key("colour") }
        #expect(try ConfigEdit.key("remind_when_done").name == "remind-when-done")
    }

    @Test func choicesAndFormComeFromTheSyntax() throws {
        #expect(try Self.key("reminders").choices == ["on", "off"])
        #expect(try Self.key("reminders").form == nil)
        #expect(try Self.key("reminder.night").choices == ["off"])
        #expect(try Self.key("reminder.night").form == "H:MM")
        #expect(try Self.key("sound").choices == ["off", "on"])
        #expect(try Self.key("sound").form == "NAME")
        #expect(try Self.key("titles").choices == ["english", "gurmukhi", "both"])
        #expect(try Self.key("snooze").choices == [])
        // Every choice is a value the key takes.
        for key in ConfigKey.all {
            for choice in key.choices { #expect((try? ConfigEdit.validated(choice, for: key)) == choice, "\(key)") }
        }
    }
}
