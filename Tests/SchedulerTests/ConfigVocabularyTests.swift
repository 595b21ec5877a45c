// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import Testing

/// One config vocabulary: key spellings, booleans, `H:MM`, the declarations in every error message.
@Suite struct ConfigVocabularyTests {
    /// A line and the key it sets, with the value it must get.
    struct Spelling: Sendable, CustomTestStringConvertible {
        let line: String
        let key: String
        let check: @Sendable (AgentConfig) -> Bool
        var testDescription: String { line }
    }

    static let evening0530: @Sendable (AgentConfig) -> Bool = { $0.slots.times[.amritVela] == WallTime("05:30") }
    static let whenDone: @Sendable (AgentConfig) -> Bool = { $0.remindWhenDone }

    @Test(arguments: [
        Spelling(line: "reminder.amritVela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "reminder.amrit-vela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "reminder.amritvela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "Reminder.AmritVela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "REMINDER.AMRIT_VELA = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "reminder_amrit_vela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "reminderAmritVela = 05:30", key: "reminder.amritVela", check: evening0530),
        Spelling(line: "remind-when-done = yes", key: "remind-when-done", check: whenDone),
        Spelling(line: "remind_when_done = yes", key: "remind-when-done", check: whenDone),
        Spelling(line: "remindWhenDone = yes", key: "remind-when-done", check: whenDone),
        Spelling(line: "Remind.When.Done = yes", key: "remind-when-done", check: whenDone),
        Spelling(line: "REMINDERS = off", key: "reminders", check: { !$0.remindersOn }),
        Spelling(
            line: "Reminder-Night = 0:15", key: "reminder.night", check: { $0.slots.times[.night] == WallTime("00:15") }
        ),
        Spelling(line: "reminder_evening = off", key: "reminder.evening", check: { $0.slots.times[.evening] == nil }),
        Spelling(line: "Snooze = 20m", key: "snooze", check: { $0.snooze == 20 * 60 }),
        Spelling(line: "SOUND = bell", key: "sound", check: { $0.sound == "bell" }),
        Spelling(line: "Open = firefox --new-tab", key: "open", check: { $0.opener == ["firefox", "--new-tab"] }),
        Spelling(line: "READER = gutka {key}", key: "reader", check: { $0.reader.text == "gutka {key}" }),
        Spelling(line: "Rehras = Taksal", key: "rehras", check: { $0.rehras == .taksal }),
        Spelling(line: "LISTEN = mpv {key}", key: "listen", check: { $0.listen?.description == "mpv {key}" }),
    ])
    func keysMatchInAnySpelling(_ c: Spelling) throws {
        let config = try AgentConfig.parse("# mine\n" + c.line + "\n", path: "/c")
        #expect(c.check(config))
        #expect(config != AgentConfig())
        let key = try #require(ConfigKey.named(c.line.split(separator: "=")[0].trimmingWhitespace()))
        #expect(key.name == c.key)
        #expect(ConfigReading(parsing: "# mine\n" + c.line, path: "/c").source(of: key) == .line(2))
    }

