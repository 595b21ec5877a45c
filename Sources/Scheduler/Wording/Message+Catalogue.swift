// SPDX-License-Identifier: GPL-3.0-or-later
extension Message {
    /// `po/nitnem.pot`, the gettext template of the table: one entry per English text (a text two
    /// messages share, such as `Evening`, is one entry with both notes), in table order; an entry with
    /// a `{name}` is flagged `python-brace-format` so `msgfmt --check` holds translations to the
    /// same names. No creation date: the file changes only when the table does.
    package static var pot: String {
        var lines = [
            "# The messages of nitnem (text domain `nitnem`): status, the bars, reminders, mark --list,",
            "# sets, journey, reminders list, pause and resume, and the words of the settings pages (GNOME",
            "# Preferences, Plasma). Errors, --help and the man page stay English.",
            "# Generated from Sources/Scheduler/Wording/Message.swift by scripts/update-po.sh: do not edit.",
            "# SPDX-License-Identifier: GPL-3.0-or-later",
            "#, fuzzy",
            "msgid \"\"",
            "msgstr \"\"",
            "\"Project-Id-Version: nitnem\\n\"",
            "\"Report-Msgid-Bugs-To: \\n\"",
            "\"Language-Team: \\n\"",
            "\"Language: \\n\"",
            "\"MIME-Version: 1.0\\n\"",
            "\"Content-Type: text/plain; charset=UTF-8\\n\"",
            "\"Content-Transfer-Encoding: 8bit\\n\"",
            "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"",
        ]
        var order: [String] = []
        var byText: [String: (entry: Entry, notes: [String])] = [:]
        for message in allCases {
            let entry = message.entry
            if let seen = byText[entry.english] {
                if !seen.notes.contains(entry.note) { byText[entry.english]?.notes.append(entry.note) }
            } else {
                order.append(entry.english)
                byText[entry.english] = (entry, [entry.note])
            }
        }
        for text in order {
            let (entry, notes) = byText[text]!
            lines.append("")
            lines += notes.map { "#. " + $0 }
            if (entry.english + (entry.plural ?? "")).contains("{") { lines.append("#, python-brace-format") }
            lines.append("msgid " + quoted(entry.english))
            if let plural = entry.plural {
                lines += ["msgid_plural " + quoted(plural), "msgstr[0] \"\"", "msgstr[1] \"\""]
            } else {
                lines.append("msgstr \"\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a PO string: in quotes, `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}
