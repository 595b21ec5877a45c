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

    /// `06:00`, or `2026-11-30 06:00` outside the plan's Nitnem day.
    func wall(_ instant: Date) -> String { WallStamp.format(instant, day: plan.dayKey, in: calendar) }

    /// `  Evening     18:00  will be skipped: the band's banis are read`, one per band; the times padded
    /// so the statuses line up.
    var slotLines: [String] {
        let times = plan.slots.map { $0.at.map(wall) ?? "—" }
        let width = max(times.map(\.count).max() ?? 0, 5)
        return zip(plan.slots, times).map { slot, time in
            let title = slot.band.title
            return "  " + title + String(repeating: " ", count: max(12 - title.count, 1)) + time
                + String(repeating: " ", count: width - time.count) + "  " + describe(slot)
        }
    }

    /// `  Sukhmani Sahib (Morning)  10:00  scheduled`, one per per-bani reminder (`nitnem sets remind`),
    /// under a heading; none when there are none.
    var baniLines: [String] {
        guard !plan.baniSlots.isEmpty else { return [] }
        let names = plan.baniSlots.map { "\(title($0.bani)) (\($0.band.title))" }
        let nameWidth = names.map(\.count).max() ?? 0
        let times = plan.baniSlots.map { wall($0.at) }
        let width = max(times.map(\.count).max() ?? 0, 5)
        return ["", "Per-bani reminders (nitnem sets remind)"]
            + zip(plan.baniSlots, zip(names, times)).map { slot, named in
                let (name, time) = named
                return "  " + name + String(repeating: " ", count: nameWidth - name.count + 2) + time
                    + String(repeating: " ", count: width - time.count) + "  "
                    + describe(slot.status, band: slot.band)
            }
    }

    /// The title of the bani a ledger entry names (its id when the snapshot does not know it, escaped:
    /// the ledger is a file anyone may have edited), or `?`.
    func title(_ bani: String?) -> String {
        bani.map { snapshot?.bani(id: $0)?.titleEn ?? Printable.escaped($0) } ?? "?"
    }

    /// What became of `slot`, in words.
    func describe(_ slot: ReminderPlan.Slot) -> String { describe(slot.status, band: slot.band) }

    /// What became of a slot of `band` (`status`), in words.
    func describe(_ status: ReminderPlan.Status, band: Band) -> String {
        switch status {
        case .off:
            return "off (reminder.\(band.rawValue) = off)"
        case .remindersOff:
            return "off (reminders = off)"
        case .unavailable:
            return "none: the snapshot has no bani registry"
        case .reminded(let bani, let at, let late):
            return "reminded \(title(bani)) at \(wall(at))\(late ? " (late)" : "")"
        case .withdrawn(let bani, let at):
            return
                "reminded \(title(bani)) at \(wall(at)), taken off the screen when the agent stopped (shown again if it restarts in the band)"
        case .shownAgain(let bani, let at):
            return "reminded \(title(bani)), shown again after a restart at \(wall(at))"
        case .snoozed(let until, let deferrals, let then):
            let snoozed = "snoozed until \(wall(until)) (Later ×\(deferrals))"
            switch then {
            case .remind?: return until > now ? snoozed : snoozed + ", due again now"
            case .skip(let reason)?: return snoozed + ", then skipped: \(reason.explanation)"
            case nil: return snoozed + ", not shown again"
            }
        case .skipped(let reason, let at):
            return "skipped at \(wall(at)): \(reason.explanation)"
        case .upcoming(.remind):
            return "scheduled"
        case .due(.remind):
            return "due now (the agent reminds while the band lasts)"
        case .upcoming(.skip(.paused)), .due(.skip(.paused)):
            return "paused (skipped unless resumed first)"
        case .upcoming(.skip(let reason)), .due(.skip(let reason)):
            return "will be skipped: \(reason.explanation)"
        case .missed:
            return "not reminded, and the band has ended"
        }
    }

    /// `Next: Night at 21:30`, `Next: Evening, due now`, `Next: Evening again at 18:15 (Later)`,
    /// `Next: none`; nil when reminders are off.
    func nextLine(remindersOn: Bool) -> String? {
        guard remindersOn else { return nil }
        guard let next = plan.next else { return "Next: none" }
        if let bani = next.bani {
            switch next.kind {
            case .slot: return "Next: \(title(bani)) at \(wall(next.at))"
            case .due: return "Next: \(title(bani)), due now"
            case .again: return "Next: \(title(bani)) again at \(wall(next.at)) (Later)"
            }
        }
        switch next.kind {
        case .slot: return "Next: \(next.band.title) at \(wall(next.at))"
        case .due: return "Next: \(next.band.title), due now"
        case .again: return "Next: \(next.band.title) again at \(wall(next.at)) (Later)"
        }
    }
}
