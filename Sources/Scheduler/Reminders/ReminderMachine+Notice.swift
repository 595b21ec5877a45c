// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The words of a reminder: what `Notice` a band or a bani shows.
extension ReminderMachine {
    /// The reminder for `band` of `day`: `Evening · Rehras Sahib`, `1 of 7 today · resume at line
    /// 120 of 444`; nil when the band's set has no bani.
    static func notice(
        day: CivilDate, band: Band, state: TodayState, files: GroupFiles, config: AgentConfig, late: Bool
    ) -> Notice? {
        let next = state.bandComplete ? nil : state.next
        guard let bani = next?.bani ?? files.snapshot.ids(in: band.dailySet).first.flatMap(files.snapshot.bani(id:))
        else { return nil }
        return Notice(
            dayKey: day, subject: .band(band), band: band, bani: bani, late: late, done: state.done,
            total: state.total, resume: next?.resume, titles: config.titles, offering: config)
    }

    /// The per-bani reminder of `slot`: `Sukhmani Sahib · 10:00` (`Sukhmani Sahib · day 12 of 40` for a
    /// practice's), `your daily reminder · 2 of 7 today` and, with a saved position, `resume at line 120
    /// of 444`.
    static func baniNotice(
        _ slot: ReminderRules.BaniSlot, day: CivilDate, band: Band, state: TodayState, files: GroupFiles,
        config: AgentConfig, late: Bool
    ) -> Notice {
        let bani = slot.bani
        var resume: TodayState.Resume?
        if let progress = files.progress.banis[bani.id], let seq = progress.lastSeq, bani.nLines > 0,
            seq < bani.nLines
        {
            resume = TodayState.Resume(seq: seq, nLines: bani.nLines)
        }
        return Notice(
            dayKey: day, subject: .bani(bani.id), band: band, bani: bani, late: late, done: state.done,
            total: state.total, resume: resume, titles: config.titles, time: slot.time, practice: slot.practice,
            offering: config)
    }
}
