// SPDX-License-Identifier: GPL-3.0-or-later
/// What a shell offers for an option's value or a positional argument: declared with it, read by
/// the completion generators (`CommandTable.bashCompletion` and the others).
package enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer (a date, a time, a number).
    case none
    /// File names.
    case file
    /// Folder names.
    case directory
    /// These words.
    case words([String])
    /// The lines the program prints, run at completion time with `arguments` (plus each option in
    /// `forwarding` that the command line already gives, with its value): one candidate a line, a
    /// tab then a description after it.
    case program(arguments: [String], forwarding: [String] = [])
}

extension OptionSpec {
    /// What a shell offers for its value: its declared completion, else its choices, else files
    /// for a `FILE` placeholder and folders for `DIR`; nothing for a flag.
    package var completion: ValueCompletion {
        if let completesWith { return completesWith }
        guard let value else { return .none }
        if let choices { return .words(choices) }
        switch value {
        case "DIR": return .directory
        case "FILE": return .file
        default: return .none
        }
    }

    /// This option, its value completed with `completion`.
    package func completing(_ completion: ValueCompletion) -> OptionSpec {
        var copy = self
        copy.completesWith = completion
        return copy
    }
}

extension PositionalSpec {
    /// This positional, completed with `completion`.
    package func completing(_ completion: ValueCompletion) -> PositionalSpec {
        var copy = self
        copy.completesWith = completion
        return copy
    }
}
