// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What `nitnem practice --format json` prints: every practice as it stands on `today` and, for a
/// settings page (GNOME Preferences, the Plasma widget's settings), its words, the commands each
/// practice's buttons run and the banis a practice can be begun of — so a page runs what nitnem
/// decided, in the user's language.
package struct PracticeListing: Sendable {
    /// Every practice of the file on `today`.
    package let practices: [PracticeProgress]
    /// Today's Nitnem day.
    package let today: CivilDate

    /// The listing of `practices` on `today`.
    package init(_ practices: [PracticeProgress], today: CivilDate) {
        self.practices = practices
        self.today = today
    }

    /// The banis whose practice runs: a practice of them cannot be begun, only begun again.
    package var running: Set<String> { Set(practices.filter(\.isRunning).map(\.practice.bani)) }

    /// `nitnem practice <verb> <bani>` as argv.
    package static func argv(_ verb: String, _ bani: String) -> JSONValue {
        .array(["nitnem", "practice", verb, bani].map { .string($0) })
    }

    /// Whether `item` is the latest practice of its bani (the one `restart` begins again).
    func isLatest(_ item: PracticeProgress) -> Bool {
        !practices.contains { $0.practice.bani == item.practice.bani && $0.practice.from > item.practice.from }
    }

    /// `{"today","practices":[{…, "argv":{"stop","restart"},"labels":{"stop","restart"}}],"words",
    /// "start":{"argv","days":{"default","min","max"},"banis"}}`: each practice as `PracticeProgress.json`
    /// gives it, with the argv of its Stop button (null unless it runs) and of its Begin again button
    /// (null unless it is its bani's latest) and their accessible names; `words` the group's
    /// (`SettingsWords.practiceJSON`); `start` the argv a page puts a bani's id and `--days N` after,
    /// the lengths a practice may have, and the banis one can begin (`sets available --format json`'s
    /// `banis`, without those whose practice runs). `title` names a bani, `available` lists them.
    package func json(
        title: (String) -> String, words: SettingsWords, available: (Set<String>) -> [JSONValue]
    ) -> JSONValue {
        let items = practices.map { item -> JSONValue in
            let name = title(item.practice.bani)
            let bani = item.practice.bani
            let argv: JSONValue = .object([
                ("stop", item.isRunning ? Self.argv("stop", bani) : .null),
                ("restart", isLatest(item) ? Self.argv("restart", bani) : .null),
            ])
            return .object(
                item.members(title: name, localizer: words.localizer) + [
                    ("argv", argv), ("labels", words.practice(title: name)),
                ])
        }
        let start: JSONValue = .object([
            ("argv", .array(["nitnem", "practice", "start"].map { .string($0) })),
            (
                "days",
                .object([
                    ("default", .int(Practice.defaultLength)), ("min", .int(Practice.lengths.lowerBound)),
                    ("max", .int(Practice.lengths.upperBound)),
                ])
            ),
            ("banis", .array(available(running))),
        ])
        return .object([
            ("today", .string("\(today)")), ("practices", .array(items)), ("words", words.practiceJSON),
            ("start", start),
        ])
    }
}
