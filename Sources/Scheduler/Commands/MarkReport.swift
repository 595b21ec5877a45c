// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What `nitnem mark` says after each write, worded here: `Marked Japji Sahib read on 2026-11-29
/// (1 of 5 today)`, what was already so, and the plan's notes, each with the day's tally.
package struct MarkReport: Sendable {
    /// The Nitnem day marked, and the Nitnem day now.
    package let day: CivilDate
    package let today: CivilDate
    /// The daily banis the tally counts (none: no tally).
    package let daily: [String]
    /// Whether the marks are undone.
    package let undo: Bool

    /// The report of marking (`undo`: unmarking) `day`, counting `daily`.
    package init(day: CivilDate, today: CivilDate, daily: [String], undo: Bool) {
        self.day = day
        self.today = today
        self.daily = daily
        self.undo = undo
    }

    /// ` (2 of 5 today)`, ` (2 of 5 that day)`; empty without daily banis.
    package func tally(_ progress: [String: BaniProgress]) -> String {
        guard !daily.isEmpty else { return "" }
        let done = daily.filter { progress.isRead($0, on: day) }.count
        return " (\(done) of \(daily.count) \(day == today ? "today" : "that day"))"
    }

    /// The line for `bani` once written: `wasMarked` says whether the day was marked before; `progress`
    /// is the file as written.
    package func line(_ bani: NitnemSnapshot.Bani, wasMarked: Bool, progress: [String: BaniProgress]) -> String {
        let title = Printable.escaped(
            bani.isDefault || bani.variant.isEmpty ? bani.titleEn : "\(bani.titleEn) (\(bani.variant))")
        let count = tally(progress)
        switch (undo, wasMarked) {
        case (false, false): return "Marked \(title) read on \(day)\(count)"
        case (false, true):
            let updated = day == today ? "; last read time updated" : ""
            return "\(title) was already marked read on \(day)\(updated)\(count)"
        case (true, true): return "Unmarked \(title) on \(day)\(count)"
        case (true, false): return "\(title) was not marked read on \(day); nothing to undo\(count)"
        }
    }

    /// A note of the plan (`MarkPlan.notes`) as a line: capitalised, with the tally of `progress`.
    package func line(note: String, progress: [String: BaniProgress]) -> String {
        Printable.escaped(note.prefix(1).uppercased() + note.dropFirst()) + tally(progress)
    }
}
