// SPDX-License-Identifier: GPL-3.0-or-later
/// What a notification server makes of a reminder, by the name it gives (`GetServerInformation`)
/// and its capabilities: how many buttons it draws, and what a click on the notification does.
/// Each case is what that server's source does, and what the desktop tests saw.
package enum ServerPresentation: Hashable, Sendable {
    /// GNOME Shell (`gnome-shell`): at most three buttons, under the banner once it is expanded; a
    /// click on the banner runs the default action.
    case gnome
    /// KDE Plasma (`Plasma`): the buttons under the popup; a click on it runs the default action.
    case plasma
    /// dunst: no buttons on screen; its context menu (middle click, or `dunstctl context`) lists
    /// them; a middle click runs the default action by default, a left click closes.
    case dunst
    /// mako: no buttons (mako #567); a left click runs the default action; `makoctl menu` lists the
    /// rest when a menu program is set.
    case mako
    /// swaync (`SwayNotificationCenter`): the buttons under the notification; a click runs the
    /// default action.
    case swaync
    /// xfce4-notifyd (`Xfce Notify Daemon`): the buttons under the notification, the default
    /// action drawn as one of them (0.9, seen in its window); a click on the notification closes it.
    case xfce
    /// Any other server: its buttons when it lists `actions`.
    case other(name: String)

    /// The server named `name`.
    package init(serverName name: String) {
        switch name {
        case "gnome-shell": self = .gnome
        case "Plasma", "KDE Plasma": self = .plasma
        case "dunst": self = .dunst
        case "mako": self = .mako
        case "SwayNotificationCenter", "swaync": self = .swaync
        case "Xfce Notify Daemon", "xfce4-notifyd": self = .xfce
        default: self = .other(name: name)
        }
    }

    /// What this server shows of a notification with `buttons` and a click that does `click`
    /// (labels), given its `capabilities`: one line for a person.
    package func describe(buttons: [String], click: String, capabilities: Set<String>) -> String {
        let list = buttons.joined(separator: " · ")
        guard capabilities.contains("actions") else {
            return
                "This server (\(name)) offers no buttons and no click: the panel menu, the bar or nitnem mark act on a reminder."
        }
        switch self {
        case .gnome:
            return
                "GNOME Shell shows up to three buttons once the banner is expanded (\(list)); a click on it: \(click)."
        case .plasma, .swaync, .other:
            return "\(name) shows the buttons \(list); a click on the notification: \(click)."
        case .xfce:
            let drawn = ([click] + buttons.filter { $0 != click }).joined(separator: " · ")
            return "xfce4-notifyd shows the buttons \(drawn) (\(click) is the click's own); a click on it closes it."
        case .dunst:
            return
                "dunst shows no buttons: its context menu (dunstctl context) lists \(list); a middle click: \(click)."
        case .mako:
            return "mako shows no buttons: click the notification to \(click.lowercased()); makoctl menu lists \(list)."
        }
    }

    /// Whether the server draws the default action (the click) as one more button, so a button
    /// doing the same would be shown twice: xfce4-notifyd.
    package var drawsDefaultAction: Bool { self == .xfce }

    /// The server's name as people know it.
    package var name: String {
        switch self {
        case .gnome: "GNOME Shell"
        case .plasma: "KDE Plasma"
        case .dunst: "dunst"
        case .mako: "mako"
        case .swaync: "swaync"
        case .xfce: "xfce4-notifyd"
        case .other(let name): name.isEmpty ? "unnamed server" : name
        }
    }
}
