// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The per-bani reminders of `nitnem sets remind` (the `reminders` of `nitnem-mynitnem.json`).
///
/// At most one per bani per Nitnem day, at its wall time (`NitnemCalendar.baniReminder`: a time in
/// a DST gap at the first instant after it, a repeated time once). Skipped when reminders are paused
/// or the bani is already read that day; late after a sleep only while the band its slot falls in
/// lasts. Recorded in the ledger before it is shown, like a band's reminder, with the same buttons:
/// Read now opens that bani, Mark read marks it, Later defers it (never past its band's end).
/// Closed when the bani is read (by any writer) or its band ends. Independent of the daily sets: a
/// bani need not be in any of them to have a reminder.
extension ReminderMachine {
    /// One per-bani reminder of a Nitnem day.
    struct BaniSlot: Hashable, Sendable {
        /// The bani.
        let bani: NitnemSnapshot.Bani
        /// Its wall time.
        let time: WallTime
        /// When it falls on the day.
        let at: Date
    }

    /// The per-bani reminders of `day` for `files` (those of banis the snapshot knows), in time
    /// order.
    static func baniSlots(on day: NitnemDay, files: GroupFiles, calendar: NitnemCalendar) -> [BaniSlot] {
        guard let mine = files.mine, !mine.reminders.isEmpty else { return [] }
        return mine.reminders.compactMap { reminder in
            files.snapshot.bani(id: reminder.id).map {
                BaniSlot(bani: $0, time: reminder.at, at: calendar.baniReminder(on: day, at: reminder.at))
            }
        }.sorted { ($0.at, $0.bani.id) < ($1.at, $1.bani.id) }
    }

    /// Whether bani `id` was read on Nitnem day `day`.
    static func isRead(_ id: String, on day: CivilDate, files: GroupFiles) -> Bool {
        files.progress.isRead(id, on: day)
    }

    /// The first per-bani reminder due now, if any (one at a time, like `bandDue`): its slot has
    /// passed within the current band, and nothing was decided for it yet (or its "Later" is due).
    mutating func baniDue(
        now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        guard config.remindersOn, let files, files.snapshot.banisAvailable, files.mine != nil else { return [] }
        let day = today.day
        let band = day.band(at: now)
        let current = SlotKey(day: day.key, band: band)
        if retry.holds(current, at: now) { return [] }
        for slot in Self.baniSlots(on: day, files: files, calendar: plan.calendar)
        where slot.at <= now && day.band(at: slot.at) == band {
            let id = slot.bani.id
            let earlier = ledger.entry(day.key, .bani(id))
            if let earlier, earlier.outcome == .fired, earlier.withdrawn, onScreen == nil {
                return restoreBani(
                    id, earlier, replacing: nil, now: now, today: today, files: files, config: config, plan: &plan)
            }
            if let earlier, !(earlier.outcome == .snoozed && (earlier.snoozedUntil ?? .distantFuture) <= now) {
                continue
            }
            let paused = pausedUntil.map { now < $0 } ?? false
            let reason: SkipReason? =
                paused ? .paused : Self.isRead(id, on: day.key, files: files) ? .baniRead : nil
            if let reason {
                var entry = ReminderLedger.Entry(
                    dayKey: day.key, band: band, at: now, outcome: .skipped, reason: reason)
                entry.reminderOf = id
                entry.deferrals = earlier?.deferrals ?? 0
                ledger.record(entry)
                return [
                    .reminder(.skipBani(dayKey: day.key, band: band, bani: id, reason: reason)), .saveLedger(ledger),
                    .log(.info, "\(slot.bani.titleEn) reminder for \(day.key) skipped: \(reason)"),
                ]
            }
            let late = earlier == nil && now.timeIntervalSince(slot.at) > Self.lateAfter
            let notice = Self.baniNotice(
                slot.bani, time: slot.time, day: day.key, band: band, state: plan.state(current, files: files),
                files: files, config: config, late: late)
            var entry = ReminderLedger.Entry(
                dayKey: day.key, band: band, at: now, outcome: .pending, bani: id, late: late)
            entry.reminderOf = id
            entry.deferrals = earlier?.deferrals ?? 0
            ledger.record(entry)
            awaitingSave = notice
            return [.saveLedger(ledger)]
        }
        return []
    }

