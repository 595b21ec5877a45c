// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit

/// One row of the bani registry that breaks a rule of the guard (the seeds' `guard_banis.py`).
struct RegistryViolation: Hashable, Sendable, CustomStringConvertible {
    /// Where: `rehras/taksal seq 3`, `japji`, `bani_sets evening position 2`, `bani_id 99 seq 1`.
    let row: String
    /// What is wrong with it.
    let problem: String

    /// A violation of `row`.
    init(row: String, problem: String) {
        self.row = row
        self.problem = problem
    }

    /// `rehras/taksal seq 3: has both line_id 404 and extra_line_id 81121`: one line, control
    /// characters from the database (a key, a variant) escaped.
    var description: String { Printable.escaped("\(row): \(problem)") }
}
