// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// What `nitnem mark` changes (`MarkPlan`), the day's checklist (`DayChecklist`) and the names a bani
/// goes by (`NitnemSnapshot.resolve`).
@Suite struct MarkPlanTests {
    static let utc = ZoneFiles.calendar("UTC")
    static let day = CivilDate("2026-11-29")!
    static let registry = EmbeddedRegistry.snapshot

    /// The registry with a second Rehras (taksal), preferred, as the reader app writes it.
    static let withVariant = Fixture.registryWithTaksalRehras

    /// `ids` read on the 29th; `times` gives some of them a read time (`HH:MM` UTC that day).
    static func read(_ ids: [String], times: [String: String] = [:]) -> [String: BaniProgress] {
        Dictionary(
            uniqueKeysWithValues: ids.map { id in
                (
                    id,
                    BaniProgress(
                        lastReadAt: times[id].map { Fixture.instant("2026-11-29T\($0):00Z") },
                        completedDays: [day])
                )
            })
    }

    /// The plan at `time` on the 29th (UTC), `progress` read that day.
    static func plan(
        _ names: [String] = [], next: Bool = false, band: Bool = false, undo: Bool = false, read: [String] = [],
        times: [String: String] = [:], at time: String = "17:30", snapshot: NitnemSnapshot = registry,
        on: CivilDate = day
    ) throws(MarkPlan.Problem) -> MarkPlan {
        let progress = Self.read(read, times: times)
        let now = TodayState(
            snapshot: snapshot, progress: progress, at: Fixture.instant("2026-11-29T\(time):00Z"), calendar: utc)
        let state = TodayState(
            snapshot: snapshot, progress: progress, day: utc.nitnemDay(on), band: now.band, calendar: utc)
        return try MarkPlan(
            names: names, next: next, band: band, undo: undo, snapshot: snapshot, progress: progress, state: state,
            dayInterval: utc.dayInterval(on))
    }

    @Test(arguments: [
        ("japji", "japji"), ("JAPJI", "japji"), ("Japji Sahib", "japji"), ("ਜਪੁ ਜੀ ਸਾਹਿਬ", "japji"),
        ("  ਜਾਪੁ ਸਾਹਿਬ ", "jaap"), ("rehras", "rehras/taksal"), ("ਰਹਰਾਸਿ ਸਾਹਿਬ", "rehras/taksal"),
        ("rehras/taksal", "rehras/taksal"), ("Rehras", "rehras/taksal"),
    ])
    func resolvesIdKeyEnglishAndGurmukhiTitles(_ name: String, _ id: String) {
        #expect(Self.withVariant.resolve(name)?.id == id)
    }