    @Test(arguments: ["reminder.amrit", "reminders.on", "remind-when", "reminder..night.x", "rehras2", "colour"])
    func otherSpellingsAreUnknownKeys(_ spelling: String) {
        #expect(ConfigKey.named(spelling) == nil)
        #expect {
            try AgentConfig.parse("\(spelling) = on", path: "/c")
        } throws: { error in
            (error as? ConfigError)?.code == .unknownKey
                && (error as? ConfigError)?.description
                    == "/c:1: unknown key '\(spelling)'; known: reminders, reminder.amritVela, reminder.evening, "
                    + "reminder.night, snooze, sound, click, open, reader, listen, rehras, titles, remind-when-done"
        }
    }

    @Test func aKeyGivenTwiceInTwoSpellingsIsGivenTwice() {
        let text = "remind-when-done = yes\n\nremindWhenDone = no\n"
        let error = AgentConfig.error(parsing: text)
        #expect(error?.code == .duplicateKey)
        #expect(error?.key == "remind-when-done")
        #expect(error?.description == "/c:3: remindWhenDone given twice (first on line 1, as remind-when-done)")
        let (config, problems) = AgentConfig.parseTolerant(text, path: "/c")
        #expect(config.remindWhenDone)
        #expect(problems.map(\.line) == [3])
    }

    @Test(
        arguments: ["reminders", "remind-when-done"],
        ["on", "yes", "true", "ON", "Yes", "TRUE", "off", "no", "false", "Off", "NO", "False"])
    func everyBooleanKeyTakesEveryBooleanWord(_ key: String, _ word: String) throws {
        let on = ["on", "yes", "true"].contains(word.lowercased())
        let config = try AgentConfig.parse("\(key) = \(word)", path: "/c")
        #expect((key == "reminders" ? config.remindersOn : config.remindWhenDone) == on)
    }

    @Test(
        arguments: [
            ("sound = YES", "message-new-instant"), ("sound = true", "message-new-instant"),
            ("sound = On", "message-new-instant"),
            ("sound = no", nil), ("sound = OFF", nil), ("sound = False", nil), ("sound = bell", "bell"),
        ] as [(String, String?)])
    func soundTakesTheBooleanWords(_ line: String, _ sound: String?) throws {
        #expect(try AgentConfig.parse(line, path: "/c").sound == sound)
    }

    @Test(arguments: ["off", "OFF", "no", "False"])
    func aSlotIsOffByAnyOffWord(_ word: String) throws {
        let config = try AgentConfig.parse("reminder.evening = \(word)", path: "/c")
        #expect(config.slots.times[.evening] == nil)
        #expect(config.slots.times[.night] == WallTime("21:30"))
    }

    @Test(arguments: [
        ("reminder.amritVela = 5:30", Band.amritVela, "05:30"), ("reminder.amritVela = 05:30", .amritVela, "05:30"),
        ("reminder.night = 0:15", .night, "00:15"), ("reminder.night = 2:59", .night, "02:59"),
        ("reminder.evening = 17:00", .evening, "17:00"), ("reminder.amritVela = 3:00", .amritVela, "03:00"),
    ])
    func timesTakeOneOrTwoDigitHours(_ line: String, _ band: Band, _ time: String) throws {
        #expect(try AgentConfig.parse(line, path: "/c").slots.times[band] == WallTime(time))
    }

    @Test(arguments: ["5:3", "530", "05:3", "5.30", "24:00", "5:60", "-5:30", "5:30pm", "6pm", "", "on", "yes"])
    func otherTimesListTheAcceptedValues(_ value: String) {
        #expect(
            AgentConfig.error(parsing: "reminder.amritVela = \(value)")?.description
                == "/c:1: reminder.amritVela must be a time H:MM or HH:MM (24-hour, 03:00–08:59) or off, not '\(value)'"
        )
    }

    @Test func aOneDigitHourOutsideItsBandSaysTheBand() {
        #expect(
            AgentConfig.error(parsing: "reminder.evening = 6:30")?.description
                == "/c:1: reminder.evening: 06:30 is outside the Evening band (17:00–20:59)")
    }

    /// Every key's error for a value it does not take lists the values it does, from its declaration.
    @Test(arguments: ConfigKey.all.map(\.name))
    func errorsListTheDeclaredValues(_ name: String) throws {
        let key = try #require(ConfigKey.named(name))
        let bad = name == "open" ? "" : "\u{7}?"
        let reading = ConfigReading(parsing: "\n\(name) = \(bad)", path: "/c")
        let problem = try #require(reading.problems.first)
        #expect(reading.problems.count == 1)
        #expect(problem.code == .badValue)
        #expect(problem.key == name)
        #expect(problem.line == 2)
        if name == "reader" {
            #expect(
                problem.description
                    == "/c:2: reader: the reader template holds a control character; it must be \(key.accepted)")
        } else if name == "listen" {
            #expect(
                problem.description
                    == "/c:2: listen: the listen command holds a control character; it must be \(key.accepted)")
        } else {
            #expect(problem.description == Printable.escaped("/c:2: \(name) must be \(key.accepted), not '\(bad)'"))
        }
        #expect(reading.config == AgentConfig())
        #expect(reading.source(of: key) == .defaultForBadLine(2))
    }

    @Test(arguments: [60, 90, 15 * 60, 3600, 5400, 3 * 3600])
    func snoozeIsShownAsItIsRead(_ seconds: Int) throws {
        var config = AgentConfig()
        config.snooze = TimeInterval(seconds)
        let snooze = try #require(ConfigKey.named("snooze"))
        let shown = try #require(snooze.value(in: config))
        #expect(try AgentConfig.parse("snooze = \(shown)", path: "/c").snooze == TimeInterval(seconds))
    }
}

/// `parseTolerant` and `ConfigReading`: every good line kept, every bad one collected.
@Suite struct ConfigTolerantParseTests {
    static let text = """
        reminders = maybe
        reminder.evening = 18:30
        colour = blue
        just words
        Snooze = 20m
        snooze = 30m
        reminders = off
        reminder.night = 25:00
        remind_when_done = YES
        """

