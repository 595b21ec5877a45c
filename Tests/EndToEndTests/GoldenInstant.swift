// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

/// A golden file's name and the zone and instant its command runs at (`TZ`, `SGGS_CLOCK_NOW`):
/// the rows of `ClockCommandTests` and `TimelineGoldenTests`.
struct GoldenInstant: Sendable, CustomTestStringConvertible {
    let name: String
    let tz: String
    let now: String
    var testDescription: String { name }
}
