// SPDX-License-Identifier: GPL-3.0-or-later
import CommandLineKit
import Testing

@testable import nitnem

/// nitnem's declared commands share the options declared once (`--group`, `--config`, `--lock`, `--format`).
@Suite struct SharedOptionTests {
    /// An option named like a shared one is that shared declaration: one help text and one default.
    @Test func sharedOptionsAreDeclaredOnce() {
        let shared: [String: OptionSpec] = ["group": .group, "config": .config, "lock": .lock]
        for spec in Main.table.specs {
            for option in spec.options {
                if let declared = shared[option.name] { #expect(option == declared, "\(spec.path)") }
                if option.name == "format" {
                    #expect(option == .format(option.choices ?? []), "\(spec.path)")
                }
            }
        }
    }
}
