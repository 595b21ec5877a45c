// SPDX-License-Identifier: GPL-3.0-or-later
/// A declared option of a command: `--name VALUE`, or a `--name` flag.
///
/// Declare an option shared by several commands once, as a static member in an extension, and list
/// that member in each command: its name, help and default then live in one place.
package struct OptionSpec: Sendable, Equatable {
    /// What an option is worth when it is not given.
    package enum Default: Sendable, Equatable {
        /// A literal value: `ParsedArguments.value(_:)` returns it when the option is absent, and help
        /// shows it.
        case value(String)
        /// Words for help only, when the command works the value out itself (from the environment, the
        /// clock…): `ParsedArguments.value(_:)` returns `nil` when the option is absent.
        case described(String)

        /// The text help shows after `default:`.
        package var text: String {
            switch self {
            case .value(let text), .described(let text): text
            }
        }
    }

    /// The long name, without dashes.
    package let name: String
    /// The placeholder of its value (`FORMAT`); `nil` for a flag.
    package let value: String?
    /// One sentence of help; help inserts the default before its final period.
    package let help: String
    /// The values it accepts; `nil` for any.
    package var choices: [String]?
    /// Whether it may be given more than once.
    package var repeats: Bool
    /// Its worth when absent; `nil` for none.
    package var defaultValue: Default?
    /// Whether the command cannot run without it (shown without brackets in the usage line).
    package var required: Bool
    /// What a shell offers for its value, when declared (`completing(_:)`); see `completion`.
    package var completesWith: ValueCompletion?

    /// An option taking a value: `--name VALUE`.
    package init(
        name: String, value: String?, help: String, choices: [String]? = nil, repeats: Bool = false,
        defaultValue: Default? = nil, required: Bool = false
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.choices = choices
        self.repeats = repeats
        self.defaultValue = defaultValue
        self.required = required
    }

    /// A flag: `--name`, taking no value.
    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    /// An option whose values are the raw values of `type`'s cases, in declaration order.
    package static func choice<T: CaseIterable & RawRepresentable>(
        _ name: String, _ type: T.Type, help: String, default value: T? = nil
    ) -> OptionSpec where T.RawValue == String {
        OptionSpec(
            name: name, value: name.uppercased(), help: help, choices: type.allCases.map { $0.rawValue },
            defaultValue: value.map { .value($0.rawValue) })
    }

    /// `--name VALUE` (its choices joined by `|` in place of the placeholder), or `--name` for a flag.
    package var synopsis: String {
        guard let value else { return "--\(name)" }
        return "--\(name) " + (choices.map { $0.joined(separator: "|") } ?? value)
    }

    /// The help sentence with the default, if any, before its final period:
    /// `The App Group folder (default: $SGGS_APP_GROUP).`
    package var helpWithDefault: String {
        guard let defaultValue else { return help }
        let note = "(default: \(defaultValue.text))"
        if help.hasSuffix(".") { return help.dropLast() + " " + note + "." }
        return help + " " + note
    }
}

/// A declared positional argument.
package struct PositionalSpec: Sendable, Equatable {
    /// The name shown between angle brackets: `<bani>`.
    package let name: String
    /// One sentence of help.
    package let help: String
    /// Whether it may be left out (only the last positionals may be).
    package var optional: Bool
    /// What a shell offers for it, when declared (`completing(_:)`); else the generator's default.
    package var completesWith: ValueCompletion?
    /// Whether it takes every word left (only the last positional may): `<bani>...`.
    package var repeats: Bool

    /// A positional argument.
    package init(name: String, help: String, optional: Bool = false, repeats: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
        self.repeats = repeats
    }

    /// `<name>`, `[<name>]`, `<name>...` or `[<name>...]`: how the usage line shows it.
    package var synopsis: String {
        let word = repeats ? "<\(name)>..." : "<\(name)>"
        return optional ? "[\(word)]" : word
    }
}
