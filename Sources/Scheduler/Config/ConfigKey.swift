// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// One key of the config file, declared once: its name, the values it takes, its default and what it
/// does. The parser and its error messages, `nitnem config`, the `config --init` template and the man
/// page all read `ConfigKey.all`.
///
/// A file may spell a name in any case and with or without `-`, `.` and `_` between its words
/// (`reminder.amrit-vela`, `Reminder.AmritVela`, `remind_when_done`, `remindWhenDone`): see `named(_:)`.
package struct ConfigKey: Sendable, CustomStringConvertible {
    /// Why a value was refused.
    enum Refusal: Error {
        /// Not one of the values the key takes (the message lists `accepted`).
        case notAccepted
        /// A value of the right form that is still wrong: the words say why.
        case because(String)
    }

    /// The name as documented and shown: `reminder.amritVela`.
    package let name: String
    /// The value's syntax, short: `on|off`, `H:MM|off`.
    package let syntax: String
    /// The values it takes, in words (error messages, the template, the man page).
    package let accepted: String
    /// One or two sentences saying what it does.
    package let help: String
    /// Sets the value of a line in `config`.
    let apply: @Sendable (inout AgentConfig, Substring) throws(Refusal) -> Void
    /// The value `config` has, as a line gives it; nil when it is not set (`rehras`).
    let show: @Sendable (AgentConfig) -> String?

    /// The name.
    package var description: String { name }

    /// The value `config` has, as a line gives it (`on`, `06:00`, `15m`); nil when not set.
    package func value(in config: AgentConfig) -> String? { show(config) }

    /// The default as a line gives it; nil when the key is not set by default (`rehras`).
    package var defaultValue: String? { show(AgentConfig()) }

    /// The default in words: the value, or what leaving it unset means.
    package var defaultText: String { defaultValue ?? unsetText }

    /// What an unset key means (only keys without a default value have one).
    let unsetText: String

    /// The settings page that shows a key (GNOME Preferences, the Plasma widget's settings).
    package enum Page: String, Sendable {
        /// Reminders: on/off, the bands' times, snooze, sound, the click.
        case reminders
        /// Reading: the title form, the reader, what opens a web page, Listen, the Rehras.
        case reading
    }

    /// The page that shows the key.
    package let page: Page
    /// The key's short label on that page (`{band} reminder` for a band's time).
    let label: Message
    /// The band a `reminder.<band>` key times (its label names it).
    let band: Band?

    /// The key's label on a settings page in the user's language: `Evening reminder`.
    package func label(_ l: Localizer) -> String {
        band.map { l(label, ["band": l.band($0)]) } ?? l(label)
    }

    init(
        _ name: String, page: Page, label: Message, band: Band? = nil, syntax: String, accepted: String,
        help: String, unset: String = "",
        apply: @escaping @Sendable (inout AgentConfig, Substring) throws(Refusal) -> Void,
        show: @escaping @Sendable (AgentConfig) -> String?
    ) {
        self.name = name
        self.page = page
        self.label = label
        self.band = band
        self.syntax = syntax
        self.accepted = accepted
        self.help = help
        self.unsetText = unset
        self.apply = apply
        self.show = show
    }

    /// Every key, in the order `nitnem config`, the template and the man page list them.
    package static let all: [ConfigKey] = [
        yesOrNo(
            "reminders", \.remindersOn, shown: ("on", "off"), page: .reminders, label: .keyReminders,
            help: "Whether the agent shows reminders at all (running the agent is the opt-in)."),
        slot(.amritVela),
        slot(.evening),
        slot(.night),
        ConfigKey(
            "snooze", page: .reminders, label: .keySnooze, syntax: "DURATION",
            accepted: "a duration from 1m to 3h, such as 15m, 1h30m or 90s",
            help: "How long Later defers a reminder; never past the end of its band.",
            apply: { config, value throws(Refusal) in
                guard let seconds = duration(value), (60...3 * 3600).contains(seconds) else { throw .notAccepted }
                config.snooze = TimeInterval(seconds)
            },
            show: { duration(Int($0.snooze)) }),
        ConfigKey(
            "sound", page: .reminders, label: .keySound, syntax: "off|on|NAME",
            accepted: "off, on or a sound name such as message-new-instant",
            help: "The reminder's sound: none, the theme's message-new-instant, or another sound of the theme.",
            apply: { config, value throws(Refusal) in
                if let on = try? boolean(value) {
                    config.sound = on ? "message-new-instant" : nil
                    return
                }
                guard !value.isEmpty,
                    value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." })
                else { throw .notAccepted }
                config.sound = String(value)
            },
            show: { $0.sound ?? "off" }),
        ConfigKey(
            "click", page: .reminders, label: .keyClick, syntax: "read|mark|listen|later",
            accepted: "read, mark, listen or later",
            help:
                "What a click on the reminder itself does (its default action); listen needs listen set, else a click reads.",
            apply: { config, value throws(Refusal) in
                guard let action = ReminderAction(rawValue: String(value)) else { throw .notAccepted }
                config.click = action
            },
            show: { $0.click.rawValue }),
        ConfigKey(
            "open", page: .reading, label: .keyOpen, syntax: "PROGRAM [ARG]...",
            accepted: "a program and its arguments, such as xdg-open",
            help:
                "What opens a web page (a web reader's): run with the URL as one more argument, never through a shell.",
            apply: { config, value throws(Refusal) in
                let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard !words.isEmpty else { throw .notAccepted }
                config.opener = words
            },
            show: { $0.opener.joined(separator: " ") }),
        ConfigKey(
            "reader", page: .reading, label: .keyReader, syntax: "TEMPLATE", accepted: readerValues,
            help:
                "What nitnem open and Read now run for a bani: a web page opened with open, or a command run as argv (see nitnem open --help).",
            apply: { config, value throws(Refusal) in
                do {
                    config.reader = try ReaderTemplate(parsing: String(value))
                } catch {
                    // The template's own words say what is wrong with it; the values say what is right.
                    throw .because("\(error); it must be \(readerValues)")
                }
            },
            show: { $0.reader.text }),
        ConfigKey(
            "listen", page: .reading, label: .keyListen, syntax: "COMMAND", accepted: listenValues,
            help:
                "What nitnem listen and the reminder's Listen button run to play a bani's recorded paath, such as mpv --no-video ~/Music/Nitnem/{key}.mp3 (see nitnem listen --help).",
            unset: "not set (no Listen button)",
            apply: { config, value throws(Refusal) in
                do {
                    config.listen = try ListenTemplate(parsing: String(value))
                } catch {
                    throw .because("\(error); it must be \(listenValues)")
                }
            },
            show: { $0.listen?.description }),
        choice(
            "rehras", \.rehras, page: .reading, label: .keyRehras,
            help:
                "The Rehras the evening set counts, over the snapshot's own preference (no effect with the embedded registry, which has one).",
            unset: "not set (the snapshot's own preference)"),
        choice(
            "titles", \.titles, page: .reading, label: .keyTitles,
            help:
                "Which title of a bani status, the bars, reminders, mark --list, sets and reminders list show: Japji Sahib, ਜਪੁ ਜੀ ਸਾਹਿਬ or both. Titles are names: never translated.",
            unset: "not set (English; both in the text of status, the bar's tooltip and mark --list)"),
        yesOrNo(
            "remind-when-done", \.remindWhenDone, shown: ("yes", "no"), page: .reminders, label: .keyRemindWhenDone,
            help: "Remind even when the band's set is already read."),
    ]

    /// What `listen` takes.
    static let listenValues =
        "a command line run as argv (never a shell), with {banidb} {key} {variant} {url}; a word starting ~/ is in your home"

    /// What `reader` takes.
    static let readerValues =
        "a web page template (https://...) or a command line, with {banidb} {key} {variant} {url}"

    /// `reminder.<band>`: the band's reminder time, or off.
    static func slot(_ band: Band) -> ConfigKey {
        let range = band.wallTimes
        var help = "When the \(band.title) reminder is due (\(range)), or off."
        if band == .night {
            help += " After midnight it belongs to the Nitnem day that began the previous 03:00."
        }
        return ConfigKey(
            "reminder.\(band.rawValue)", page: .reminders, label: .keyBandReminder, band: band, syntax: "H:MM|off",
            accepted: "a time H:MM or HH:MM (24-hour, \(range)) or off", help: help,
            apply: { config, value throws(Refusal) in
                if (try? boolean(value)) == false {
                    try? config.slots.set(band, nil)
                    return
                }
                guard let time = wallTime(value) else { throw .notAccepted }
                do {
                    try config.slots.set(band, time)
                } catch {
                    throw .because("\(error)")
                }
            },
            show: { $0.slots.times[band]?.description ?? "off" })
    }

    /// The key a file's spelling names: the same letters in any case, `-`, `.` and `_` left out.
    package static func named(_ spelling: some StringProtocol) -> ConfigKey? {
        bySpelling[folded(spelling)]
    }

    /// Whether `spelling` is spelled as a key is, known or not: an ASCII letter, then letters, digits,
    /// `-`, `.` and `_` (`reminder.evening`, `remind-when-done`, `colour`; not `export PATH`, not empty).
    package static func isSpelling(_ spelling: some StringProtocol) -> Bool {
        let letter = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = spelling.unicodeScalars.first else { return false }
        return letter(first)
            && spelling.unicodeScalars.allSatisfy {
                letter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." || $0 == "_"
            }
    }

    /// The keys by `folded` name.
    private static let bySpelling: [String: ConfigKey] = Dictionary(
        uniqueKeysWithValues: all.map { (folded($0.name), $0) })

    /// `spelling` lower-cased, without `-`, `.` and `_`: `Reminder.Amrit-Vela` is `reminderamritvela`.
    static func folded(_ spelling: some StringProtocol) -> String {
        String(spelling.lowercased().filter { $0 != "-" && $0 != "." && $0 != "_" })
    }
}
