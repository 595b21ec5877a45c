// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// Why the words given to a command do not fit its declaration.
package enum ArgumentError: Error, Sendable, Equatable {
    /// A word starting with `-` that names no declared option (as given, e.g. `--bogus`, `-x`).
    case unknownOption(String)
    /// A value option given last, with no value after it.
    case missingValue(OptionSpec)
    /// A value that is not one of the option's choices.
    case invalidChoice(String, OptionSpec)
    /// A non-repeating option given more than once.
    case repeated(OptionSpec)
    /// A flag given a value with `--flag=value`.
    case flagWithValue(OptionSpec)
    /// A required option not given.
    case missingOption(OptionSpec)
    /// A required positional argument not given.
    case missingPositional(PositionalSpec)
    /// A positional word beyond the declared ones (when the last does not repeat).
    case unexpectedArgument(String)

    /// One line saying what is wrong, for a person; a word given is quoted escaped and cut to a
    /// bounded length (`Printable.bounded`).
    package var message: String {
        switch self {
        case .unknownOption(let word): "unknown option '\(Printable.bounded(word))'"
        case .missingValue(let o): "option '--\(o.name)' needs a value"
        case .invalidChoice(let value, let o):
            "'\(Printable.bounded(value))' is not a valid value for '--\(o.name)'; use one of: "
                + (o.choices ?? []).joined(separator: ", ")
        case .repeated(let o): "option '--\(o.name)' given more than once"
        case .flagWithValue(let o): "option '--\(o.name)' takes no value"
        case .missingOption(let o): "missing \(o.synopsis)"
        case .missingPositional(let p): "missing <\(p.name)>"
        case .unexpectedArgument(let word): "unexpected argument '\(Printable.bounded(word))'"
        }
    }
}

extension CommandSpec {
    /// Reads `arguments` (the words after the command path) against this declaration.
    ///
    /// Options come as `--name value` or `--name=value`, anywhere among the positionals; after `--`
    /// every word is positional, and `-` alone is one. `-h` or `--help` anywhere stops the checks of
    /// required arguments (`helpRequested`); the words before it must still be valid.
    /// - Throws: `ArgumentError` for the first word that does not fit, or what is missing.
    package func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
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
            guard word.hasPrefix("--") else { throw .unknownOption(word) }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = option(name) else { throw .unknownOption("--\(name)") }
            if spec.value == nil {
                if inline != nil { throw .flagWithValue(spec) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw .missingValue(spec) }
                value = arguments[i]
                i += 1
            }
            if let choices = spec.choices, !choices.contains(value) { throw .invalidChoice(value, spec) }
            if parsed.values[name] != nil, !spec.repeats { throw .repeated(spec) }
            parsed.values[name, default: []].append(value)
        }
        for o in options where parsed.values[o.name] == nil {
            if case .value(let value) = o.defaultValue { parsed.defaults[o.name] = value }
        }
        if parsed.helpRequested { return parsed }
        if let missing = options.first(where: { $0.required && parsed.values[$0.name] == nil }) {
            throw .missingOption(missing)
        }
        let required = positionals.filter { !$0.optional }.count
        if positional.count < required { throw .missingPositional(positionals[positional.count]) }
        if positional.count > positionals.count, positionals.last?.repeats != true {
            throw .unexpectedArgument(positional[positionals.count])
        }
        parsed.positionals = positional
        return parsed
    }
}
