// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// The sentences of `nitnem status` for one `TodayState`, in the user's language and title form:
/// the bar's label, the tooltip's lines and the two lines for a person. The widgets' `display`
/// (`WidgetDisplay`) and every status format say them from here.
package struct StatusWording: Sendable {
    /// The state to word.
    package let state: TodayState
    /// Which title the texts show (config `titles`; nil: English in the label, both in the text and
    /// the tooltip).
    package let titles: TitleForm?
    /// When paused reminders come back, as people read it (`03:00`, `2026-11-30 03:00`).
    package let pausedUntilShown: String?
    /// The words.
    package let localizer: Localizer

    /// The wording of `state`.
    package init(state: TodayState, titles: TitleForm?, pausedUntilShown: String? = nil, localizer: Localizer) {
        self.state = state
        self.titles = titles
        self.pausedUntilShown = pausedUntilShown
        self.localizer = localizer
    }

    /// `Reminders paused until <time>`, while they are.
    package var pauseLine: String? { pausedUntilShown.map { localizer(.remindersPausedUntil, ["time": $0]) } }

    /// The band's name in the user's language.
    package var bandName: String { localizer.band(state.band) }

    /// `Evening · Nitnem day 2026-11-29`.
    package var bandAndDay: String {
        localizer(.bandAndDay, ["band": bandName, "day": state.dayKey.description])
    }

    /// Why there is nothing to read: an older database without the registry, or a snapshot whose
    /// daily sets are empty.
    package var unavailableReason: String {
        localizer(state.banisAvailable ? .noDailyBanis : .nitnemNotAvailableInDatabase)
    }

    /// Said when the band's set is empty (your own set): there is nothing to read in it, which is
    /// not "done".
    package var nothingInBand: String {
        let message: Message =
            switch state.band.dailySet {
            case .morning: .nothingInMorningSet
            case .evening: .nothingInEveningSet
            case .night: .nothingInNightSet
            }
        return localizer(message, ["band": bandName])
    }

    /// A short label for a bar: `Rehras Sahib · 5/7`, `Nitnem complete · 7/7`. One line: control
    /// characters in a title are folded to a space (`Printable.folded`).
    package var label: String {
        guard state.total > 0 else { return localizer(.nitnemNotAvailable) }
        let count = "\(state.done)/\(state.total)"
        guard let next = state.next else {
            return localizer(.nitnemComplete, ["done": "\(state.done)", "total": "\(state.total)"])
        }
        return "\(titles.or(.english).title(next.bani, Printable.folded)) · \(count)"
    }

    /// A line for each practice on the day (`TodayState.practices`): `Sukhmani Sahib · day 12 of 40 ·
    /// today: still to read`, each title passed through `clean` first.
    package func practiceLines(_ clean: (String) -> String) -> [String] {
        state.practices.map {
            $0.progress.brief(title: titles.or(.english).title($0.bani, clean), localizer: localizer)
        }
    }

    /// The tooltip lines: band and day, the next bani with its Gurmukhi title and resume point
    /// (line and percent), progress, the pause; each title passed through `clean` first (folded
    /// unless the caller escapes).
    package func detailLines(_ clean: (String) -> String = Printable.folded) -> [String] {
        var lines = [bandAndDay]
        guard state.total > 0 else { return lines + [unavailableReason] + (pauseLine.map { [$0] } ?? []) }
        if let next = state.next {
            var line = localizer(.detailNext, ["title": titles.or(.both).title(next.bani, clean)])
            if let r = next.resume {
                line = localizer(
                    .detailResume,
                    [
                        "line": line, "seq": "\(r.seq)", "lines": "\(r.nLines)",
                        "percent": "\(Int((r.fraction * 100).rounded()))",
                    ])
            }
            lines.append(line)
        } else {
            lines.append(localizer(.detailComplete))
        }
        var progress = localizer(.detailToday, ["done": "\(state.done)", "total": "\(state.total)"])
        if state.bandComplete, !state.dayComplete {
            progress = localizer(.bandDone, ["line": progress, "band": bandName])
        }
        if state.bandSetIsEmpty { progress += " · " + nothingInBand }
        lines.append(progress)
        return lines + practiceLines(clean) + (pauseLine.map { [$0] } ?? [])
    }

    /// Two lines for a person, then a line for each practice on the day and one while paused, each
    /// title passed through `clean` first.
    package func text(_ clean: (String) -> String) -> String {
        let paused = pauseLine.map { "\n" + $0 } ?? ""
        guard state.total > 0 else {
            return "\(unavailableReason)\n\(bandAndDay)" + paused
        }
        var first: String
        if let next = state.next {
            first = localizer(.textNext, ["band": bandName, "title": titles.or(.both).title(next.bani, clean)])
            if let r = next.resume {
                first = localizer(.textResume, ["line": first, "seq": "\(r.seq)", "lines": "\(r.nLines)"])
            }
        } else {
            first = localizer(.textComplete, ["band": bandName])
        }
        var second = localizer(
            .textToday, ["done": "\(state.done)", "total": "\(state.total)", "day": state.dayKey.description])
        if state.bandComplete, !state.dayComplete { second = localizer(.bandDone, ["line": second, "band": bandName]) }
        if state.bandSetIsEmpty { second += " · " + nothingInBand }
        let practices = practiceLines(clean).map { "\n" + $0 }.joined()
        return first + "\n" + second + practices + paused
    }
}
