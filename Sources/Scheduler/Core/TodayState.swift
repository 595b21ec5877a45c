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
    /// Distinct ids of morning ∪ evening ∪ night completed today.
    package let done: Int
    /// Every bani of the band's set is completed today (`isComplete`).
    package let bandComplete: Bool
    /// Every bani of the daily sets is completed today.
    package let dayComplete: Bool
    /// The band's set has no bani (your own set emptied it): nothing to read in this band, which is
    /// not the same as complete.
    package let bandSetIsEmpty: Bool
    /// False for a snapshot of a database without the bani registry.
    package let banisAvailable: Bool
    /// The fields that hold references, behind one: a state is copied into each timeline entry,
    /// memory and reminder decision, and copying the box is one retain where they were four or five.
    private let box: Boxed<Lists>

    private struct Lists: Hashable, Sendable {
        /// The ids of the home in order: the band's set first, then the following daily sets, wrapping.
        let order: [String]
        /// The first bani of `order` not completed today; `nil` when the day is complete.
        let next: Next?
        /// The day's daily banis, read or not, as `nitnem mark --list` shows them in this band.
        let checklist: DayChecklist
        /// The practices shown on the day: those running on it, and one whose last day it is, complete.
        let practices: [Practicing]
    }

    /// What `Lists` documents, read through the box.
    package var order: [String] { box.value.order }
    package var next: Next? { box.value.next }
    package var checklist: DayChecklist { box.value.checklist }
    package var practices: [Practicing] { box.value.practices }
    /// Distinct ids of morning ∪ evening ∪ night: the length of `order`.
    package var total: Int { order.count }

    package static func == (a: TodayState, b: TodayState) -> Bool {
        a.dayKey == b.dayKey && a.band == b.band && a.done == b.done && a.bandComplete == b.bandComplete
            && a.dayComplete == b.dayComplete && a.bandSetIsEmpty == b.bandSetIsEmpty
            && a.banisAvailable == b.banisAvailable && (Boxed.same(a.box, b.box))
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(dayKey)
        hasher.combine(band)
        hasher.combine(done)
        hasher.combine(bandComplete)
        hasher.combine(dayComplete)
        hasher.combine(bandSetIsEmpty)
        hasher.combine(banisAvailable)
        box.value.hash(into: &hasher)
    }

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
        calendar: NitnemCalendar, practices known: [PracticeProgress]? = nil,
        idsBySet knownIDs: [[String]]? = nil
    ) {
        let key = nitnemDay.key
        self.init(
            order: BandOrder(snapshot: snapshot, band: band, idsBySet: knownIDs), snapshot: snapshot,
            progress: progress, day: key, interval: { nitnemDay.interval },
            practices: {
                known ?? PracticeProgress.all(snapshot.practices, progress: progress, today: key, calendar: calendar)
            })
    }

    /// The state of Nitnem day `key` in `order`'s band: only the day's reads, its resume and its
    /// practices are worked out here, the rest is `order`'s (the same on every day for these files).
    /// `interval` (the day's, for a resume) is asked only when a record was left mid-bani;
    /// `practices` only when the snapshot has practices.
    /// `records`, when given: the progress of each id of `order`, looked up already (the agent's
    /// `DayPlan`, once per files).
    /// `read`, when given: `reads(of:day:progress:records:)`, worked out already. `like`, when given:
    /// a state of another day made from the same `template` and files whose `read` was the same,
    /// so that its counts and checklist items are this day's too (only the day differs).
    /// `snapshot` borrowed: an initializer's argument is otherwise a copy, each of its fields retained.
    init(
        order template: BandOrder, snapshot: borrowing NitnemSnapshot, progress: [String: BaniProgress],
        day key: CivilDate,
        records: [BaniProgress?]? = nil, read known: [Bool]? = nil, like previous: TodayState? = nil,
        interval: () -> DateInterval, practices: () -> [PracticeProgress]
    ) {
        dayKey = key
        band = template.band
        banisAvailable = template.banisAvailable
        let order = template.order
        let read = known ?? Self.reads(of: template, day: key, progress: progress, records: records)
        let bandSetCount = template.bandSetCount
        bandSetIsEmpty = bandSetCount == 0
        // `read` goes on past the order: the checklist banis not in it.
        let firstUnread = read[..<order.count].firstIndex(of: false)
        // `order ==` is one comparison of buffers when it is the same order.
        let checklist: DayChecklist
        if let previous, previous.band == template.band, previous.order == order {
            done = previous.done
            bandComplete = previous.bandComplete
            dayComplete = previous.dayComplete
            checklist = DayChecklist(day: key, band: template.band, items: previous.checklist.items)
        } else {
            done = read[..<order.count].count(where: { $0 })
            bandComplete = Self.isComplete(read[..<bandSetCount])
            dayComplete = !order.isEmpty && done == order.count
            // The checklist's ids are the order's: each read looked up once.
            checklist = DayChecklist(
                day: key, band: template.band,
                // Through the buffer: `map` copied each item (its bani whole) before the item made copied it again.
                items: template.checklist.withUnsafeBufferPointer { items in
                    items.indices.map { i in
                        DayChecklist.Item(
                            bani: items[i].bani, set: items[i].set,
                            read: items[i].index.map { read[$0] } ?? progress.isRead(items[i].id, on: key),
                            next: firstUnread.map { order[$0] == items[i].id } ?? false)
                    }
                })
        }
        let all = snapshot.practices.isEmpty ? [] : practices()
        let practices = all.compactMap { item -> Practicing? in
            let shown = item.isRunning && item.state != .upcoming || item.state == .completed && item.lastDay == key
            guard shown else { return nil }
            // The same files: a practice's bani is the one the other day's state found.
            let bani =
                previous?.practices.first(where: { $0.progress.practice.bani == item.practice.bani })?.bani
                ?? snapshot.bani(id: item.practice.bani)
            guard let bani else { return nil }
            return Practicing(bani: bani, progress: item)
        }

        let next: Next?
        if let i = firstUnread, let bani = template.banis[i] {
            let record = records.map { $0[i] } ?? progress[order[i]]
            // A position saved days away from this day's date is not in it: the day's interval (from
            // the zone) is not asked for. A Nitnem day, even one a skipped date lengthens, lies
            // within three days of its date's UTC midnight.
            let near = record?.lastReadAt.map { abs($0.timeIntervalSince(Self.utcMidnight(key))) < 5 * 86_400 }
            next = Next(bani: bani, resume: near == true ? Self.resume(record, bani: bani, today: interval) : nil)
        } else {
            next = nil
        }
        box = Boxed(Lists(order: order, next: next, checklist: checklist, practices: practices))
    }

    /// Whether a band's set, each of whose banis was read or not (`reads`), is complete: an empty set
    /// is not, as there is nothing to read in that band.
    static func isComplete(_ reads: some Collection<Bool>) -> Bool { !reads.isEmpty && reads.allSatisfy { $0 } }

    /// Whether each id of `template`'s order was read on `key`, and after them each checklist bani
    /// that is not in the order: all that a state of `template` reads of the day's progress.
    /// `span`, when given: `readSpan(of: template, progress: progress)`, worked out already.
    static func reads(
        of template: BandOrder, day key: CivilDate, progress: [String: BaniProgress], records: [BaniProgress?]?,
        span: Range<CivilDate>? = nil
    ) -> [Bool] {
        // Most days read none: told without a day hashed into each record.
        if let span, !span.contains(key) { return template.noneRead }
        var read: [Bool] = []
        read.reserveCapacity(template.noneRead.count)
        if let records {
            // Through the buffer: `map` copied each record.
            records.withUnsafeBufferPointer { records in
                for i in records.indices { read.append(records[i]?.isRead(on: key) ?? false) }
            }
        } else {
            for id in template.order { read.append(progress.isRead(id, on: key)) }
        }
        for id in template.unordered { read.append(progress.isRead(id, on: key)) }
        return read
    }

    /// The days from the first to the last on which any id `reads(of: template, …)` asks about was
    /// read (empty when none was): on a day outside them none was.
    static func readSpan(of template: BandOrder, progress: [String: BaniProgress]) -> Range<CivilDate> {
        readSpan(of: template.order + template.unordered, progress: progress)
    }

    /// The days from the first to the last on which any of `ids` was read (empty when none was): on
    /// a day outside them none was.
    static func readSpan(of ids: some Sequence<String>, progress: [String: BaniProgress]) -> Range<CivilDate> {
        var first: CivilDate?
        var last: CivilDate?
        for id in ids {
            for day in progress[id]?.completedDays ?? [] {
                if first.map({ day < $0 }) ?? true { first = day }
                if last.map({ day > $0 }) ?? true { last = day }
            }
        }
        guard let first, let last else { return CivilDate.first..<CivilDate.first }
        return first..<last.dayAfter
    }

    /// The start of `key` in UTC.
    static func utcMidnight(_ key: CivilDate) -> Date {
        Date(timeIntervalSince1970: TimeInterval(key.daysSinceEpoch) * 86_400)
    }

    /// Where to resume `bani` today (`today`'s interval, asked only for a record left mid-bani).
    static func resume(_ p: BaniProgress?, bani: NitnemSnapshot.Bani, today interval: () -> DateInterval) -> Resume? {
        guard let p, let seq = p.lastSeq, seq > 0, let readAt = p.lastReadAt else { return nil }
        let today = interval()
        guard today.contains(readAt), readAt < today.end else { return nil }
        let nLines = p.nLines ?? bani.nLines
        guard nLines > 0 else { return nil }
        // A position at (or past) the last line is finished, never a place to resume.
        guard seq < nLines else { return nil }
        return Resume(seq: seq, nLines: nLines)
    }
}
