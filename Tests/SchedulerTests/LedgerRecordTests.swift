// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Scheduler

/// `ReminderLedger.record` replaces the newest entry in place, or appends, when nothing else goes;
/// whatever the path, the entries are the rule's: those of the day and subject and those of days
/// more than 30 before removed, then the entry appended.
@Suite struct LedgerRecordTests {
    static let first = Fixture.day("2026-03-01")

    /// The rule, written plainly.
    static func recorded(_ entries: [ReminderLedger.Entry], _ entry: ReminderLedger.Entry) -> [ReminderLedger.Entry] {
        let oldest = entry.dayKey.adding(days: -ReminderLedger.keptDays)
        return entries.filter {
            !($0.dayKey == entry.dayKey && $0.subject == entry.subject) && $0.dayKey >= oldest
        } + [entry]
    }

    /// `entry(_:_:)` finds, for every day and subject of `expected` and a day after them, the newest
    /// of `expected`'s (the rule, written plainly): in day order its walk ends early.
    static func expectLookUps(_ ledger: ReminderLedger, _ expected: [ReminderLedger.Entry]) {
        let subjects: [ReminderSubject] = Band.allCases.map { .band($0) } + [.bani("japji")]
        let days = Set(expected.map(\.dayKey)).union([first.adding(days: 200)])
        for day in days {
            for subject in subjects {
                let found = expected.last { $0.dayKey == day && $0.subject == subject }
                #expect(ledger.entry(day, subject) == found, "\(day) \(subject)")
            }
        }
    }

    static func entry(_ day: Int, _ subject: ReminderSubject, _ outcome: ReminderLedger.Outcome, at minute: Int)
        -> ReminderLedger.Entry
    {
        ReminderLedger.Entry(
            dayKey: first.adding(days: day), band: .evening,
            at: Fixture.instant("2026-03-01T00:00:00Z").addingTimeInterval(Double(minute) * 60), outcome: outcome,
            subject: subject)
    }

    /// Seventy days of a save then a show per band and a per-bani reminder, with a record for the
    /// day before now and then (a "Later" of yesterday's, an entry not last), and one of a day
    /// far back: after each record, the entries are the rule's. Fails if the fast path replaces an
    /// entry that is not the newest, keeps an old day, or appends a second entry for a subject.
    @Test func everyRecordLeavesTheRuleEntries() {
        var ledger = ReminderLedger()
        var expected: [ReminderLedger.Entry] = []
        var minute = 0
        func record(_ entry: ReminderLedger.Entry) {
            ledger.record(entry)
            expected = Self.recorded(expected, entry)
            #expect(ledger.entries == expected, "after \(entry.dayKey) \(entry.subject)")
            Self.expectLookUps(ledger, expected)
            minute += 1
        }
        let subjects: [ReminderSubject] = Band.allCases.map { .band($0) } + [.bani("japji")]
        for day in 0..<70 {
            for subject in subjects {
                record(Self.entry(day, subject, .pending, at: minute))
                record(Self.entry(day, subject, .fired, at: minute))
            }
            if day % 3 == 1 { record(Self.entry(day - 1, .band(.morning), .snoozed, at: minute)) }
            if day % 7 == 2 { record(Self.entry(day, .band(.night), .skipped, at: minute)) }
            if day == 40 { record(Self.entry(day - 35, .band(.evening), .skipped, at: minute)) }
        }
        #expect(ledger.entries.count == expected.count)
    }

    /// `record` knows its entries in day order only while it alone changed them: a ledger read with
    /// days out of order, and one changed from outside after records (an older day appended, an
    /// entry removed), still give the rule's entries. Fails if `record` trusted a day order it no
    /// longer knows (the old day at the end would be kept).
    @Test func entriesChangedOutsideRecordStillGiveTheRuleEntries() {
        let subjects: [ReminderSubject] = [.band(.morning), .band(.evening), .bani("japji")]
        var ledger = ReminderLedger(entries: [
            Self.entry(3, .band(.evening), .fired, at: 0), Self.entry(1, .band(.morning), .fired, at: 1),
        ])
        var expected = ledger.entries
        var minute = 2
        for day in 2..<80 {
            for subject in subjects {
                let entry = Self.entry(day, subject, .pending, at: minute)
                ledger.record(entry)
                expected = Self.recorded(expected, entry)
                #expect(ledger.entries == expected, "day \(day) \(subject)")
                minute += 1
            }
            Self.expectLookUps(ledger, expected)
            if day % 9 == 4 {
                // A day older than the first one kept, at the end.
                let old = Self.entry(day - 20, .band(.night), .skipped, at: minute)
                ledger.entries.append(old)
                expected.append(old)
            }
            if day % 11 == 5 {
                ledger.remove(Self.first.adding(days: day), .bani("japji"))
                expected.removeAll { $0.dayKey == Self.first.adding(days: day) && $0.subject == .bani("japji") }
            }
        }
    }
}
