// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot

/// What a widget (the GNOME Shell extension, the KDE Plasma widget) shows of one `TodayState`,
/// already worded in the user's language and title form: the label, the detail lines, the day's
/// checklist with the argv that marks or unmarks each bani, and the actions. The `display` of
/// `status --format json` and of every timeline entry; a widget renders it and words nothing.
///
/// - Important: Every argv starts with `nitnem` (a widget runs it as its own nitnem program) and is
///   run as words, never through a shell.
package struct WidgetDisplay: Hashable, Sendable {
    /// One bani of the checklist.
    package struct Item: Hashable, Sendable {
        /// The bani's id.
        package let id: String
        /// `✓ Japji Sahib`, `○ Rehras Sahib · next`.
        package let label: String
        /// Read on the day.
        package let read: Bool
        /// What status shows next.
        package let next: Bool
        /// `nitnem mark <id> --day <day>`, with `--undo` when it is read.
        package let argv: [String]
    }

    /// What an action does.
    package enum ActionKind: String, Hashable, Sendable {
        /// Open the next bani (or the Nitnem home) in the reader: `nitnem open <url>`.
        case read
        /// Record the next bani read: `nitnem mark <id> --day <day>`.
        case mark
        /// Play the next bani (config `listen`): `nitnem listen <url>`.
        case listen
    }

    /// A button or menu action.
    package struct Action: Hashable, Sendable {
        /// What it does.
        package let kind: ActionKind
        /// `Read now`, `Mark read`, `Listen`.
        package let label: String
        /// The command it runs.
        package let argv: [String]
    }

    /// The panel's label: `Rehras Sahib · 2/7`.
    package let label: String
    /// The tooltip's and the menu's lines, the band and day first.
    package let lines: [String]
    /// The day's daily banis.
    package let items: [Item]
    /// Read now, Mark read (while a bani is next), Listen (while one is and config `listen` is set).
    package let actions: [Action]
    /// The month of the day as a calendar, worded (`Journey.display`); nil when not given.
    package let journey: JSONValue?

    /// The display of `state`; `warnings` (one line each) end the lines.
    package init(
        state: TodayState, titles: TitleForm?, listen: Bool, pausedUntilShown: String? = nil,
        warnings: [String] = [], journey: Journey? = nil, localizer: Localizer
    ) {
        self.journey = journey?.display(localizer)
        let wording = StatusWording(
            state: state, titles: titles, pausedUntilShown: pausedUntilShown, localizer: localizer)
        label = wording.label
        lines = wording.detailLines(Printable.folded) + warnings.map { "⚠ " + Printable.folded($0) }
        let day = state.dayKey.description
        let form = titles.or(.english)
        items = state.checklist.items.map { item in
            var label = (item.read ? "✓ " : "○ ") + form.title(item.bani, Printable.folded)
            if item.next { label = localizer(.listNext, ["line": label]) }
            let argv = ["nitnem", "mark", item.bani.id, "--day", day] + (item.read ? ["--undo"] : [])
            return Item(id: item.bani.id, label: label, read: item.read, next: item.next, argv: argv)
        }
        var actions = [Action(kind: .read, label: localizer(.buttonReadNow), argv: ["nitnem", "open", state.url])]
        if let next = state.next {
            actions.append(
                Action(
                    kind: .mark, label: localizer(.buttonMarkRead),
                    argv: ["nitnem", "mark", next.bani.id, "--day", day]))
            if listen {
                actions.append(
                    Action(kind: .listen, label: localizer(.buttonListen), argv: ["nitnem", "listen", next.bani.url]))
            }
        }
        self.actions = actions
    }

    /// What a widget shows when nitnem cannot read the group's files: `Nitnem ⚠` and the error.
    package init(error: String) {
        label = "Nitnem ⚠"
        lines = [Printable.folded(error)]
        items = []
        actions = []
        journey = nil
    }

    /// `{"label","lines":[…],"items":[{"id","label","state","next","argv"}],"actions":[{"id","label","argv"}],
    /// "journey"}`; an item's `state` is `read` or `unread`; `journey` the month (`Journey.display`) or null.
    package var json: JSONValue {
        func words(_ argv: [String]) -> JSONValue { .array(argv.map { .string($0) }) }
        return .object([
            ("label", .string(label)),
            ("lines", .array(lines.map { .string($0) })),
            (
                "items",
                .array(
                    items.map {
                        .object([
                            ("id", .string($0.id)), ("label", .string($0.label)),
                            ("state", .string($0.read ? "read" : "unread")), ("next", .bool($0.next)),
                            ("argv", words($0.argv)),
                        ])
                    })
            ),
            (
                "actions",
                .array(
                    actions.map {
                        .object([
                            ("id", .string($0.kind.rawValue)), ("label", .string($0.label)), ("argv", words($0.argv)),
                        ])
                    })
            ),
            ("journey", journey ?? .null),
        ])
    }
}
