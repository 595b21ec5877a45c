// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// `ReminderRules`: the one place that decides whether a reminder (a band's or a bani's) is
/// skipped and why, due, late, or shown again.
@Suite struct ReminderRulesTests {
    static let calendar = Fixture.calendar("UTC")
    static let slot = Fixture.instant("2026-11-29T18:00:00Z")
    static let day = calendar.nitnemDay(containing: slot)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let subject: ReminderSubject
        var paused = false
        var emptySet = false
        var bandComplete = false
        var remindWhenDone = false
        /// Bani ids read on the day.
        var read: [String] = []
        let expected: SkipReason?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a band: shown", subject: .band(.evening), expected: nil),
        Case(
            name: "a band while paused", subject: .band(.evening), paused: true, bandComplete: true, expected: .paused),
        Case(name: "a band whose set is empty", subject: .band(.evening), emptySet: true, expected: .emptySet),
        Case(name: "a band read", subject: .band(.evening), bandComplete: true, expected: .bandComplete),
        Case(
            name: "a band read, remind-when-done", subject: .band(.evening), bandComplete: true, remindWhenDone: true,
            expected: nil),
        Case(name: "a bani: shown", subject: .bani("sukhmani"), bandComplete: true, expected: nil),
        Case(name: "a bani read", subject: .bani("sukhmani"), read: ["sukhmani"], expected: .baniRead),
        Case(
            name: "a bani while paused", subject: .bani("sukhmani"), paused: true, read: ["sukhmani"], expected: .paused
        ),
        Case(name: "another bani read", subject: .bani("sukhmani"), read: ["japji"], expected: nil),
    ]

    static func rules(_ c: Case) -> ReminderRules {
        var config = AgentConfig()
        config.remindWhenDone = c.remindWhenDone
        var snapshot = EmbeddedRegistry.snapshot
        if c.emptySet { snapshot.sets["evening"] = [] }
        let progress = Dictionary(uniqueKeysWithValues: c.read.map { ($0, BaniProgress(completedDays: [day.key])) })
        return ReminderRules(
            config: config, pausedUntil: c.paused ? slot + 3600 : nil,
            files: Fixture.files(progress, snapshot: snapshot))
    }

    @Test(arguments: cases)
    func skipReason(_ c: Case) {
        let reason = Self.rules(c).skipReason(c.subject, on: Self.day, at: Self.slot) { c.bandComplete }
        #expect(reason == c.expected)
    }

    /// Without the files nothing is known to be read: only the pause holds a reminder back.
    @Test func withoutFilesOnlyThePauseSkips() {
        let paused = ReminderRules(config: AgentConfig(), pausedUntil: Self.slot + 1, files: nil)
        #expect(paused.decision(.band(.evening), on: Self.day, at: Self.slot) == .skip(.paused))
        #expect(paused.decision(.bani("sukhmani"), on: Self.day, at: Self.slot + 1) == .remind)
    }
}
