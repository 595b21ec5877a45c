/// A declared option of a command: `--name VALUE` or a `--name` flag.
struct OptionSpec: Sendable {
    /// The long name, without dashes.
    let name: String
    /// The placeholder of its value (`FORMAT`); `nil` for a flag.
    let value: String?
    /// One line of help.
    let help: String
    /// The values it accepts; `nil` for any.
    var choices: [String]? = nil
    /// Whether it may be given more than once.
    var repeats = false
    /// The value when absent, shown in help.
    var defaultValue: String? = nil
    /// Whether the command cannot run without it (shown without brackets in the usage line).
    var required = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    var synopsis: String {
        guard let value else { return "--\(name)" }
        return "--\(name) " + (choices.map { $0.joined(separator: "|") } ?? value)
    }
}

/// A declared positional argument.
struct PositionalSpec: Sendable {
    let name: String
    let help: String
    var optional = false
}

/// A command (or subcommand) with its declared arguments; help and usage are generated from it.
struct CommandSpec: Sendable {
    /// The words that select it, e.g. `["clock"]`, `["snapshot", "export"]`.
    let path: [String]
    /// One line saying what it does.
    let abstract: String
    var options: [OptionSpec] = []
    var positionals: [PositionalSpec] = []
    /// More words shown after the options in `--help`.
    var discussion: String? = nil

    var usage: String {
        var parts = ["nitnem"] + path
        for o in options {
            parts.append(o.required ? o.synopsis : o.repeats ? "[\(o.synopsis)]..." : "[\(o.synopsis)]")
        }
        for p in positionals { parts.append(p.optional ? "[<\(p.name)>]" : "<\(p.name)>") }
        return parts.joined(separator: " ")
    }

    var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for p in positionals { lines.append(Self.row("<\(p.name)>", p.help)) }
        }
        lines += ["", "OPTIONS:"]
        for o in options {
            var text = o.help
            if let d = o.defaultValue { text += " (default: \(d))" }
            lines.append(Self.row(o.synopsis, text))
        }
        lines.append(Self.row("-h, --help", "Show this help."))
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    static func row(_ left: String, _ right: String) -> String {
        let pad = max(1, 26 - left.count)
        return "  " + left + String(repeating: " ", count: pad) + right
    }

    /// Reads `arguments` (the words after the command path) against this declaration.
    /// - Throws: `CLIError.usage` for an unknown option, a missing or bad value, or extra words.
    func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positional: [String] = []
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positional.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "-h" || word == "--help" {
                parsed.helpRequested = true
                continue
            }
            guard word.hasPrefix("--") else { throw usageError("unknown option '\(word)'") }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw usageError("unknown option '--\(name)'")
            }
            if spec.value == nil {
                if inline != nil { throw usageError("option '--\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw usageError("option '--\(name)' needs a value") }
                value = arguments[i]
                i += 1
            }
            if let choices = spec.choices, !choices.contains(value) {
                throw usageError(
                    "'\(value)' is not a valid value for '--\(name)'; use one of: \(choices.joined(separator: ", "))")
            }
            if parsed.values[name] != nil, !spec.repeats {
                throw usageError("option '--\(name)' given more than once")
            }
            parsed.values[name, default: []].append(value)
        }
        if parsed.helpRequested { return parsed }
        if let missing = options.first(where: { $0.required && parsed.values[$0.name] == nil }) {
            throw usageError("missing \(missing.synopsis)")
        }
        let required = positionals.filter { !$0.optional }.count
        if positional.count < required {
            throw usageError("missing <\(positionals[positional.count].name)>")
        }
        if positional.count > positionals.count {
            throw usageError("unexpected argument '\(positional[positionals.count])'")
        }
        parsed.positionals = positional
        return parsed
    }

    func usageError(_ message: String) -> CLIError { .usage(message, usage: usage) }
}

/// The arguments of one invocation, as declared by its `CommandSpec`.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var helpRequested = false

    /// The (last) value of option `name`.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeating option `name`.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// How a command ends other than with success.
enum CLIError: Error {
    /// Bad usage: the message, and the usage line to show (exit 2).
    case usage(String, usage: String)
    /// Bad input, such as a malformed environment variable or file (exit 2).
    case badInput(String)
    /// The command could not do its work (exit 1).
    case failure(String)

    var exitCode: Int32 {
        switch self {
        case .usage, .badInput: 2
        case .failure: 1
        }
    }
}
