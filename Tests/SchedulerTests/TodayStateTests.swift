// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

@Suite struct TodayStateTests {
    static let utc = ZoneFiles.calendar("UTC")

    static func at(_ text: String) -> Date { Fixture.instant(text) }
    static func day(_ text: String) -> CivilDate { CivilDate(text)! }

    static func state(
        _ progress: [String: BaniProgress], at text: String, snapshot: NitnemSnapshot = EmbeddedRegistry.snapshot
    )
        -> TodayState
    {
        TodayState(snapshot: snapshot, progress: progress, at: at(text), calendar: utc)
    }

    /// Kirtan Sohila read at 22:00 on the 29th.
    static let sohilaRead: [String: BaniProgress] = [
        "kirtan_sohila": BaniProgress(
            lastSeq: 56, lastReadAt: at("2026-11-29T22:00:00Z"), completedDays: [day("2026-11-29")])
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let at: String
        let dayKey: String
        let band: Band
        let next: String?
        let done: Int
        let bandComplete: Bool
        var testDescription: String { at }
    }

    @Test(arguments: [
        // Read at 22:00, still done at 00:30 and 02:59; not done at 03:00 (a new Nitnem day).
        Case(
            at: "2026-11-29T22:00:01Z", dayKey: "2026-11-29", band: .night, next: "japji", done: 1, bandComplete: true),
        Case(
            at: "2026-11-30T00:30:00Z", dayKey: "2026-11-29", band: .night, next: "japji", done: 1, bandComplete: true),
        Case(
            at: "2026-11-30T02:59:59Z", dayKey: "2026-11-29", band: .night, next: "japji", done: 1, bandComplete: true),
        Case(
            at: "2026-11-30T03:00:00Z", dayKey: "2026-11-30", band: .amritVela, next: "japji", done: 0,
            bandComplete: false),
        // Band edges on the 29th: the band's set comes first.
        Case(
            at: "2026-11-29T16:59:59Z", dayKey: "2026-11-29", band: .morning, next: "japji", done: 1,
            bandComplete: false),
        Case(
            at: "2026-11-29T17:00:00Z", dayKey: "2026-11-29", band: .evening, next: "rehras", done: 1,
            bandComplete: false),
        Case(
            at: "2026-11-29T21:00:00Z", dayKey: "2026-11-29", band: .night, next: "japji", done: 1, bandComplete: true),
    ])
    func acrossTheRollAndBandEdges(_ c: Case) {
        let s = Self.state(Self.sohilaRead, at: c.at)
        #expect(s.dayKey.description == c.dayKey)
        #expect(s.band == c.band)
        #expect(s.next?.bani.id == c.next)
        #expect(s.done == c.done)
        #expect(s.total == 7)
        #expect(s.bandComplete == c.bandComplete)
        #expect(!s.dayComplete)
    }

    @Test func emptyProgressStartsWithTheBandsSet() {
        let morning = Self.state([:], at: "2026-11-29T04:00:00Z")
        #expect(morning.order == ["japji", "jaap", "savaiye", "chaupai", "anand", "rehras", "kirtan_sohila"])
        #expect(morning.next?.bani.id == "japji")
        #expect(morning.next?.resume == nil)
        #expect(morning.url == "sggs://bani/japji")
        #expect(morning.done == 0 && morning.fraction == 0)
        let evening = Self.state([:], at: "2026-11-29T18:00:00Z")
        #expect(evening.order == ["rehras", "kirtan_sohila", "japji", "jaap", "savaiye", "chaupai", "anand"])
        let night = Self.state([:], at: "2026-11-29T23:00:00Z")
        #expect(night.order.first == "kirtan_sohila")
    }

    @Test func completeDayHasNoNextAndOpensNitnem() {
        let today = Self.day("2026-11-29")
        let all = Dictionary(
            uniqueKeysWithValues: EmbeddedRegistry.snapshot.dailyIDs.map { ($0, BaniProgress(completedDays: [today])) })
        let s = Self.state(all, at: "2026-11-29T12:00:00Z")
        #expect(s.next == nil)
        #expect(s.url == "sggs://nitnem")
        #expect(s.dayComplete && s.bandComplete)
        #expect(s.done == 7 && s.fraction == 1)
    }

    @Test func resumeOnlyWhenReadInTodaysNitnemDay() {
        let today = Self.state(
            ["japji": BaniProgress(lastSeq: 120, lastReadAt: Self.at("2026-11-29T04:12:00Z"))],
            at: "2026-11-29T05:00:00Z")
        #expect(today.next?.resume == TodayState.Resume(seq: 120, nLines: 385))
        #expect(today.next?.resume?.fraction == 120.0 / 385.0)
        // Read at 02:00 on the 29th belongs to the Nitnem day of the 28th.
        let yesterday = Self.state(
            ["japji": BaniProgress(lastSeq: 120, lastReadAt: Self.at("2026-11-29T02:00:00Z"))],
            at: "2026-11-29T05:00:00Z")
        #expect(yesterday.next?.resume == nil)
    }