    /// A per-bani reminder a clean stop took off the screen, or a killed agent left on screen
    /// (server id `replacing`), brought back once in its band (as `restore` does a band's): not when
    /// its bani has been read since, or reminders are paused (the one left on screen is closed).
    mutating func restoreBani(
        _ id: String, _ entry: ReminderLedger.Entry, replacing: Int?, now: Date, today: PlannedDays.Day,
        files: GroupFiles, config: AgentConfig, plan: inout DayPlan
    ) -> [Action] {
        var entry = entry
        entry.withdrawn = false
        let paused = pausedUntil.map { now < $0 } ?? false
        let read = Self.isRead(id, on: entry.dayKey, files: files)
        guard !paused, !read,
            let slot = Self.baniSlots(on: today.day, files: files, calendar: plan.calendar).first(where: {
                $0.bani.id == id
            })
        else {
            entry.notificationID = nil
            ledger.record(entry)
            let why = paused ? "paused" : read ? "the bani is read" : "its reminder was removed"
            let close: [Action] = replacing.map { [.closeNotification(id: $0)] } ?? []
            return close + [.saveLedger(ledger), .log(.info, "\(id) reminder not shown again: \(why)")]
        }
        var notice = Self.baniNotice(
            slot.bani, time: slot.time, day: entry.dayKey, band: entry.band,
            state: plan.state(SlotKey(day: entry.dayKey, band: entry.band), files: files), files: files,
            config: config, late: entry.late)
        notice.restored = true
        notice.replacing = replacing
        entry.restored = true
        entry.outcome = .pending
        ledger.record(entry)
        awaitingSave = notice
        return [.saveLedger(ledger)]
    }

    /// The per-bani reminder of `bani`: `Sukhmani Sahib · 10:00`, `your daily reminder · 2 of 7
    /// today` and, with a saved position, `resume at line 120 of 444`.
    static func baniNotice(
        _ bani: NitnemSnapshot.Bani, time: WallTime, day: CivilDate, band: Band, state: TodayState,
        files: GroupFiles, config: AgentConfig, late: Bool
    ) -> Notice {
        var resume: TodayState.Resume?
        if let progress = files.progress.banis[bani.id], let seq = progress.lastSeq, bani.nLines > 0,
            seq < bani.nLines
        {
            resume = TodayState.Resume(seq: seq, nLines: bani.nLines)
        }
        var notice = Notice(
            dayKey: day, band: band, bani: bani, late: late, done: state.done, total: state.total, resume: resume,
            titles: config.titles, url: bani.url)
        notice.forBani = true
        notice.time = time
        notice.offer(config)
        return notice
    }

    /// Keeps a per-bani reminder on screen true: closed once its bani is read.
    mutating func reconcileBani(_ shown: Notice, files: GroupFiles, day: CivilDate) -> [Action] {
        guard Self.isRead(shown.bani.id, on: day, files: files) else { return [] }
        return [.closeReminder] + takenOff(shown) + [.log(.info, "\(shown.what) closed: the bani is read")]
    }

    /// When a per-bani reminder may next be due after `now`: the next slot (today's or tomorrow's),
    /// or the end of a "Later" in the current band.
    func baniWake(
        after now: Date, today: PlannedDays.Day, files: GroupFiles?, config: AgentConfig, calendar: NitnemCalendar
    ) -> Date? {
        guard config.remindersOn, let files, files.mine?.reminders.isEmpty == false else { return nil }
        var wakes: [Date] = []
        let band = today.day.band(at: now)
        for slot in Self.baniSlots(on: today.day, files: files, calendar: calendar) {
            if slot.at > now {
                wakes.append(slot.at)
            } else if let entry = ledger.entry(today.day.key, .bani(slot.bani.id)), entry.outcome == .snoozed,
                entry.band == band, let until = entry.snoozedUntil, until > now
            {
                wakes.append(until)
            }
        }
        if wakes.isEmpty {
            let tomorrow = calendar.nitnemDay(after: today.day)
            wakes += Self.baniSlots(on: tomorrow, files: files, calendar: calendar).map(\.at).filter { $0 > now }
        }
        return wakes.min()
    }
}
