// SPDX-License-Identifier: GPL-3.0-or-later
/// A log line's severity, with its syslog/journald priority number.
package enum LogLevel: Int32, Comparable, CaseIterable, Sendable {
    /// `<3>`: something failed and needs the user.
    case error = 3
    /// `<4>`: something is wrong but the agent carries on (a bad file, a missing server).
    case warning = 4
    /// `<5>`: normal but significant (start, stop, a clock or zone change).
    case notice = 5
    /// `<6>`: routine events (a timeline written, a reminder fired).
    case info = 6
    /// `<7>`: detail for debugging.
    case debug = 7

    /// The `sd-daemon` prefix journald reads from a service's stderr, e.g. `"<6>"`.
    package var prefix: String { "<\(rawValue)>" }

    /// More severe first: `.error < .warning`.
    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
