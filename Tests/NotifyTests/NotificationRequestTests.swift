// SPDX-License-Identifier: GPL-3.0-or-later
import Notify
import Testing

/// The decisions `LibnotifyNotifier` sends, for servers dunst cannot play (no `actions`,
/// `persistence`).
@Suite struct NotificationRequestTests {
    static let reminder = Notification(
        summary: "Evening · <Rehras>", body: "5 of 7 <today>", actions: NotificationAction.reminder,
        tag: "sggs://bani/rehras")

    @Test(
        arguments: [
            (["actions", "body"], NotificationAction.reminder),
            (["body", "body-markup"], []),
            ([], []),
        ] as [([String], [NotificationAction])])
    func actionsOnlyWhenTheServerListsThem(capabilities: [String], expected: [NotificationAction]) {
        let request = NotificationRequest(Self.reminder, capabilities: Set(capabilities), desktopEntry: "nitnem")
        #expect(request.actions == expected)
    }

    @Test func theReminderOffersReadMarkLaterInOrder() {
        #expect(NotificationAction.reminder.map(\.id) == ["read", "mark", "later"])
        #expect(NotificationAction.reminder.map(\.label) == ["Read now", "Mark read", "Later"])
    }

    @Test(
        arguments: [
            (["actions", "persistence"], true),
            (["actions"], false),
        ] as [([String], Bool)])
    func residentOnlyWithPersistence(capabilities: [String], resident: Bool) {
        let request = NotificationRequest(Self.reminder, capabilities: Set(capabilities), desktopEntry: "nitnem")
        #expect(request.hints["resident"] == (resident ? .boolean(true) : nil))
    }

    @Test func soundNameOnlyWhenAskedAndTheServerPlaysSounds() {
        var notification = Self.reminder
        #expect(
            NotificationRequest(notification, capabilities: ["sound"], desktopEntry: "nitnem").hints["sound-name"]
                == nil)
        notification.soundName = "bell"
        let request = NotificationRequest(notification, capabilities: ["sound"], desktopEntry: "nitnem")
        #expect(request.hints["sound-name"] == .string("bell"))
        // A server that lists no `sound` (dunst, mako) plays none: it is sent none.
        #expect(
            NotificationRequest(notification, capabilities: ["actions"], desktopEntry: "nitnem").hints["sound-name"]
                == nil)
    }

    @Test func theClickIsTheDefaultActionSentFirst() {
        var notification = Self.reminder
        notification.defaultAction = .read
        let request = NotificationRequest(notification, capabilities: ["actions"], desktopEntry: "nitnem")
        #expect(request.actions.first == NotificationAction(id: "default", label: "Read now"))
        #expect(Array(request.actions.dropFirst()) == notification.actions)
        // No actions at all for a server that lists none (not even the click).
        #expect(NotificationRequest(notification, capabilities: [], desktopEntry: "nitnem").actions.isEmpty)
    }

    @Test func aServerThatDrawsTheClickAsAButtonIsNotSentTheSameButtonTwice() {
        var notification = Self.reminder
        notification.defaultAction = .read
        // xfce4-notifyd draws `default` as a button: Read now would be there twice.
        let xfce = NotificationRequest(notification, capabilities: ["actions"], desktopEntry: "nitnem", server: .xfce)
        #expect(xfce.actions.map(\.id) == ["default", "mark", "later"])
        #expect(xfce.actions.map(\.label) == ["Read now", "Mark read", "Later"])
        let swaync = NotificationRequest(
            notification, capabilities: ["actions"], desktopEntry: "nitnem", server: .swaync)
        #expect(swaync.actions.map(\.id) == ["default", "read", "mark", "later"])
        #expect(ServerPresentation.xfce.drawsDefaultAction && !ServerPresentation.swaync.drawsDefaultAction)
    }

    @Test func normalUrgencyCategoryDesktopEntryAndNeverExpires() {
        let request = NotificationRequest(Self.reminder, capabilities: ["actions"], desktopEntry: "nitnem-dev")
        #expect(
            request.hints == [
                "urgency": .byte(1), "category": .string("x-nitnem.reminder"), "desktop-entry": .string("nitnem-dev"),
            ])
        #expect(request.expireTimeout == 0)
    }

    @Test(
        arguments: [
            (["body-markup"], "5 of 7 &lt;today&gt;"),
            (["body"], "5 of 7 <today>"),
        ] as [([String], String)])
    func bodyEscapedOnlyForAMarkupServer(capabilities: [String], body: String) {
        let request = NotificationRequest(Self.reminder, capabilities: Set(capabilities), desktopEntry: "nitnem")
        #expect(request.body == body)
        #expect(request.summary == "Evening · <Rehras>")
    }

    @Test(
        arguments: [(1, .expired), (2, .dismissed), (3, .closedByCall), (4, .undefined), (-1, .undefined)]
            as [(Int32, NotificationEvent.CloseReason)])
    func closeReasonsFromTheSpecCodes(code: Int32, reason: NotificationEvent.CloseReason) {
        #expect(NotificationEvent.CloseReason(code: code) == reason)
    }
}

/// What `reminders test` says each server shows of a reminder.
@Suite struct ServerPresentationTests {
    @Test(arguments: [
        ("gnome-shell", ServerPresentation.gnome), ("Plasma", .plasma), ("dunst", .dunst), ("mako", .mako),
        ("SwayNotificationCenter", .swaync), ("Xfce Notify Daemon", .xfce), ("notify-osd", .other(name: "notify-osd")),
    ])
    func eachServerByTheNameItGives(name: String, server: ServerPresentation) {
        #expect(ServerPresentation(serverName: name) == server)
    }

    @Test func whatEachShows() {
        let buttons = ["Listen", "Mark read", "Later"]
        #expect(
            ServerPresentation.gnome.describe(buttons: buttons, click: "Read now", capabilities: ["actions"])
                == "GNOME Shell shows up to three buttons once the banner is expanded (Listen · Mark read · Later); a click on it: Read now."
        )
        #expect(
            ServerPresentation.mako.describe(buttons: buttons, click: "Read now", capabilities: ["actions"])
                == "mako shows no buttons: click the notification to read now; makoctl menu lists Listen · Mark read · Later."
        )
        #expect(
            ServerPresentation.xfce.describe(
                buttons: ["Read now", "Mark read", "Later"], click: "Read now", capabilities: ["actions"])
                == "xfce4-notifyd shows the buttons Read now · Mark read · Later (Read now is the click's own); a click on it closes it."
        )
        #expect(
            ServerPresentation.other(name: "x").describe(buttons: buttons, click: "Read now", capabilities: [])
                == "This server (x) offers no buttons and no click: the panel menu, the bar or nitnem mark act on a reminder."
        )
    }
}
