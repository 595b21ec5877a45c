// SPDX-License-Identifier: GPL-3.0-or-later
/// A declared option whose value is one case of `Value` (its choices are the raw values of the
/// cases): a command reads it back as that case, never as a string to compare.
package struct ChoiceOption<Value>: Sendable
where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// Its declaration, as commands list it and help shows it.
    package var spec: OptionSpec

    /// `--name VALUE`, one of `Value`'s raw values, `value` when absent (when given).
    package init(_ name: String, help: String, default value: Value? = nil, required: Bool = false) {
        spec = .choice(name, Value.self, help: help, default: value)
        spec.required = required
    }

    /// `spec`, whose choices must be raw values of `Value`.
    package init(_ spec: OptionSpec) {
        precondition(spec.choices?.allSatisfy { Value(rawValue: $0) != nil } == true, "\(spec.name): not \(Value.self)")
        self.spec = spec
    }
}

extension ParsedArguments {
    /// The case of `option` given (the last one), else its default; `nil` when neither.
    package func value<Value>(_ option: ChoiceOption<Value>) -> Value? {
        value(option.spec, as: Value.self)
    }

    /// Whether `option` was given (its default does not count).
    package func isGiven<Value>(_ option: ChoiceOption<Value>) -> Bool { isGiven(option.spec) }
}
