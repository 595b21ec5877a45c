/// The arguments of one invocation, read against its `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    /// The values given to each option, in order.
    public var values: [String: [String]]
    /// The flags given.
    public var flags: Set<String>
    /// The positional arguments, in order.
    public var positionals: [String]
    /// Whether `-h` or `--help` was given (then nothing else was checked).
    public var helpRequested: Bool
    /// The literal defaults (`OptionSpec.Default.value`) of the options that were not given.
    public var defaults: [String: String]

    /// Arguments as given; `parse` fills them in.
    public init(
        values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [],
        helpRequested: Bool = false, defaults: [String: String] = [:]
    ) {
        self.values = values
        self.flags = flags
        self.positionals = positionals
        self.helpRequested = helpRequested
        self.defaults = defaults
    }

    /// The (last) value of option `name`, else its literal default.
    public func value(_ name: String) -> String? { values[name]?.last ?? defaults[name] }
    /// Every value given to a repeating option `name`, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Whether option `name` was given (its default does not count).
    public func isGiven(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// The (last) value of `option`, else its literal default.
    public func value(_ option: OptionSpec) -> String? { value(option.name) }
    /// Every value given to a repeating `option`, in order.
    public func all(_ option: OptionSpec) -> [String] { all(option.name) }
    /// Whether flag `option` was given.
    public func flag(_ option: OptionSpec) -> Bool { flag(option.name) }
    /// Whether `option` was given (its default does not count).
    public func isGiven(_ option: OptionSpec) -> Bool { isGiven(option.name) }
    /// The value of `option` (else its literal default) as a case of `type`; `nil` when absent or not
    /// one of its raw values.
    public func value<T: RawRepresentable>(_ option: OptionSpec, as type: T.Type) -> T? where T.RawValue == String {
        value(option.name).flatMap(T.init(rawValue:))
    }
}
