// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// libnotify and GLib are loaded at the first reminder, not linked: `status`, `mark`, `clock`, `open`
/// and an agent that has not reminded yet map neither library; an agent that has shown a reminder does.
/// No command maps ICU or the parts of Foundation built on it: zones are read from the TZif files.
/// SQLite too is loaded only by the command that opens a database (`snapshot export`).
@Suite(.serialized) struct DesktopLibrariesTests {
    /// A temp folder with a copy of the demo group.
    typealias Folder = LoadedLibraries.Folder

    @Test(arguments: [
        ["status"], ["status", "--format", "waybar"], ["mark", "japji"], ["clock"], ["open"],
    ])
    func aCommandThatNeverRemindsLoadsNeitherLibrary(_ command: [String]) throws {
        let folder = try Folder()
        let prefix = folder.root + "/ld"
        let groupOption = command == ["clock"] ? [] : ["--group", folder.group]
        let r = try NitnemBinary.run(
            command + groupOption,
            environment: folder.environment.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.root).filter { $0.hasPrefix("ld.") }
        #expect(!logs.isEmpty, "LD_DEBUG wrote no log: the check would prove nothing")
        #expect(try LoadedLibraries.desktopLibraries(inLoaderLogs: prefix) == [])
        #expect(try LoadedLibraries.libraries(inLoaderLogs: prefix, LoadedLibraries.isICULibrary) == [])
        #expect(try LoadedLibraries.libraries(inLoaderLogs: prefix, LoadedLibraries.isSQLiteLibrary) == [])
    }

    /// The control for the SQLite check: `snapshot export` loads libsqlite3 (and exports).
    @Test func snapshotExportLoadsSQLite() throws {
        let folder = try Folder()
        let prefix = folder.root + "/ld"
        let db = try CorpusFixture.database(["sets"])
        let r = try NitnemBinary.run(
            ["snapshot", "export", "--db", db, "--group", folder.group],
            environment: folder.environment.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        let loaded = try LoadedLibraries.libraries(inLoaderLogs: prefix, LoadedLibraries.isSQLiteLibrary)
        #expect(loaded.contains("libsqlite3.so.0"), "\(loaded)")
    }

    /// The control for the ICU checks: this test process, which imports Foundation, maps ICU.
    @Test func theICUCheckSeesICUWhereItIsLoaded() throws {
        _ = TimeZone(identifier: "Europe/Helsinki")?.abbreviation(for: Foundation.Date())
        let mapped = try LoadedLibraries.icuLibraries(mappedBy: getpid())
        #expect(mapped.contains { $0.hasPrefix("lib_FoundationICU") || $0.hasPrefix("libicu") }, "\(mapped)")
    }

    /// The control for the check above: a command that shows a notification does load libnotify.
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

    @Test func statusFollowMapsNeitherLibrary() throws {
        let folder = try Folder()
        let process = try NitnemProcess(
            ["status", "--follow", "--format", "waybar", "--group", folder.group], environment: folder.environment,
            stderrPath: folder.root + "/follow.err")
        defer { process.send(SIGTERM) }
        #expect(process.readLine(timeout: 10) != nil, "\(process.stderr)")
        #expect(try LoadedLibraries.desktopLibraries(mappedBy: process.pid) == [])
        #expect(try LoadedLibraries.icuLibraries(mappedBy: process.pid) == [])
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
