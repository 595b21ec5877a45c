// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot

/// Test inputs shared by the suites, one builder each (not one per suite): instants, zones, days,
/// group files, a registry with two Rehras, the reminder a step fired.
package enum Fixture {
    /// Reminders off: for tests about the timeline half of the core.
    package static let timelineOnly: AgentConfig = {
        var config = AgentConfig()
        config.remindersOn = false
        return config
    }()

    /// The calendar of `zone`, its rules read from the TZif files.
    package static func calendar(_ zone: String) -> NitnemCalendar { ZoneFiles.calendar(zone) }

    /// The civil date of `text` (`YYYY-MM-DD`).
    package static func day(_ text: String) -> CivilDate {
        guard let d = CivilDate(text) else { fatalError("bad day \(text)") }
        return d
    }

    /// Progress with each of `ids` completed on `day`.
    package static func completed(_ ids: [String], on day: String) -> [String: BaniProgress] {
        var banis: [String: BaniProgress] = [:]
        for id in ids { banis[id] = BaniProgress(completedDays: [Self.day(day)]) }
        return banis
    }

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

    /// The embedded registry with a second Rehras (taksal), preferred, as the reader app writes it.
    package static let registryWithTaksalRehras: NitnemSnapshot = {
        var s = EmbeddedRegistry.snapshot
        s.banis.append(
            NitnemSnapshot.Bani(
                id: "rehras/taksal", key: "rehras", variant: "taksal", isDefault: false, titleEn: "Rehras Sahib",
                titleGurmukhi: "ਰਹਰਾਸਿ ਸਾਹਿਬ", source: "mixed", nLines: 501))
        s.preferences = NitnemSnapshot.Preferences(rehrasVariant: "taksal")
        return s
    }()

    /// The reminder a step decided to show, if any.
    package static func fired(_ step: AgentCore.Step) -> AgentCore.ReminderNotice? {
        for case .reminder(.fire(let notice)) in step.actions { return notice }
        return nil
    }
}
