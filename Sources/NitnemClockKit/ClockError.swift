/// A bad clock or zone setting, named by the environment variable that holds it.
public struct ClockError: Error, Equatable, CustomStringConvertible {
    /// The variable at fault, e.g. `SGGS_CLOCK_NOW` or `TZ`.
    public let variable: String
    /// The value it held.
    public let value: String
    /// What is wrong and what would be accepted.
    public let problem: String

    /// One line: `SGGS_CLOCK_NOW: 'tomorrow' is not a time; use …`.
    public var description: String { "\(variable): '\(value)' \(problem)" }
}
