// SPDX-License-Identifier: GPL-3.0-or-later
/// What a man page says beyond the declarations: its name line, description and the sections after
/// the commands (FILES, ENVIRONMENT, EXIT STATUS, EXAMPLES…). `CommandTable.manPage(_:)` writes it
/// with a SYNOPSIS and one subsection per command generated from the declarations.
package struct ManPage: Sendable, Equatable {
    /// One block of a section.
    package enum Block: Sendable, Equatable {
        /// Running text, filled.
        case paragraph(String)
        /// A term (shown bold) and what it means.
        case item(String, String)
        /// A command line shown as is, after the text that says what it does.
        case example(String, String)
    }

    /// A section after the commands.
    package struct Section: Sendable, Equatable {
        /// Its title, e.g. `FILES`.
        package let title: String
        /// Its blocks, in order.
        package let blocks: [Block]

        /// A section `title` of `blocks`.
        package init(_ title: String, _ blocks: [Block]) {
            (self.title, self.blocks) = (title, blocks)
        }
    }

    /// The manual section, e.g. `1`.
    package let section: String
    /// What the program is, in a few words: the NAME line after `\-`.
    package let summary: String
    /// The footer's source (`nitnem 0.1.0`); the date is left out, so the page is the same each time.
    package let source: String
    /// The header's manual name, e.g. `User Commands`.
    package let manual: String
    /// Paragraphs of the DESCRIPTION.
    package let description: [String]
    /// The sections after COMMANDS.
    package let sections: [Section]

    /// A page.
    package init(
        section: String = "1", summary: String, source: String, manual: String = "User Commands",
        description: [String], sections: [Section]
    ) {
        self.section = section
        self.summary = summary
        self.source = source
        self.manual = manual
        self.description = description
        self.sections = sections
    }
}

extension CommandTable {
    /// The man page (roff, `man` macros, ASCII only): NAME, SYNOPSIS (one line per command),
    /// DESCRIPTION, COMMANDS (a subsection per command: its usage, abstract, arguments, options with
    /// their defaults and choices, and its help's discussion), then `page.sections`.
    package func manPage(_ page: ManPage) -> String {
        var out: [String] = [
            ".\\\" Generated from the command declarations by `\(program) completions --man`; do not edit.",
            ".TH \(Roff.escape(program.uppercased())) \(page.section) \"\" \"\(Roff.escape(page.source))\" \"\(Roff.escape(page.manual))\"",
            ".SH NAME",
            "\(Roff.escape(program)) \\- \(Roff.escape(page.summary))",
            ".SH SYNOPSIS",
        ]
        out += [".B \(Roff.escape(program))", ".RB [ \\-\\-help | \\-\\-version ]"]
        for spec in specs {
            out += [".br", Roff.synopsis(program: program, spec)]
        }
        out.append(".SH DESCRIPTION")
        for (i, paragraph) in page.description.enumerated() {
            if i > 0 { out.append(".PP") }
            out += Roff.text(paragraph)
        }
        if let defaultCommandNote {
            if !page.description.isEmpty { out.append(".PP") }
            out += Roff.text(defaultCommandNote)
        }
        out.append(".SH COMMANDS")
        for spec in specs {
            out.append(".SS \"\(Roff.escape(([program] + spec.path).joined(separator: " ")))\"")
            out.append(Roff.synopsis(program: program, spec))
            out.append(".PP")
            out += Roff.text(spec.abstract)
            for positional in spec.positionals {
                out += [".TP", ".I \(Roff.escape(positional.name))"]
                out += Roff.text(positional.help + (positional.optional ? " Optional." : ""))
            }
            for option in spec.options {
                out.append(".TP")
                if let value = option.value {
                    let shown = option.choices.map { $0.joined(separator: "|") } ?? value
                    out.append(".BI \"\\-\\-\(Roff.escape(option.name)) \" \"\(Roff.escape(shown))\"")
                } else {
                    out.append(".B \\-\\-\(Roff.escape(option.name))")
                }
                out += Roff.text(option.helpWithDefault + (option.repeats ? " May be given more than once." : ""))
            }
            out += [".TP", ".BR \\-h \", \" \\-\\-help", "Show the help of this command."]
            if let discussion = spec.discussion {
                out += Roff.discussion(discussion)
            }
        }
        for section in page.sections {
            out.append(".SH \(Roff.escape(section.title))")
            var first = true
            for block in section.blocks {
                switch block {
                case .paragraph(let text):
                    if !first { out.append(".PP") }
                    out += Roff.text(text)
                case .item(let term, let text):
                    out += [".TP", ".B \(Roff.quoted(term))"]
                    out += Roff.text(text)
                case .example(let text, let command):
                    if !first { out.append(".PP") }
                    out += Roff.text(text)
                    out += [".PP", ".RS 4", ".EX"]
                    out += command.split(separator: "\n", omittingEmptySubsequences: false).map {
                        Roff.line(String($0))
                    }
                    out += [".EE", ".RE"]
                }
                first = false
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// Writing roff text.
enum Roff {
    /// `text` safe inside a roff line: backslashes as `\e`, hyphens as `\-`, anything outside
    /// ASCII as a `\[uXXXX]` glyph.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\"": out += "\\(dq"
            case "\t": out += " "
            default:
                if scalar.value < 0x80 {
                    out.unicodeScalars.append(scalar)
                } else {
                    var hex = String(scalar.value, radix: 16, uppercase: true)
                    while hex.count < 4 { hex = "0" + hex }
                    out += "\\[u\(hex)]"
                }
            }
        }
        return out
    }

    /// A text line: escaped, and a leading `.` or `'` (a request) kept as text with `\&`.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { return "\\&" + escaped }
        return escaped
    }

