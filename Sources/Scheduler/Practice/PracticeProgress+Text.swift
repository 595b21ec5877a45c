// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

extension PracticeProgress {
    /// The state's word in JSON: `upcoming`, `going`, `missed` (a day missed, still running), `ended`
    /// (its last day past, days missed), `completed`, `stopped`.
    package var stateWord: String {
        switch state {
        case .upcoming: "upcoming"
        case .going: "going"
        case .missed: isRunning ? "missed" : "ended"
        case .completed: "completed"
        case .stopped: "stopped"
        }
    }

    /// What a bar or a menu shows of a running practice: `Sukhmani Sahib · day 12 of 40`; nil when it
    /// does not run today (to come, stopped, over).
    package func short(title: String, localizer l: Localizer) -> String? {
        guard isRunning, state != .upcoming else { return nil }
        return l(.practiceDay, ["title": title, "day": "\(day)", "days": "\(practice.days)"])
    }

    /// What status, the tooltips and the widgets' menus say of a practice on the day:
    /// `Sukhmani Sahib · day 12 of 40 · today: still to read`, the days missed after it; a complete one
    /// says so.
    package func brief(title: String, localizer l: Localizer) -> String {
        guard let short = short(title: title, localizer: l) else { return line(title: title, localizer: l) }
        let missedText = firstMissed.map { l(.practiceMissed, count: missedCount, ["first": "\($0)"]) }
        return ([short, l(readToday ? .practiceReadToday : .practiceToRead)] + [missedText].compactMap { $0 })
            .joined(separator: " · ")
    }

    /// The whole line `nitnem practice` prints: `Sukhmani Sahib · day 12 of 40 · today: still to read`,
    /// with the days missed and how to begin again when there are any.
    package func line(title: String, localizer l: Localizer) -> String {
        let p = practice
        let restart = l(.practiceRestartHint, ["command": "nitnem practice restart " + MyNitnem.Part.shellWord(p.bani)])
        let missedText = firstMissed.map { l(.practiceMissed, count: missedCount, ["first": "\($0)"]) }
        switch state {
        case .upcoming:
            return l(.practiceUpcoming, ["title": title, "days": "\(p.days)", "from": "\(p.from)"])
        case .completed:
            return l(
                .practiceCompleted, ["title": title, "days": "\(p.days)", "from": "\(p.from)", "last": "\(lastDay)"])
        case .stopped(let day):
            return l(.practiceStopped, ["title": title, "stopped": "\(day)", "read": "\(read)", "days": "\(p.days)"])
        case .going, .missed:
            guard isRunning else {
                let ended = l(
                    .practiceEnded, ["title": title, "last": "\(lastDay)", "read": "\(read)", "days": "\(p.days)"])
                return ([ended] + [missedText, restart].compactMap { $0 }).joined(separator: " · ")
            }
            let today = l(readToday ? .practiceReadToday : .practiceToRead)
            let parts = [short(title: title, localizer: l), today, missedText, missedText == nil ? nil : restart]
            return parts.compactMap { $0 }.joined(separator: " · ")
        }
    }

    /// The practice in `--format json`: its file members, where it stands, and `text` (the line) and
    /// `short` (what a bar shows, null when it does not run) in the user's language.
    package func json(title: String, localizer l: Localizer) -> JSONValue {
        .object(members(title: title, localizer: l))
    }

    /// The members of `json(title:localizer:)`, for an object that adds its own.
    package func members(title: String, localizer l: Localizer) -> [(key: String, value: JSONValue)] {
        let p = practice
        var stoppedOn: CivilDate?
        if case .stopped(let day) = state { stoppedOn = day }
        return [
            ("bani", .string(p.bani)), ("title", .string(title)), ("from", .string("\(p.from)")),
            ("days", .int(p.days)), ("lastDay", .string("\(lastDay)")), ("state", .string(stateWord)),
            ("running", .bool(isRunning)), ("day", .int(day)), ("read", .int(read)),
            ("missed", .array(missed.map { .string("\($0)") })), ("readToday", .bool(readToday)),
            ("needsToday", .bool(needsToday)), ("stopped", stoppedOn.map { .string("\($0)") } ?? .null),
            ("text", .string(line(title: title, localizer: l))),
            ("short", short(title: title, localizer: l).map { .string($0) } ?? .null),
        ]
    }
}
