// SPDX-License-Identifier: GPL-3.0-or-later
extension AgentConfig {
    /// The config file `nitnem config --init` writes (and `share/nitnem/config.example`): every key of
    /// `ConfigKey.all` with its syntax, what it does, the values it takes and its default, the default
    /// as a commented-out line (`#reminders = on`): the file reads as the defaults, and removing a `#`
    /// sets one.
    package static var template: String {
        var lines = [
            "# nitnem settings, as `nitnem config --init` writes them. One `key = value` a line; `#`",
            "# starts a comment. Every key is listed with its default, commented out: remove the `#`",
            "# before a key and change its value to set it. Keys may be written in any case, with or",
            "# without -, . and _ (reminder.amrit-vela, remind_when_done); on/off keys also take",
            "# yes/no and true/false. `nitnem config` shows what is in effect and which line set it;",
            "# a running agent applies a change when the file is saved.",
        ]
        for key in ConfigKey.all {
            lines += ["", "# \(key.name) = \(key.syntax)"]
            lines += wrapped(key.help)
            lines += wrapped("Values: \(key.accepted).")
            // On a line of its own, without a period: a default may be a URL.
            lines += wrapped("Default: \(key.defaultText)")
            if let value = key.defaultValue { lines.append("#\(key.name) = \(value)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as `# ` comment lines of at most 80 columns (a longer word gets a line of its own).
    static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = "#"
        for word in text.split(separator: " ") {
            if line.count > 1, line.count + 1 + word.count > 80 {
                lines.append(line)
                line = "#"
            }
            line += " " + word
        }
        return lines + [line]
    }
}
