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
}
