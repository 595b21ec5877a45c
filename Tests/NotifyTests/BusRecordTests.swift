// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

/// The parsers of what the test desktop reports: `dbus-monitor` calls, `dunstctl history`.
@Suite struct BusRecordTests {
    // Shaped like dbus-monitor 1.14's output for libnotify 0.8 (a multi-line body, an
    // icon-less call, hints of three types) followed by an unrelated signal.
    static let monitor = """
        signal time=1.0 sender=org.freedesktop.DBus -> destination=:1.1 serial=4 path=/org/freedesktop/DBus; interface=org.freedesktop.DBus; member=NameLost
           string ":1.1"
        method call time=2.0 sender=:1.3 -> destination=:1.0 serial=10 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
           string "nitnem"
           uint32 7
           string ""
           string "Evening · Rehras"
           string "2 of 7
        resume at 12"
           array [
              string "read"
              string "Read now"
              string "later"
              string "Later"
           ]
           array [
              dict entry(
                 string "sound-name"
                 variant             string "bell"
              )
              dict entry(
                 string "urgency"
                 variant             byte 1
              )
              dict entry(
                 string "resident"
                 variant             boolean true
              )
           ]
           int32 0
        signal time=3.0 sender=:1.0 -> destination=:1.3 serial=10 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=ActionInvoked
           uint32 2
           string "later"
        """

    @Test func parsesANotifyCall() throws {
        let calls = NotifyCall.parseAll(Self.monitor)
        #expect(calls.count == 1)
        let call = try #require(calls.first)
        #expect(call.appName == "nitnem")
        #expect(call.replacesID == 7)
        #expect(call.summary == "Evening · Rehras")
        #expect(call.body == "2 of 7\nresume at 12")
        #expect(call.actionPairs.map(\.id) == ["read", "later"])
        #expect(call.actionPairs.map(\.label) == ["Read now", "Later"])
        #expect(call.hints == ["sound-name": .string("bell"), "urgency": .integer(1), "resident": .boolean(true)])
        #expect(call.expireTimeout == 0)
    }

    @Test func anEmptyArrayAndACutOffCall() {
        let text = """
            method call time=2.0 sender=:1.3 -> destination=:1.0 serial=10 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
               string "a"
               uint32 0
               string ""
               string "s"
               string "b"
               array [
               ]
               array [
               ]
               int32 -1
            method call time=2.0 sender=:1.3 -> destination=:1.0 serial=11 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
               string "a"
               uint32 0
            """
        let calls = NotifyCall.parseAll(text)
        #expect(calls.count == 1)
        #expect(calls.first?.actions == [])
        #expect(calls.first?.hints == [:])
        #expect(calls.first?.expireTimeout == -1)
    }

    @Test func parsesDunstHistory() throws {
        let text = """
            {
            \t"type" : "aa{sv}",
            \t"data" : [
            \t\t[
            \t\t\t{
            \t\t\t\t"body" : {"type" : "s", "data" : "2 of 7"},
            \t\t\t\t"summary" : {"type" : "s", "data" : "Evening · Rehras"},
            \t\t\t\t"appname" : {"type" : "s", "data" : "nitnem"},
            \t\t\t\t"category" : {"type" : "s", "data" : "x-nitnem.reminder"},
            \t\t\t\t"id" : {"type" : "i", "data" : 2},
            \t\t\t\t"timeout" : {"type" : "x", "data" : 0}
            \t\t\t}
            \t\t]
            \t]
            }
            """
        let entries = try #require(DunstHistoryEntry.parseAll(text))
        #expect(
            entries == [
                DunstHistoryEntry(
                    id: 2, appname: "nitnem", summary: "Evening · Rehras", body: "2 of 7", category: "x-nitnem.reminder"
                )
            ])
        #expect(DunstHistoryEntry.parseAll("{\"type\": \"aa{sv}\", \"data\": [[]]}") == [])
        #expect(DunstHistoryEntry.parseAll("not json") == nil)
    }
}
