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
    /// The month of the day, for the display's calendar (nil: none shown).
    package let journey: Journey?

    /// A view of `state`; `pausedUntil` (and how text shows it) while reminders are paused.
    package init(
        state: TodayState, source: GroupFiles.Source, warnings: [String], pausedUntil: String? = nil,
        pausedUntilShown: String? = nil, listen: Bool = false, titles: TitleForm? = nil, journey: Journey? = nil,
        localizer: Localizer = .english
    ) {
        self.journey = journey
        self.listen = listen
        self.state = state
        self.source = source
        self.warnings = warnings
        self.pausedUntil = pausedUntil
        self.pausedUntilShown = pausedUntilShown ?? pausedUntil
        self.titles = titles
        self.localizer = localizer
    }

    /// The sentences of every format (`StatusWording`).
    package var wording: StatusWording {
        StatusWording(state: state, titles: titles, pausedUntilShown: pausedUntilShown, localizer: localizer)
    }

    /// What a widget shows (`WidgetDisplay`): the `display` of the JSON.
    package var display: WidgetDisplay {
        WidgetDisplay(
            state: state, titles: titles, listen: listen, pausedUntilShown: pausedUntilShown, warnings: warnings,
            journey: journey, localizer: localizer)
    }

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
    /// "banisAvailable","paused","listen","practices","display"}`; `paused` is `{"until"}` while
    /// reminders are paused, else null; `listen` whether config `listen` is set; `practices` those on
    /// the day (`nitnem practice --format json`'s objects); `display` what a widget shows.
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
            (
                "practices",
                .array(
                    state.practices.map {
                        $0.progress.json(
                            title: titles.or(.english).title($0.bani, Printable.folded), localizer: localizer)
                    })
            ),
            ("display", display.json),
        ])
    }

    /// A short label for a bar: `Rehras Sahib · 5/7`, `Nitnem complete · 7/7` (titles folded).
    package var label: String { wording.label }

    /// The tooltip lines: band and day, the next bani and its resume point, progress, the pause
    /// (titles folded: a line of the tooltip stays one line).
    package var detailLines: [String] { wording.detailLines(Printable.folded) }

    /// Two lines for a person, control characters in titles escaped (`\n`, `\u{1B}`): a title
    /// cannot add a line or drive the terminal.
    package var text: String { wording.text(Printable.escaped) }

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
            (
                "tooltip",
                .string(
                    Markup.escape((detailLines + warnings.map { "⚠ " + Printable.folded($0) }).joined(separator: "\n")))
            ),
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
