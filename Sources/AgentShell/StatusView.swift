// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Notify
import Scheduler
import Snapshot

/// How `nitnem status` shows today's state: for a person, as JSON, or for a status bar.
package enum StatusFormat: String, CaseIterable, Sendable {
    case text, json, waybar, i3blocks, polybar

    /// Whether a status bar reads this format (and so needs a line on stdout even for an error).
    package var isBar: Bool { self == .waybar || self == .i3blocks || self == .polybar }
}

/// Renders a `TodayState` in each `StatusFormat`.
package struct StatusView: Sendable {
    /// The state to show.
    package let state: TodayState
    /// Where the registry came from.
    package let source: GroupFiles.Source
    /// Problems found while reading the files, one line each.
    package let warnings: [String]
    /// When paused reminders come back (RFC 3339, for JSON), while `nitnem reminders pause` holds them.
    package let pausedUntil: String?
    /// The same instant as people read it (`03:00`, `2026-11-30 03:00`), for the text forms.
    package let pausedUntilShown: String?
    /// Whether config `listen` is set (`nitnem listen` can play; a panel offers Listen).
    package let listen: Bool
    /// Which title the texts show (config `titles`; nil: English in the bars' labels, both in the
    /// text and the tooltip).
    package let titles: TitleForm?
    /// The words of the texts (JSON and classes stay as they are).
    package let localizer: Localizer

    /// A view of `state`; `pausedUntil` (and how text shows it) while reminders are paused.
    package init(
        state: TodayState, source: GroupFiles.Source, warnings: [String], pausedUntil: String? = nil,
        pausedUntilShown: String? = nil, listen: Bool = false, titles: TitleForm? = nil,
        localizer: Localizer = .english
    ) {
        self.listen = listen
        self.state = state
        self.source = source
        self.warnings = warnings
        self.pausedUntil = pausedUntil
        self.pausedUntilShown = pausedUntilShown ?? pausedUntil
        self.titles = titles
        self.localizer = localizer
    }

    /// `Reminders paused until <time>`, while they are.
    var pauseLine: String? { pausedUntilShown.map { localizer(.remindersPausedUntil, ["time": $0]) } }

    /// The band's name in the user's language.
    var bandName: String { localizer.band(state.band) }

    /// `Evening · Nitnem day 2026-11-29`.
    var bandAndDay: String { localizer(.bandAndDay, ["band": bandName, "day": state.dayKey.description]) }

    /// The output in `format`, without a trailing newline.
    package func render(_ format: StatusFormat) -> String {
        switch format {
        case .json: json.compact
        case .text: text
        case .waybar: waybar.compact
        case .i3blocks: i3blocks
        case .polybar: polybar
        }
    }

    /// One object: `{"dayKey","band","next","today","bandComplete","dayComplete","source","warnings",
    /// "banisAvailable","paused","listen"}`; `paused` is `{"until"}` while reminders are paused, else
    /// null; `listen` whether config `listen` is set.
    package var json: JSONValue {
        .object([
            ("dayKey", .string(state.dayKey.description)),
            ("band", state.bandJSON),
            ("next", state.nextJSON),
            ("today", state.todayJSON),
            ("bandComplete", .bool(state.bandComplete)),
            ("dayComplete", .bool(state.dayComplete)),
            ("source", .string(source.rawValue)),
            ("warnings", .array(warnings.map { .string($0) })),
            ("banisAvailable", .bool(state.banisAvailable)),
            ("paused", pausedUntil.map { .object([("until", .string($0))]) } ?? .null),
            ("listen", .bool(listen)),
        ])
    }

    /// Why there is nothing to read: an older database without the registry, or a snapshot whose
    /// daily sets are empty.
    var unavailableReason: String {
        localizer(state.banisAvailable ? .noDailyBanis : .nitnemNotAvailableInDatabase)
    }

    /// Said when the band's set is empty (your own set): there is nothing to read in it, which is
    /// not "done".
    var nothingInBand: String {
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

    /// The tooltip lines: band and day, the next bani with its Gurmukhi title and resume point, progress.
    package var detailLines: [String] {
        var lines = [bandAndDay]
        guard state.total > 0 else { return lines + [unavailableReason] + (pauseLine.map { [$0] } ?? []) }
        if let next = state.next {
            var line = localizer(.detailNext, ["title": titles.or(.both).title(next.bani)])
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
        return lines + (pauseLine.map { [$0] } ?? [])
    }

    /// Two lines for a person, control characters in titles escaped (`\n`, `\u{1B}`): a title
    /// cannot add a line or drive the terminal.
    package var text: String { text(Printable.escaped) }

    /// Two lines, each title (a file's text) passed through `clean` first.
    func text(_ clean: (String) -> String) -> String {
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
        return first + "\n" + second + paused
    }

    /// waybar's custom module, `return-type: json`: `{"text","alt","tooltip","class","percentage"}`,
    /// markup escaped (waybar reads Pango markup in text and tooltip).
    package var waybar: JSONValue {
        var classes = [state.band.rawValue]
        if state.total == 0 {
            classes.append("unavailable")
        } else if state.dayComplete {
            classes.append("complete")
        } else {
            classes.append(state.bandComplete ? "band-complete" : "pending")
        }
        if pausedUntil != nil { classes.append("paused") }
        if !warnings.isEmpty { classes.append("warning") }
        return .object([
            ("text", .string(Markup.escape(label))),
            ("alt", .string(state.band.rawValue)),
            ("tooltip", .string(Markup.escape((detailLines + warnings.map { "⚠ " + $0 }).joined(separator: "\n")))),
            ("class", .array(classes.map { .string($0) })),
            ("percentage", .int(Int((state.fraction * 100).rounded()))),
        ])
    }

    /// i3blocks: `full_text`, `short_text` and `color` lines — exactly three (titles folded).
    package var i3blocks: String {
        let short =
            state.next.map { "\(titles.or(.english).title($0.bani, Printable.folded)) \(state.done)/\(state.total)" }
            ?? "\(state.done)/\(state.total)"
        let color = state.dayComplete ? "#8ec07c" : (state.bandComplete ? "#b8bb26" : "#ebdbb2")
        return [label, short, color].joined(separator: "\n")
    }

    /// polybar's script module: one line (`label`, folded), with polybar's `%{` formatting tags defused.
    package var polybar: String { Printable.replacing("%{", with: "% {", in: label) }
}
