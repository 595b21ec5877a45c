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

    @Test func soundNameOnlyWhenAsked() {
        var notification = Self.reminder
        #expect(NotificationRequest(notification, capabilities: [], desktopEntry: "nitnem").hints["sound-name"] == nil)
        notification.soundName = "bell"
        let request = NotificationRequest(notification, capabilities: [], desktopEntry: "nitnem")
        #expect(request.hints["sound-name"] == .string("bell"))
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
