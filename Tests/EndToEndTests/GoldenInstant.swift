// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

/// A golden file's name and the zone and instant its command runs at (`TZ`, `SGGS_CLOCK_NOW`): one
/// list, `fixtures/cases/golden-instants.tsv`, for `ClockCommandTests` and `TimelineGoldenTests`.
struct GoldenInstant: Sendable, CustomTestStringConvertible {
    let name: String
    let tz: String
    let now: String
    var testDescription: String { name }

    /// `fixtures/cases/golden-instants.tsv`, every row.
    static func all() throws -> [GoldenInstant] {
        try CaseTable.rows("golden-instants", columns: ["name", "zone", "now"]).map {
            GoldenInstant(name: $0["name"], tz: $0["zone"], now: $0["now"])
        }
    }
}
