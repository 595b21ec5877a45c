// SPDX-License-Identifier: GPL-3.0-or-later
/// A bad clock or zone setting, named by the environment variable that holds it.
package struct ClockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem.
    package enum Code: Equatable, Hashable, Sendable {
        /// `SGGS_CLOCK_NOW` is not a time.
        case badTime
        /// `SGGS_CLOCK_NOW` is a time outside `NitnemClock.range`.
        case outOfRange
        /// `SGGS_CLOCK_RATE` is not a number in range.
        case badRate
        /// `TZ` names no known zone.
        case unknownZone
        /// The zone file (named by `TZ` or the `/etc/localtime` link) is not valid TZif.
        case badZoneFile
    }

    /// What kind of problem.
    package let code: Code
    /// The variable at fault, e.g. `SGGS_CLOCK_NOW` or `TZ`.
    package let variable: String
    /// The value it held.
    package let value: String
    /// What is wrong and what would be accepted.
    package let problem: String

    /// A problem with `variable`, which held `value`.
    package init(_ code: Code, variable: String, value: String, problem: String) {
        self.code = code
        self.variable = variable
        self.value = value
        self.problem = problem
    }

    /// One line: `SGGS_CLOCK_NOW: 'tomorrow' is not a time; use …`; the value escaped and cut to a
    /// bounded length (`Printable.bounded`: a 10 KB `TZ` gives one short line).
    package var description: String { "\(variable): '\(Printable.bounded(value))' \(problem)" }
}
