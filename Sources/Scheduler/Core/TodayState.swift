// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What the widget shows at one instant: the Nitnem day and band, the next bani, today's progress.
///
/// Pure: computed from the snapshot, the progress, an instant and a Nitnem calendar.
package struct TodayState: Hashable, Sendable {
    /// The Nitnem day.
    package let dayKey: CivilDate
    /// The band at the instant.
    package let band: Band
    /// The ids of the home in order: the band's set first, then the following daily sets, wrapping.
    package let order: [String]
    /// The first bani of `order` not completed today; `nil` when the day is complete.
    package let next: Next?
    /// Distinct ids of morning ∪ evening ∪ night completed today.
    package let done: Int
    /// Distinct ids of morning ∪ evening ∪ night: the length of `order`.
    package var total: Int { order.count }
    /// Every bani of the band's set is completed today.
    package let bandComplete: Bool
    /// Every bani of the daily sets is completed today.
    package let dayComplete: Bool
    /// The band's set has no bani (your own set emptied it): nothing to read in this band, which is
    /// not the same as complete.
    package let bandSetIsEmpty: Bool
    /// False for a snapshot of a database without the bani registry.
    package let banisAvailable: Bool
    /// The day's daily banis, read or not, as `nitnem mark --list` shows them in this band.
    package let checklist: DayChecklist
    /// The practices shown on the day: those running on it, and one whose last day it is, complete.
    package let practices: [Practicing]

    /// A practice on the day, with its bani.
    package struct Practicing: Hashable, Sendable {
        package let bani: NitnemSnapshot.Bani
        package let progress: PracticeProgress
    }

    /// The next bani and where to resume it.
    package struct Next: Hashable, Sendable {
        /// The bani.
        package let bani: NitnemSnapshot.Bani
        /// Where reading stopped today, if it did.
        package let resume: Resume?
    }

    /// A saved position in today's Nitnem day.
    package struct Resume: Hashable, Sendable {
        /// The last line read (clamped to `0...nLines`).
        package let seq: Int
        /// The line count the position refers to (the progress file's own, when it has one).
        package let nLines: Int

        /// `seq / nLines` (0 when `nLines` is 0).
        package var fraction: Double { nLines == 0 ? 0 : Double(seq) / Double(nLines) }
    }

    /// `done / total`, 0 when there is nothing to read.
    package var fraction: Double { total == 0 ? 0 : Double(done) / Double(total) }

    /// The deep link the widget opens: the next bani, or `sggs://nitnem` when nothing is next.
    package var url: String { next?.bani.url ?? "sggs://nitnem" }

    /// Today's state at `now`.
    package init(
        snapshot: NitnemSnapshot, progress: [String: BaniProgress], at now: Date, calendar: NitnemCalendar
    ) {
        let day = calendar.nitnemDay(containing: now)
        self.init(snapshot: snapshot, progress: progress, day: day, band: day.band(at: now), calendar: calendar)
    }

    /// The state in `band` of `nitnemDay`: what it is at every instant of that band. `calendar` says
    /// which dates are Nitnem days to the practices (a date the zone skipped is none); `practices`,
    /// when given, are the day's `PracticeProgress.all` already worked out (the agent's `DayPlan`);
    /// `idsBySet`, each of `DailySet.allCases`' `NitnemSnapshot.ids(in:)`.
    package init(
        snapshot: NitnemSnapshot, progress: [String: BaniProgress], day nitnemDay: NitnemDay, band: Band,
        calendar: NitnemCalendar? = nil, practices known: [PracticeProgress]? = nil,
        idsBySet knownIDs: [[String]]? = nil
    ) {
        let key = nitnemDay.key
        let day = nitnemDay.interval
        dayKey = key
        self.band = band
        banisAvailable = snapshot.banisAvailable

        func completed(_ id: String) -> Bool { progress.isRead(id, on: key) }

        // The band's set first: `order` starts with its distinct ids.
        // Each daily set's ids worked out once, for the order and the checklist.
        let idsBySet = knownIDs ?? DailySet.allCases.map(snapshot.ids(in:))
        let sets = band.dailySet.rotation.map { idsBySet[DailySet.allCases.firstIndex(of: $0)!] }
        var order: [String] = []
        var bandSetCount = 0
        for (i, set) in sets.enumerated() {
            // A daily set is a handful of ids: a linear search is cheaper than hashing them.
            for id in set where !order.contains(id) { order.append(id) }
            if i == 0 { bandSetCount = order.count }
        }
        self.order = order
        let read = order.map(completed)
        done = read.count(where: { $0 })
        // An empty set is not "complete": there is nothing to read in this band.
        bandSetIsEmpty = bandSetCount == 0
        bandComplete = bandSetCount > 0 && read[..<bandSetCount].allSatisfy { $0 }
        dayComplete = !order.isEmpty && done == order.count
        // The checklist's ids are the order's: each read looked up once.
        checklist = DayChecklist(
            snapshot: snapshot, day: key, current: band, order: order, idsBySet: idsBySet,
            read: { id in order.firstIndex(of: id).map { read[$0] } ?? completed(id) })
        let all =
            snapshot.practices.isEmpty
            ? [] : known ?? PracticeProgress.all(snapshot.practices, progress: progress, today: key, calendar: calendar)
        practices = all.compactMap { item in
            let shown = item.isRunning && item.state != .upcoming || item.state == .completed && item.lastDay == key
            guard shown, let bani = snapshot.bani(id: item.practice.bani) else { return nil }
            return Practicing(bani: bani, progress: item)
        }

        if let i = read.firstIndex(of: false), let bani = snapshot.bani(id: order[i]) {
            next = Next(bani: bani, resume: Self.resume(progress[order[i]], bani: bani, today: day))
        } else {
            next = nil
        }
    }

    static func resume(_ p: BaniProgress?, bani: NitnemSnapshot.Bani, today: DateInterval) -> Resume? {
        guard let p, let seq = p.lastSeq, seq > 0, let readAt = p.lastReadAt, today.contains(readAt),
            readAt < today.end
        else { return nil }
        let nLines = p.nLines ?? bani.nLines
        guard nLines > 0 else { return nil }
        // A position at (or past) the last line is finished, never a place to resume.
        guard seq < nLines else { return nil }
        return Resume(seq: seq, nLines: nLines)
    }
}
