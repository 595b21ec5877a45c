// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// The desktop half of `DesktopLibrariesTests` (EndToEndTests): a command that shows a notification
/// loads libnotify and GLib, the control that the fast tier's "loads neither library" checks can fail;
/// an agent maps them only once it has reminded.
@Suite(.serialized) struct ReminderLibrariesTests {
    /// A temp folder with a copy of the demo group.
    typealias Folder = LoadedLibraries.Folder

    /// The control for `aCommandThatNeverRemindsLoadsNeitherLibrary`: a command that shows a notification does load libnotify.
    @Test func remindersTestLoadsLibnotifyWhenItShows() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let folder = try Folder()
        let prefix = folder.root + "/ld"
        let r = try NitnemBinary.run(
            ["reminders", "test", "--no-wait"],
            environment: session.environment.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(session.waitForNotification(timeout: .seconds(5)) != nil)
        let loaded = try LoadedLibraries.desktopLibraries(inLoaderLogs: prefix)
        #expect(loaded.contains("libnotify.so.4"), "\(loaded)")
        #expect(loaded.contains("libglib-2.0.so.0"), "\(loaded)")
    }

    @Test func theAgentMapsLibnotifyOnlyOnceItHasReminded() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        // 17:59:40 at 10× time: the evening slot (18:00) comes 2 s after the start.
        let box = try ReminderDesktopTests.Sandbox(session: session, now: "2026-11-29T17:59:40", rate: "10")
        let agent = try box.startAgent()
        defer { agent.terminate() }
        let timeline = box.group + "/widgets/NitnemNow.json"
        #expect(NitnemProcess.waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: timeline) })
        #expect(session.printedNotifications().isEmpty)
        #expect(try LoadedLibraries.desktopLibraries(mappedBy: agent.pid) == [], "\(box.logText)")
        #expect(try LoadedLibraries.icuLibraries(mappedBy: agent.pid) == [])
        #expect(
            try LoadedLibraries.mappedFiles(agent.pid).filter(LoadedLibraries.isSQLiteLibrary) == [],
            "the agent opens no database")

        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(record.summary == "Evening · Rehras Sahib")
        // The files mapped are the real names behind the sonames (libnotify.so.4.0.0, …).
        let mapped = try LoadedLibraries.desktopLibraries(mappedBy: agent.pid)
        #expect(mapped.contains { $0.hasPrefix("libnotify.so.4") }, "\(mapped)")
        #expect(mapped.contains { $0.hasPrefix("libglib-2.0.so.0") }, "\(mapped)")
        #expect(try LoadedLibraries.icuLibraries(mappedBy: agent.pid) == [], "a reminder needs no ICU")
    }
}
