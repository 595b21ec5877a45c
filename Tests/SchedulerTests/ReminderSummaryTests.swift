// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import Scheduler

/// The log's line for a reminder shown carries the notice itself, and is worded from it only when
/// the line is written (`LogEvent.sentence`): each line must say what its own notice says.
@Suite struct ReminderSummaryTests {
    static func notice(
        _ id: String, _ band: Band, titles: TitleForm? = nil, time: WallTime? = nil,
        practice: PracticeReminder.Count? = nil
    ) -> ReminderNotice {
        let bani = EmbeddedRegistry.snapshot.bani(id: id)!
        return ReminderNotice(
            dayKey: Fixture.day("2026-03-01"), subject: time == nil && practice == nil ? .band(band) : .bani(id),
            band: band, bani: bani, late: false, done: 0, total: 7, resume: nil, titles: titles, time: time,
            practice: practice)
    }

    /// Band reminders day after day, their titles changed midway, and a practice's (another day
    /// each day) and a timed one's among them: every line logged carries the notice shown (the
    /// wording table words its summary). Fails if a line were given another notice.
    @Test func eachLoggedSummaryIsTheNoticesOwn() {
        var machine = ReminderMachine(ledger: ReminderLedger())
        var problems = ProblemLog()
        var notices: [ReminderNotice] = []
        for day in 1...12 {
            let titles: TitleForm? = day > 6 ? .gurmukhi : nil
            notices += [
                Self.notice("japji", .amritVela, titles: titles), Self.notice("rehras", .evening, titles: titles),
                Self.notice("sukhmani", .evening, titles: titles, practice: PracticeReminder.Count(day: day, days: 40)),
                Self.notice("kirtan_sohila", .night, titles: titles),
                Self.notice("sukhmani", .morning, titles: titles, time: WallTime(hour: 10, minute: day)!),
            ]
        }
        // The same bani in another band says another band.
        notices.append(Self.notice("rehras", .night, titles: .gurmukhi))
        var now = Fixture.instant("2026-03-01T06:00:00Z")
        for notice in notices {
            let actions = machine.shown(notice, failure: nil, now: now, problems: &problems)
            let logged = actions.compactMap { action -> LogEvent? in
                if case .log(let event) = action, case .reminderShown = event { return event }
                return nil
            }
            #expect(logged == [.reminderShown(notice, .onTime)], "\(notice.bani.id) \(notice.band)")
            now += 60
        }
        #expect(Set(notices.map(\.summary)).count > 20)
    }
}
