// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot

/// Test instants and group files, shared by the suites (one builder each, not one per suite).
package enum Fixtures {
    /// An absolute instant from `…Z` / `…±hh:mm` text (fractions allowed), read by Foundation's
    /// ISO 8601 parser — the oracle, never the product's own `RFC3339` under test.
    package static func instant(_ text: String) -> NitnemClockKit.Date {
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = whole.date(from: text) ?? fractional.date(from: text) else {
            fatalError("bad test instant \(text)")
        }
        return NitnemClockKit.Date(date)
    }

    /// Group files as read: `snapshot` (the embedded registry unless given) and `banis` as progress.
    package static func files(
        _ banis: [String: BaniProgress] = [:], snapshot: NitnemSnapshot = EmbeddedRegistry.snapshot,
        source: GroupFiles.Source = .embedded, warnings: [String] = []
    ) -> GroupFiles {
        GroupFiles(
            snapshot: snapshot, source: source,
            progress: NitnemProgress(schema: 1, banis: banis, warnings: [], raw: .object([])), warnings: warnings)
    }

    /// The reminder a step decided to show, if any.
    package static func fired(_ step: AgentCore.Step) -> AgentCore.ReminderNotice? {
        for case .reminder(.fire(let notice)) in step.actions { return notice }
        return nil
    }
}
