// SPDX-License-Identifier: GPL-3.0-or-later
/// A command (or subcommand) and its declared arguments: its usage line and help are generated
/// from this, and it parses the words given to it.
package struct CommandSpec: Sendable, Equatable {
    /// The words that select it after the program name, e.g. `["clock"]`, `["snapshot", "export"]`.
    package let path: [String]
    /// One line saying what it does.
    package let abstract: String
    /// Its options, in the order usage and help show them.
    package var options: [OptionSpec]
    /// Its positional arguments, in order.
    package var positionals: [PositionalSpec]
    /// More text shown after the options in help.
    package var discussion: String?

    /// A command at `path`.
    package init(
        path: [String], abstract: String, options: [OptionSpec] = [], positionals: [PositionalSpec] = [],
        discussion: String? = nil
    ) {
        (self.path, self.abstract, self.options) = (path, abstract, options)
        (self.positionals, self.discussion) = (positionals, discussion)
    }

    /// The usage line: `nitnem mark [--undo] [--day YYYY-MM-DD] <bani>`.
    package func usage(program: String) -> String {
        var parts = [program] + path
        for o in options {
            parts.append(o.required ? o.synopsis : o.repeats ? "[\(o.synopsis)]..." : "[\(o.synopsis)]")
        }
        for p in positionals { parts.append(p.synopsis) }
        return parts.joined(separator: " ")
    }

    /// The text of `--help`: overview, usage, arguments, options (with `-h, --help`) and discussion.
    package func help(program: String) -> String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage(program: program))"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for p in positionals { lines += HelpLayout.row("<\(p.name)>", p.help) }
        }
        lines += ["", "OPTIONS:"]
        for o in options { lines += HelpLayout.row(o.synopsis, o.helpWithDefault) }
        lines += HelpLayout.row("-h, --help", "Show this help.")
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    /// The declared option named `name`.
    package func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// The two-column layout of help rows.
enum HelpLayout {
    /// The column where the right-hand text starts.
    static let column = 28

    /// `  left      right`; a left side too wide for its column puts `right` on the next line.
    static func row(_ left: String, _ right: String) -> [String] {
        let indent = "  " + left
        if indent.count < column { return [indent + String(repeating: " ", count: column - indent.count) + right] }
        return [indent, String(repeating: " ", count: column) + right]
    }
}