    /// A macro argument in double quotes.
    static func quoted(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// Filled running text: one sentence a line (roff's own convention), each line escaped.
    static func text(_ text: String) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var lines: [String] = []
        var current = ""
        for word in words {
            current += current.isEmpty ? String(word) : " " + word
            if word.hasSuffix(".") || word.hasSuffix(":") || word.hasSuffix(";") {
                lines.append(line(current))
                current = ""
            }
        }
        if !current.isEmpty { lines.append(line(current)) }
        return lines
    }

    /// `nitnem mark [--undo] …`: the command bold, options bold with their values in italics.
    static func synopsis(program: String, _ spec: CommandSpec) -> String {
        var parts = ["\\fB\(escape(([program] + spec.path).joined(separator: " ")))\\fR"]
        for o in spec.options {
            var body = "\\fB\\-\\-\(escape(o.name))\\fR"
            if let value = o.value {
                body += " \\fI\(escape(o.choices.map { $0.joined(separator: "|") } ?? value))\\fR"
            }
            parts.append(o.required ? body : o.repeats ? "[\(body)]..." : "[\(body)]")
        }
        for p in spec.positionals {
            let name = "\\fI\(escape(p.name))\\fR"
            parts.append(p.optional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    /// A help discussion: paragraphs (split at blank lines) of plain lines are filled; a paragraph
    /// with an indented line or a `HEADING:` line keeps its lines as they are.
    static func discussion(_ discussion: String) -> [String] {
        var out: [String] = []
        var paragraphs: [[String]] = [[]]
        for l in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            if l.allSatisfy({ $0 == " " }) {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(String(l))
            }
        }
        for paragraph in paragraphs where !paragraph.isEmpty {
            out.append(".PP")
            let laidOut = paragraph.contains { $0.hasPrefix(" ") || isHeading($0) }
            if laidOut {
                out += [".nf"]
                for l in paragraph {
                    out.append(isHeading(l) ? "\\fB\(escape(l))\\fR" : line(l))
                }
                out += [".fi"]
            } else {
                out += text(paragraph.joined(separator: " "))
            }
        }
        return out
    }

    /// `ENVIRONMENT:`, `THE READER (…):`: upper-case words ending in a colon.
    static func isHeading(_ line: String) -> Bool {
        guard line.hasSuffix(":"), let first = line.first, first.isUppercase else { return false }
        let words = line.dropLast().split(separator: " ")
        return words.first.map { $0.allSatisfy { $0.isUppercase || !$0.isLetter } } ?? false
    }
}
