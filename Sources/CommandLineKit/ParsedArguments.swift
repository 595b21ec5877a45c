// SPDX-License-Identifier: GPL-3.0-or-later
/// The arguments of one invocation, read against its `CommandSpec`.
package struct ParsedArguments: Sendable, Equatable {
    /// The values given to each option, in order.
    package var values: [String: [String]]
    /// The flags given.
    package var flags: Set<String>
    /// The positional arguments, in order.
    package var positionals: [String]
    /// Whether `-h` or `--help` was given (then nothing else was checked).
    package var helpRequested: Bool
    /// The literal defaults (`OptionSpec.Default.value`) of the options that were not given.
    package var defaults: [String: String]

    /// Arguments as given; `parse` fills them in.
    package init(
        values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [],
        helpRequested: Bool = false, defaults: [String: String] = [:]
    ) {
        self.values = values
        self.flags = flags
        self.positionals = positionals
        self.helpRequested = helpRequested
        self.defaults = defaults
    }

    /// The (last) value of option `name`, else its literal default. By name: for the parser and
    /// its tests; commands read their options by the `OptionSpec` they declared.
    package func value(_ name: String) -> String? { values[name]?.last ?? defaults[name] }
    /// Every value given to a repeating option `name`, in order.
    package func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether flag `name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Whether option `name` was given (its default does not count).
    package func isGiven(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// The (last) value of `option`, else its literal default.
    package func value(_ option: OptionSpec) -> String? { value(option.name) }
    /// Every value given to a repeating `option`, in order.
    package func all(_ option: OptionSpec) -> [String] { all(option.name) }
    /// Whether flag `option` was given.
    package func flag(_ option: OptionSpec) -> Bool { flag(option.name) }
    /// Whether `option` was given (its default does not count).
    package func isGiven(_ option: OptionSpec) -> Bool { isGiven(option.name) }
    /// The value of `option` (else its literal default) as a case of `type`; `nil` when absent or not
    /// one of its raw values.
    package func value<T: RawRepresentable>(_ option: OptionSpec, as type: T.Type) -> T? where T.RawValue == String {
        value(option.name).flatMap(T.init(rawValue:))
    }
}