    @Test func keepsEveryGoodLineAndCollectsEveryBadOne() {
        let (config, problems) = AgentConfig.parseTolerant(Self.text, path: "/c")
        var expected = AgentConfig()
        try? expected.slots.set(.evening, WallTime("18:30"))
        expected.snooze = 20 * 60
        expected.remindWhenDone = true
        #expect(config == expected)
        #expect(problems.map(\.line) == [1, 3, 4, 6, 7, 8])
        #expect(problems.map(\.code) == [.badValue, .unknownKey, .syntax, .duplicateKey, .duplicateKey, .badValue])
        #expect(problems.map(\.key) == ["reminders", nil, nil, "snooze", "reminders", "reminder.night"])
        #expect(
            problems.map(\.description) == [
                "/c:1: reminders must be on or off (also yes/no, true/false), not 'maybe'",
                "/c:3: unknown key 'colour'; known: reminders, reminder.amritVela, reminder.evening, reminder.night, "
                    + "snooze, sound, click, open, reader, listen, rehras, titles, remind-when-done",
                "/c:4: 'just words' is not a 'key = value' line",
                "/c:6: snooze given twice (first on line 5, as Snooze)",
                "/c:7: reminders given twice (first on line 1)",
                "/c:8: reminder.night must be a time H:MM or HH:MM (24-hour, 21:00–02:59) or off, not '25:00'",
            ])
    }

    @Test func saysWhereEachKeyComesFromAndWhatABadLineLeaves() throws {
        let reading = ConfigReading(parsing: Self.text, path: "/c")
        func source(_ name: String) throws -> ConfigReading.Source {
            reading.source(of: try #require(ConfigKey.named(name)))
        }
        #expect(try source("reminders") == .defaultForBadLine(1))
        #expect(try source("reminder.evening") == .line(2))
        #expect(try source("snooze") == .line(5))
        #expect(try source("reminder.night") == .defaultForBadLine(8))
        #expect(try source("remind-when-done") == .line(9))
        #expect(try source("sound") == .default)
        #expect(
            reading.problems.map(reading.outcome(of:)) == [
                "using the default: on", "line ignored", "line ignored", "using line 5", "using the default: on",
                "using the default: 21:30",
            ])
    }

    @Test func theStrictParseThrowsTheFirstBadLine() {
        #expect {
            try AgentConfig.parse(Self.text, path: "/c")
        } throws: { error in
            (error as? ConfigError) == AgentConfig.parseTolerant(Self.text, path: "/c").problems.first
        }
    }

    @Test(arguments: [
        "", "# only a comment\n", "reminders = off\r\nreminder.evening = 18:30\nopen = xdg-open\r\n",
        "reader = https://example.org/{key}?v={variant}  # mine\n", "rehras = sgpc\nsound = on\n",
    ])
    func aGoodFileReadsAsTheStrictParseReadsIt(_ text: String) throws {
        let (config, problems) = AgentConfig.parseTolerant(text, path: "/c")
        #expect(problems.isEmpty)
        #expect(config == (try AgentConfig.parse(text, path: "/c")))
    }
}

/// The `config --init` template: every key, and it reads as the defaults, commented or not.
@Suite struct ConfigTemplateTests {
    @Test func parsesToTheDefaults() throws {
        let reading = ConfigReading(parsing: AgentConfig.template, path: "/t")
        #expect(reading.problems.isEmpty)
        #expect(reading.config == AgentConfig())
        for key in ConfigKey.all { #expect(reading.source(of: key) == .default) }
    }

    /// With every `#key = value` line uncommented, each key is set by its line, to its default.
    @Test func itsDefaultLinesAreTheDefaults() throws {
        let uncommented = AgentConfig.template.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            ConfigKey.all.contains { line.hasPrefix("#\($0.name) = ") } ? line.dropFirst() : line
        }.joined(separator: "\n")
        let reading = ConfigReading(parsing: uncommented, path: "/t")
        #expect(reading.problems.isEmpty)
        #expect(reading.config == AgentConfig())
        for key in ConfigKey.all {
            if key.defaultValue != nil {
                guard case .line = reading.source(of: key) else {
                    Issue.record("\(key.name) has no default line")
                    continue
                }
            } else {
                #expect(reading.source(of: key) == .default)
            }
        }
    }

    @Test func listsEveryKeyWithItsValuesAndDefault() {
        let template = AgentConfig.template
        // The comments as running text: wrapping may break a sentence anywhere.
        let text = template.split(separator: "\n").map { $0.hasPrefix("# ") ? $0.dropFirst(2) : $0 }
            .joined(separator: " ")
        for key in ConfigKey.all {
            #expect(template.contains("\n# \(key.name) = \(key.syntax)\n"), "\(key.name)")
            #expect(text.contains(" \(key.help) Values: \(key.accepted). Default: \(key.defaultText) "), "\(key.name)")
        }
        #expect(template.contains("#reminders = on\n"))
        #expect(template.contains("#reminder.night = 21:30\n"))
        #expect(template.contains("#snooze = 15m\n"))
        #expect(!template.contains("\n#rehras"))
        #expect(template.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
    }
}
