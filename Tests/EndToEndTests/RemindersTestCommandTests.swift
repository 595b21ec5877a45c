// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

/// `nitnem reminders test` where there is no session bus; with one, it is `ReminderDesktopTests`'s
/// (DesktopTests).
@Suite struct RemindersTestCommandTests {
    @Test func remindersTestWithoutABusFailsClearly() throws {
        let r = try NitnemBinary.run(
            ["reminders", "test"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("nitnem: "))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }
}