    @Test func aGurmukhiTitleMatchesWhateverItsUnicodeForm() {
        // ੌ written as its canonical decomposition would be is the same text; a Gurmukhi title that
        // only differs in composition resolves. "ਚੌਪਈ ਸਾਹਿਬ" with the vowel sign as given:
        let composed = "ਚੌਪਈ ਸਾਹਿਬ"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Self.registry.resolve(decomposed)?.id == "chaupai")
        #expect(Self.registry.resolve(decomposed.replacingOccurrences(of: " ", with: ""))?.id == "chaupai")
        #expect(Self.registry.resolve("ਜਪੁ")?.id == nil, "a part of a title is not a title")
        #expect(Self.registry.resolve("")?.id == nil)
        #expect(Self.registry.resolve("   ")?.id == nil)
    }

    @Test func withoutAPreferenceAGurmukhiTitleGivesTheDefaultVariant() {
        var s = Self.withVariant
        s.preferences = NitnemSnapshot.Preferences()
        #expect(s.resolve("ਰਹਰਾਸਿ ਸਾਹਿਬ")?.id == "rehras")
    }

    @Test func severalNamesEachOnceInTheOrderGiven() throws {
        let p = try Self.plan(["jaap", "japji", "Jaap Sahib", "ਜਾਪੁ ਸਾਹਿਬ"])
        #expect(p.banis.map(\.id) == ["jaap", "japji"])
        #expect(p.notes.isEmpty)
    }

    @Test func unknownNamesAreAllNamedAndStopThePlan() throws {
        let japji = try #require(Self.registry.bani(id: "japji"))
        let jaap = try #require(Self.registry.bani(id: "jaap"))
        #expect(
            throws: MarkPlan.Problem.names(
                FirstFew([
                    .unknown("japjii", closest: [japji]), .unknown("ਜਪੁ", closest: [japji, jaap]),
                    .unknown("xyz", closest: []),
                ]))
        ) {
            try Self.plan(["japji", "japjii", "ਜਪੁ", "xyz"])
        }
        #expect(throws: MarkPlan.Problem.unavailable) {
            try Self.plan(["japji"], snapshot: NitnemSnapshot(banisAvailable: false, banis: [], sets: [:]))
        }
    }

    @Test func manyUnknownNamesAreTheFirstFewAndACount() throws {
        let names = (0..<20_000).map { "bad\($0)" } + ["japji"]
        do {
            _ = try Self.plan(names)
            Issue.record("20,000 unknown names made a plan")
        } catch {
            guard case .names(let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(problems.items.map(\.name) == (0..<Printable.listLimit).map { "bad\($0)" })
            #expect(problems.more == 20_000 - Printable.listLimit)
        }
    }

    @Test func nextIsWhatStatusShowsNext() throws {
        // Evening: Rehras first; once read, Kirtan Sohila, then the morning set.
        #expect(try Self.plan(next: true).banis.map(\.id) == ["rehras"])
        #expect(try Self.plan(next: true, read: ["rehras"]).banis.map(\.id) == ["kirtan_sohila"])
        #expect(try Self.plan(next: true, read: ["rehras", "kirtan_sohila"]).banis.map(\.id) == ["japji"])
        // Morning: the morning set in order.
        #expect(try Self.plan(next: true, read: ["japji"], at: "10:00").banis.map(\.id) == ["jaap"])
        // The preferred variant, as status shows it.
        #expect(try Self.plan(next: true, snapshot: Self.withVariant).banis.map(\.id) == ["rehras/taksal"])
        let state = TodayState(
            snapshot: Self.registry, progress: Self.read(["rehras"]),
            at: Fixture.instant("2026-11-29T17:30:00Z"), calendar: Self.utc)
        #expect(try Self.plan(next: true, read: ["rehras"]).banis.map(\.id) == [state.next?.bani.id])
    }

    @Test func nextWhenTheDayIsCompleteIsANote() throws {
        let all = Self.registry.dailyIDs
        let p = try Self.plan(next: true, read: all)
        #expect(p.banis.isEmpty)
        #expect(p.notes == ["nothing to mark next: every daily bani is read on 2026-11-29"])
    }

    @Test func nextUndoTakesBackTheLatestReadTime() throws {
        // The latest read time that day, wherever it is in the order.
        let p = try Self.plan(
            next: true, undo: true, read: ["japji", "rehras", "anand"],
            times: ["japji": "06:00", "rehras": "12:00", "anand": "13:00"])
        #expect(p.banis.map(\.id) == ["anand"])
        // A read time outside the Nitnem day (03:00 UTC to 03:00 UTC) does not count: then the later in
        // the order (the evening's order: rehras, kirtan_sohila, then the morning set).
        let outside = try Self.plan(
            next: true, undo: true, read: ["rehras", "japji"], times: ["japji": "02:00"])
        #expect(outside.banis.map(\.id) == ["japji"])
        #expect(
            try Self.plan(next: true, undo: true, read: ["rehras", "kirtan_sohila"]).banis.map(\.id) == [
                "kirtan_sohila"
            ])
        // Nothing read: nothing to undo.
        let none = try Self.plan(next: true, undo: true)
        #expect(none.banis.isEmpty)
        #expect(none.notes == ["nothing to undo next: no daily bani is read on 2026-11-29"])
    }

    /// Whatever was read before, at earlier times: `--next` then `--next --undo` takes back that mark.
    @Test func nextThenNextUndoIsARoundTrip() throws {
        let daily = Self.registry.dailyIDs
        for time in ["04:00", "10:00", "17:30", "22:00"] {
            for mask in 0..<(1 << daily.count) {
                let before = daily.indices.filter { mask & (1 << $0) != 0 }.map { daily[$0] }
                let times = Dictionary(uniqueKeysWithValues: before.map { ($0, "03:30") })
                guard let marked = try Self.plan(next: true, read: before, times: times, at: time).banis.first else {
                    #expect(before.count == daily.count, "nothing next at \(time) with \(before) read")
                    continue
                }
                var after = times
                after[marked.id] = time
                let undone = try Self.plan(next: true, undo: true, read: before + [marked.id], times: after, at: time)
                #expect(undone.banis.map(\.id) == [marked.id], "\(time), \(before) read")
            }
        }
    }

    @Test func bandMarksTheUnreadOfTheBandsSet() throws {
        #expect(
            try Self.plan(band: true, read: ["jaap", "anand"], at: "10:00").banis.map(\.id) == [
                "japji", "savaiye", "chaupai",
            ])
        #expect(try Self.plan(band: true, at: "04:00").banis.count == 5, "Amrit Vela reads the morning set")
        #expect(try Self.plan(band: true, at: "17:30", snapshot: Self.withVariant).banis.map(\.id) == ["rehras/taksal"])
        let done = try Self.plan(band: true, read: ["kirtan_sohila"], at: "22:00")
        #expect(done.banis.isEmpty)
        #expect(done.notes == ["nothing to mark in Night: every bani of its set is read on 2026-11-29"])
    }

    @Test func bandUndoUnmarksTheReadOfTheBandsSet() throws {
        #expect(
            try Self.plan(band: true, undo: true, read: ["jaap", "anand", "rehras"], at: "10:00").banis.map(\.id)
                == ["jaap", "anand"])
        let none = try Self.plan(band: true, undo: true, read: ["japji"], at: "17:30")
        #expect(none.banis.isEmpty)
        #expect(none.notes == ["nothing to undo in Evening: no bani of its set is read on 2026-11-29"])
    }

    @Test func namesNextAndBandTogetherEachOnce() throws {
        let p = try Self.plan(["sukhmani", "japji"], next: true, band: true, read: ["japji"], at: "10:00")
        #expect(p.banis.map(\.id) == ["sukhmani", "japji", "jaap", "savaiye", "chaupai", "anand"])
    }

    @Test func anotherDayCountsThatDaysReads() throws {
        // Read on the 29th, not on the 28th: on the 28th Rehras is still next.
        let other = CivilDate("2026-11-28")!
        #expect(try Self.plan(next: true, read: ["rehras"], on: other).banis.map(\.id) == ["rehras"])
        #expect(try Self.plan(band: true, undo: true, read: ["rehras"], on: other).banis.isEmpty)
    }

    @Test func checklistListsTheDailyBanisInDayOrder() throws {
        let progress = Self.read(["japji", "rehras/taksal"])
        let state = TodayState(
            snapshot: Self.withVariant, progress: progress, at: Fixture.instant("2026-11-29T17:30:00Z"),
            calendar: Self.utc)
        let c = DayChecklist(
            snapshot: Self.withVariant, progress: progress, day: Self.day, current: state.band, order: state.order)
        #expect(
            c.items.map(\.bani.id) == [
                "japji", "jaap", "savaiye", "chaupai", "anand", "rehras/taksal", "kirtan_sohila",
            ])
        #expect(c.items.filter(\.read).map(\.bani.id) == ["japji", "rehras/taksal"])
        #expect(c.items.filter(\.next).map(\.bani.id) == ["kirtan_sohila"])
        #expect(c.items.map(\.set) == [.morning, .morning, .morning, .morning, .morning, .evening, .night])
        #expect(c.done == state.done)
        #expect(c.band == .evening)
        let json = c.json()
        #expect(json["today"]?["done"] == .int(2))
        guard case .array(let banis)? = json["banis"] else {
            Issue.record("no banis array")
            return
        }
        #expect(banis[6]["next"] == .bool(true))
        #expect(banis[5]["url"] == .string("sggs://bani/rehras?variant=taksal"))
    }
}
