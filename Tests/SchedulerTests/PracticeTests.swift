// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot
import TestSupport
import Testing

/// A practice (one bani daily for N days) counted from `completedDays` alone: days read, missed,
/// stopped, complete; two practices of one bani begun apart; what `start`, `stop` and `restart`
/// decide; the days of zones that skip a date or change their offset.
@Suite struct PracticeTests {
    static func d(_ text: String) -> CivilDate { Fixture.day(text) }
    static let now = RFC3339.parseAbsolute("2026-12-05T04:00:00Z")!

    /// The days `from` + each offset.
    static func days(_ from: String, _ offsets: [Int]) -> Set<CivilDate> {
        Set(offsets.map { d(from).adding(days: $0) })
    }

    @Test func everyDayReadSoFarIsGoingAndTodayIsAskedFor() {
        let p = Practice(bani: "sukhmani", from: Self.d("2026-12-01"), days: 40)
        let progress = PracticeProgress(
            p, completedDays: Self.days("2026-12-01", [0, 1, 2]), today: Self.d("2026-12-04"))
        #expect(progress.state == .going)
        #expect(progress.day == 4)
        #expect(progress.read == 3)
        #expect(progress.missed.isEmpty)
        #expect(progress.needsToday)
        #expect(progress.lastDay == Self.d("2027-01-09"))
        #expect(progress.short(title: "Sukhmani Sahib", localizer: .english) == "Sukhmani Sahib · day 4 of 40")
        #expect(
            progress.line(title: "Sukhmani Sahib", localizer: .english)
                == "Sukhmani Sahib · day 4 of 40 · today: still to read")
    }

    @Test func aDayNotReadIsMissedAndStaysSoWithTheRestartOffered() {
        let p = Practice(bani: "japji", from: Self.d("2026-12-01"), days: 5)
        let progress = PracticeProgress(
            p, completedDays: Self.days("2026-12-01", [0, 1, 3, 4]), today: Self.d("2026-12-05"))
        #expect(progress.state == .missed)
        #expect(progress.missed == [Self.d("2026-12-03")])
        #expect(progress.isRunning)
        #expect(progress.stateWord == "missed")
        #expect(
            progress.line(title: "Japji Sahib", localizer: .english)
                == "Japji Sahib · day 5 of 5 · today: read · 1 day missed (2026-12-03) · to begin again: nitnem practice restart japji"
        )
        // After its last day it has ended, the miss still said.
        let later = PracticeProgress(
            p, completedDays: Self.days("2026-12-01", [0, 1, 3, 4]), today: Self.d("2026-12-09"))
        #expect(!later.isRunning)
        #expect(later.stateWord == "ended")
        #expect(later.day == 5)
        #expect(
            later.line(title: "Japji Sahib", localizer: .english)
                == "Japji Sahib · ended on 2026-12-05 · 4 of 5 days read · 1 day missed (2026-12-03) · to begin again: nitnem practice restart japji"
        )
    }

    @Test func todayUnreadIsNoMissAndEveryDayReadIsComplete() {
        let p = Practice(bani: "chaupai", from: Self.d("2026-12-01"), days: 3)
        let today = PracticeProgress(p, completedDays: Self.days("2026-12-01", [0, 1]), today: Self.d("2026-12-03"))
        #expect(today.state == .going)
        #expect(today.missed.isEmpty)
        let done = PracticeProgress(p, completedDays: Self.days("2026-12-01", [0, 1, 2]), today: Self.d("2026-12-03"))
        #expect(done.state == .completed)
        #expect(!done.isRunning)
        #expect(
            done.line(title: "Chaupai Sahib", localizer: .english)
                == "Chaupai Sahib · 3 days complete, 2026-12-01 to 2026-12-03")
        // Days read outside it do not count.
        let outside = PracticeProgress(
            p, completedDays: Self.days("2026-11-28", [0, 1, 2, 4, 5]), today: Self.d("2026-12-03"))
        #expect(outside.read == 2)
    }

    @Test func aStoppedPracticeCountsTheDaysBeforeItsStop() {
        var p = Practice(bani: "japji", from: Self.d("2026-12-01"), days: 40)
        p.stopped = Self.d("2026-12-04")
        let progress = PracticeProgress(
            p, completedDays: Self.days("2026-12-01", [0, 1, 3, 4]), today: Self.d("2026-12-10"))
        #expect(progress.state == .stopped(Self.d("2026-12-04")))
        #expect(progress.read == 2)
        #expect(progress.missed == [Self.d("2026-12-03")])
        #expect(!progress.isRunning)
        #expect(
            progress.line(title: "Japji Sahib", localizer: .english)
                == "Japji Sahib · stopped on 2026-12-04 · 2 of 40 days read")
    }

    @Test func ofTwoPracticesOfOneBaniBegunApartTheLaterCounts() {
        let a = Practice(bani: "sukhmani", from: Self.d("2026-12-01"), days: 40)
        let b = Practice(bani: "sukhmani", from: Self.d("2026-12-03"), days: 40)
        var read = BaniProgress()
        read.completedDays = Self.days("2026-12-01", [0, 1, 2, 3])
        let all = PracticeProgress.all(
            [a, b], progress: ["sukhmani": read], today: Self.d("2026-12-04"), calendar: Fixture.calendar("UTC"))
        #expect(all[0].state == .stopped(Self.d("2026-12-03")))
        #expect(all[0].read == 2)
        #expect(all[1].state == .going)
        #expect(PracticePlan.running("sukhmani", in: all)?.practice == b)
    }

    /// A date the zone skipped is no day of a practice: Pacific/Apia went from 2011-12-29 to 12-31.
    @Test func aDateTheZoneSkippedIsNeitherReadNorMissed() {
        let apia = Fixture.calendar("Pacific/Apia")
        let p = Practice(bani: "japji", from: Self.d("2011-12-28"), days: 3)
        var read = BaniProgress()
        read.completedDays = [Self.d("2011-12-28"), Self.d("2011-12-29"), Self.d("2011-12-31")]
        let all = PracticeProgress.all([p], progress: ["japji": read], today: Self.d("2011-12-31"), calendar: apia)
        #expect(all[0].state == .completed)
        #expect(all[0].lastDay == Self.d("2011-12-31"))
        #expect(all[0].day == 3)
        // Counted in a zone that has the date (UTC), it is a miss.
        let civil = PracticeProgress.all(
            [p], progress: ["japji": read], today: Self.d("2011-12-31"), calendar: Fixture.calendar("UTC"))
        #expect(civil[0].missed == [Self.d("2011-12-30")])
    }

    /// The day of a practice is the Nitnem day of the instant (03:00 roll), across offset changes.
    @Test(arguments: [
        // Helsinki's spring change (03:00 → 04:00 on 2026-03-29): 02:30 is still the day before.
        ("Europe/Helsinki", "2026-03-29T02:30:00+02:00", "2026-03-28", 2),
        ("Europe/Helsinki", "2026-03-29T04:10:00+03:00", "2026-03-29", 3),
        // Lord Howe's half-hour change, Santiago's and Cairo's, Dublin's, Kolkata, UTC.
        ("Australia/Lord_Howe", "2026-10-04T02:45:00+11:00", "2026-10-03", 2),
        ("America/Santiago", "2026-09-06T02:30:00-03:00", "2026-09-05", 2),
        ("Africa/Cairo", "2026-04-24T03:30:00+03:00", "2026-04-24", 3),
        ("Europe/Dublin", "2026-10-25T02:59:59+00:00", "2026-10-24", 2),
        ("Asia/Kolkata", "2026-12-02T02:30:00+05:30", "2026-12-01", 2),
        ("UTC", "2026-12-02T03:00:00Z", "2026-12-02", 3),
    ])
    func theDayOfAPracticeRollsAt0300(_ zone: String, _ instant: String, _ key: String, _ day: Int) throws {
        let calendar = Fixture.calendar(zone)
        let now = try #require(RFC3339.parseAbsolute(instant))
        let today = calendar.dayKey(at: now)
        #expect(today == Self.d(key))
        let p = Practice(bani: "japji", from: Self.d(key).adding(days: -(day - 1)), days: 40)
        let progress = PracticeProgress.all([p], progress: [:], today: today, calendar: calendar)[0]
        #expect(progress.day == day)
        #expect(progress.missed.count == day - 1)
    }

    @Test func startRefusesARunningPracticeAndStopNeedsOne() throws {
        let running = PracticeProgress(
            Practice(bani: "japji", from: Self.d("2026-12-01"), days: 40), completedDays: [],
            today: Self.d("2026-12-05"))
        #expect(throws: PracticePlan.Refusal.self) {
            try PracticePlan.start(
                "japji", title: "Japji Sahib", days: 40, from: Self.d("2026-12-05"), at: Self.now, progress: [running])
        }
        let other = try PracticePlan.start(
            "sukhmani", title: "Sukhmani Sahib", days: 21, from: Self.d("2026-12-05"), at: Self.now, progress: [running]
        )
        #expect(other == Practice(bani: "sukhmani", from: Self.d("2026-12-05"), days: 21, changedAt: Self.now))
        let stopped = try PracticePlan.stop(
            "japji", title: "Japji Sahib", today: Self.d("2026-12-05"), at: Self.now, progress: [running])
        #expect(stopped.stopped == Self.d("2026-12-05"))
        #expect(throws: PracticePlan.Refusal.self) {
            try PracticePlan.stop(
                "sukhmani", title: "Sukhmani Sahib", today: Self.d("2026-12-05"), at: Self.now, progress: [running])
        }
    }

    @Test func restartStopsTheRunningOneAndBeginsTodayOnce() throws {
        let old = Practice(bani: "japji", from: Self.d("2026-12-01"), days: 40)
        let running = PracticeProgress(old, completedDays: [], today: Self.d("2026-12-05"))
        let changes = try PracticePlan.restart(
            "japji", title: "Japji Sahib", days: nil, today: Self.d("2026-12-05"), at: Self.now, progress: [running])
        #expect(changes.count == 2)
        #expect(changes[0].isVersion(of: old) && changes[0].stopped == Self.d("2026-12-05"))
        #expect(changes[1] == Practice(bani: "japji", from: Self.d("2026-12-05"), days: 40, changedAt: Self.now))
        // Begun today already: nothing to do.
        let fresh = PracticeProgress(changes[1], completedDays: [], today: Self.d("2026-12-05"))
        #expect(
            try PracticePlan.restart(
                "japji", title: "Japji Sahib", days: nil, today: Self.d("2026-12-05"), at: Self.now, progress: [fresh]
            ).isEmpty)
        #expect(throws: PracticePlan.Refusal.self) {
            try PracticePlan.restart(
                "jaap", title: "Jaap Sahib", days: nil, today: Self.d("2026-12-05"), at: Self.now, progress: [])
        }
    }
}
