// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Scheduler
import Snapshot

/// The words of `nitnem reminders list` for a `ReminderPlan`: one line per band, then the next
/// reminder. Wall times (`06:00`, with the date outside the plan's Nitnem day); no decision here.
struct ReminderListing {
    let plan: ReminderPlan
    let now: Date
    let calendar: NitnemCalendar
    /// For the titles of the banis reminded about (their ids when nil or unknown).
    let snapshot: NitnemSnapshot?
    /// Which title (config `titles`; nil: English).
    var titles: TitleForm? = nil
    /// The words (gettext's, for the user's language).
    var localizer = Localizer.english

    /// `06:00`, or `2026-11-30 06:00` outside the plan's Nitnem day.
    func wall(_ instant: Date) -> String { WallStamp.format(instant, day: plan.dayKey, in: calendar) }

    /// `  Evening     18:00  will be skipped: the band's banis are read`, one per band; the times padded
    /// so the statuses line up.
    var slotLines: [String] {
        let times = plan.slots.map { $0.at.map(wall) ?? "—" }
        let width = max(times.map(\.count).max() ?? 0, 5)
        return zip(plan.slots, times).map { slot, time in
            let title = localizer.band(slot.band)
            return "  " + title + String(repeating: " ", count: max(12 - Printable.columns(title), 1)) + time
                + String(repeating: " ", count: width - time.count) + "  " + describe(slot)
        }
    }

    /// `  Sukhmani Sahib (Morning)  10:00  scheduled`, one per per-bani reminder (`nitnem sets remind`),
    /// under a heading; none when there are none.
    var baniLines: [String] {
        guard !plan.baniSlots.isEmpty else { return [] }
        let names = plan.baniSlots.map {
            localizer(.baniSlotName, ["title": title($0.bani), "band": localizer.band($0.band)])
        }
        let nameWidth = names.map(Printable.columns).max() ?? 0
        let times = plan.baniSlots.map { wall($0.at) }
        let width = max(times.map(\.count).max() ?? 0, 5)
        return ["", localizer(.baniSlotsHeading)]
            + zip(plan.baniSlots, zip(names, times)).map { slot, named in
                let (name, time) = named
                return "  " + name + String(repeating: " ", count: nameWidth - Printable.columns(name) + 2) + time
                    + String(repeating: " ", count: width - time.count) + "  "
                    + describe(slot.status, band: slot.band)
            }
    }

    /// The title of the bani a ledger entry names (its id when the snapshot does not know it), or `?`;
    /// escaped, as every file's text on a terminal: the ledger and the snapshot are files anyone may
    /// have edited.
    func title(_ bani: String?) -> String {
        bani.map { id in
            snapshot?.bani(id: id).map { titles.or(.english).title($0, Printable.escaped) } ?? Printable.escaped(id)
        } ?? "?"
    }

    func describe(_ slot: ReminderPlan.Slot) -> String { describe(slot.status, band: slot.band) }

    /// What became of a slot of `band` (`status`), in words.
    func describe(_ status: ReminderPlan.Status, band: Band) -> String {
        let l = localizer
        switch status {
        case .off:
            return l(.slotOff, ["band": band.rawValue])
        case .remindersOff:
            return l(.slotRemindersOff)
        case .unavailable:
            return l(.slotUnavailable)
        case .reminded(let bani, let at, let late):
            return l(late ? .slotRemindedLate : .slotReminded, ["title": title(bani), "time": wall(at)])
        case .withdrawn(let bani, let at):
            return l(.slotWithdrawn, ["title": title(bani), "time": wall(at)])
        case .shownAgain(let bani, let at):
            return l(.slotShownAgain, ["title": title(bani), "time": wall(at)])
        case .snoozed(let until, let deferrals, let then):
            let snoozed = l(.slotSnoozed, ["time": wall(until), "count": "\(deferrals)"])
            switch then {
            case .remind?: return until > now ? snoozed : l(.slotDueAgain, ["line": snoozed])
            case .skip(let reason)?: return l(.slotThenSkipped, ["line": snoozed, "reason": l.reason(reason)])
            case nil: return l(.slotNotShownAgain, ["line": snoozed])
            }
        case .skipped(let reason, let at):
            return l(.slotSkipped, ["time": wall(at), "reason": l.reason(reason)])
        case .upcoming(.remind):
            return l(.slotScheduled)
        case .due(.remind):
            return l(.slotDue)
        case .upcoming(.skip(.paused)), .due(.skip(.paused)):
            return l(.slotPaused)
        case .upcoming(.skip(let reason)), .due(.skip(let reason)):
            return l(.slotWillBeSkipped, ["reason": l.reason(reason)])
        case .missed:
            return l(.slotMissed)
        }
    }

    /// `Next: Night at 21:30`, `Next: Evening, due now`, `Next: Evening again at 18:15 (Later)`,
    /// `Next: none`; nil when reminders are off.
    func nextLine(remindersOn: Bool) -> String? {
        guard remindersOn else { return nil }
        guard let next = plan.next else { return localizer(.nextNone) }
        if let bani = next.bani {
            let title = title(bani)
            switch next.kind {
            case .slot: return localizer(.nextBaniSlot, ["title": title, "time": wall(next.at)])
            case .due: return localizer(.nextBaniDue, ["title": title])
            case .again: return localizer(.nextBaniAgain, ["title": title, "time": wall(next.at)])
            }
        }
        let band = localizer.band(next.band)
        switch next.kind {
        case .slot: return localizer(.nextSlot, ["band": band, "time": wall(next.at)])
        case .due: return localizer(.nextDue, ["band": band])
        case .again: return localizer(.nextAgain, ["band": band, "time": wall(next.at)])
        }
    }
}