    @Test func resumeUsesTheProgressFilesOwnLineCount() {
        let own = Self.state(
            ["japji": BaniProgress(lastSeq: 100, lastReadAt: Self.at("2026-11-29T04:00:00Z"), nLines: 400)],
            at: "2026-11-29T05:00:00Z")
        #expect(own.next?.resume?.nLines == 400)
        #expect(own.next?.resume?.fraction == 0.25)
        let over = Self.state(
            ["japji": BaniProgress(lastSeq: 999, lastReadAt: Self.at("2026-11-29T04:00:00Z"))],
            at: "2026-11-29T05:00:00Z")
        // A position at or past the last line is finished, never a place to resume (issue 11: `mark`
        // then `--undo` used to offer "resume at line 385 of 385").
        #expect(over.next?.bani.id == "japji")
        #expect(over.next?.resume == nil)
        let last = Self.state(
            ["japji": BaniProgress(lastSeq: 385, lastReadAt: Self.at("2026-11-29T04:00:00Z"))],
            at: "2026-11-29T05:00:00Z")
        #expect(last.next?.resume == nil)
        let before = Self.state(
            ["japji": BaniProgress(lastSeq: 384, lastReadAt: Self.at("2026-11-29T04:00:00Z"))],
            at: "2026-11-29T05:00:00Z")
        #expect(before.next?.resume?.seq == 384)
    }

    static var variantSnapshot: NitnemSnapshot {
        var s = EmbeddedRegistry.snapshot
        var taksal = s.bani(id: "rehras")!
        taksal.id = "rehras/taksal"
        taksal.variant = "taksal"
        taksal.isDefault = false
        s.banis.append(taksal)
        return s
    }

    @Test func rehrasVariantPreferenceOrdersAndLinks() {
        var snapshot = Self.variantSnapshot
        snapshot.preferences.rehrasVariant = "taksal"
        let s = Self.state([:], at: "2026-11-29T18:00:00Z", snapshot: snapshot)
        #expect(s.next?.bani.id == "rehras/taksal")
        #expect(s.url == "sggs://bani/rehras?variant=taksal")
        // Progress is keyed by the variant's id: the default's completion does not count.
        let defaultRead = Self.state(
            ["rehras": BaniProgress(completedDays: [Self.day("2026-11-29")])], at: "2026-11-29T18:00:00Z",
            snapshot: snapshot)
        #expect(defaultRead.next?.bani.id == "rehras/taksal")
        #expect(!defaultRead.bandComplete)
        let variantRead = Self.state(
            ["rehras/taksal": BaniProgress(completedDays: [Self.day("2026-11-29")])], at: "2026-11-29T18:00:00Z",
            snapshot: snapshot)
        #expect(variantRead.bandComplete)
        #expect(variantRead.next?.bani.id == "kirtan_sohila")
    }

    @Test func withoutPreferenceTheDefaultVariant() {
        let s = Self.state([:], at: "2026-11-29T18:00:00Z", snapshot: Self.variantSnapshot)
        #expect(s.next?.bani.id == "rehras")
        #expect(s.url == "sggs://bani/rehras")
    }

    @Test func registryUnavailable() {
        var snapshot = EmbeddedRegistry.snapshot
        snapshot.banisAvailable = false
        let s = Self.state([:], at: "2026-11-29T18:00:00Z", snapshot: snapshot)
        #expect(s.next == nil && s.total == 0 && !s.dayComplete)
    }

    @Test func dstDayRollInHelsinki() {
        let cal = ZoneFiles.calendar("Europe/Helsinki")
        let read: [String: BaniProgress] = [
            "kirtan_sohila": BaniProgress(completedDays: [Self.day("2026-03-28")])
        ]
        // 02:59:59 EET on the 29th is still the 28th; 04:00 EEST (03:00 does not exist) is the 29th.
        let before = TodayState(
            snapshot: EmbeddedRegistry.snapshot, progress: read, at: Self.at("2026-03-29T00:59:59Z"), calendar: cal)
        let after = TodayState(
            snapshot: EmbeddedRegistry.snapshot, progress: read, at: Self.at("2026-03-29T01:00:00Z"), calendar: cal)
        #expect(before.bandComplete && before.done == 1)
        #expect(after.band == .amritVela && after.done == 0)
    }
}
