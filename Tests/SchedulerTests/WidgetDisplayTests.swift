// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `WidgetDisplay`: what a widget shows, worded as `nitnem status` words it, with the argv of each
/// bani and action (the goldens in `fixtures/golden/display` cover the languages and title forms).
@Suite struct WidgetDisplayTests {
    static let utc = ZoneFiles.calendar("UTC")

    static func state(_ days: [String: [String]], at text: String) -> TodayState {
        var progress: [String: BaniProgress] = [:]
        for (id, read) in days { progress[id] = BaniProgress(completedDays: Set(read.map { CivilDate($0)! })) }
        return TodayState(
            snapshot: EmbeddedRegistry.snapshot, progress: progress, at: Fixture.instant(text), calendar: utc)
    }

    static func display(_ state: TodayState, titles: TitleForm? = nil, listen: Bool = false) -> WidgetDisplay {
        WidgetDisplay(state: state, titles: titles, listen: listen, localizer: .english)
    }

    @Test func theLabelAndLinesAreStatusWords() {
        let state = Self.state(["japji": ["2026-11-29"]], at: "2026-11-29T17:30:00Z")
        let wording = StatusWording(state: state, titles: nil, localizer: .english)
        let d = Self.display(state)
        #expect(d.label == wording.label)
        #expect(d.lines == wording.detailLines())
        #expect(d.lines.first == "Evening · Nitnem day 2026-11-29")
    }

    @Test func eachBaniMarksOrUnmarksOnTheDayAndTheNextIsNamed() throws {
        let d = Self.display(Self.state(["japji": ["2026-11-29"]], at: "2026-11-29T17:30:00Z"))
        let japji = try #require(d.items.first { $0.id == "japji" })
        #expect(japji.label == "✓ Japji Sahib")
        #expect(japji.argv == ["nitnem", "mark", "japji", "--day", "2026-11-29", "--undo"])
        let next = try #require(d.items.first { $0.next })
        #expect(next.label.hasSuffix(" · next"))
        #expect(next.label.hasPrefix("○ "))
        #expect(next.argv == ["nitnem", "mark", next.id, "--day", "2026-11-29"])
        #expect(d.items.filter(\.next).count == 1)
    }

    @Test func actionsAreReadNowMarkReadAndListenOnlyWhenSet() {
        let state = Self.state([:], at: "2026-11-29T10:00:00Z")
        let url = state.next!.bani.url
        let without = Self.display(state)
        #expect(without.actions.map(\.kind) == [.read, .mark])
        #expect(without.actions[0].argv == ["nitnem", "open", url])
        #expect(without.actions[1].label == "Mark read")
        let with = Self.display(state, listen: true)
        #expect(with.actions.map(\.kind) == [.read, .mark, .listen])
        #expect(with.actions[2].argv == ["nitnem", "listen", url])
    }

    @Test func aCompleteDayOpensTheHomeAndHasNothingToMark() {
        var days: [String: [String]] = [:]
        for set in DailySet.allCases {
            for id in EmbeddedRegistry.snapshot.ids(in: set) { days[id] = ["2026-11-29"] }
        }
        let d = Self.display(Self.state(days, at: "2026-11-29T17:30:00Z"))
        #expect(d.label.hasPrefix("Nitnem complete · "))
        #expect(d.actions.map(\.kind) == [.read])
        #expect(d.actions[0].argv == ["nitnem", "open", "sggs://nitnem"])
        #expect(d.items.allSatisfy { $0.read && $0.argv.last == "--undo" })
    }

    @Test func gurmukhiTitlesInTheLabelAndTheList() {
        let d = Self.display(Self.state([:], at: "2026-11-29T10:00:00Z"), titles: .gurmukhi)
        #expect(d.label.hasPrefix("ਜਪੁ ਜੀ ਸਾਹਿਬ"), "\(d.label)")
        #expect(d.items[0].label.hasPrefix("○ ਜਪੁ ਜੀ ਸਾਹਿਬ"), "\(d.items[0].label)")
    }

    @Test func warningsEndTheLinesAndAnErrorIsALine() {
        let d = WidgetDisplay(
            state: Self.state([:], at: "2026-11-29T10:00:00Z"), titles: nil, listen: false,
            warnings: ["a\nb"], localizer: .english)
        #expect(d.lines.last == "⚠ a b")
        let e = WidgetDisplay(error: "/g/nitnem-progress.json: not JSON")
        #expect(e.label == "Nitnem ⚠")
        #expect(e.lines == ["/g/nitnem-progress.json: not JSON"])
        #expect(e.items.isEmpty && e.actions.isEmpty)
        #expect(e.json.compact.contains(#""items":[]"#))
    }
}
