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
    /// The desktop libraries among the files `pid` maps (`/proc/<pid>/maps`), by file name.
    static func desktopLibraries(mappedBy pid: Int32) throws -> Set<String> {
        Set(try mappedFiles(pid).filter(isDesktopLibrary))
    }

    /// All of a /proc file, read to its end: its size is 0, and one read returns only a page or so.
    static func readAll(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isDesktopLibrary(_ name: String) -> Bool {
        ["libnotify", "libglib-2.0", "libgobject-2.0", "libgio-2.0"].contains { name.hasPrefix($0) }
    }

    static func isSQLiteLibrary(_ name: String) -> Bool { name.hasPrefix("libsqlite3") }

    /// ICU and the Foundation libraries that load it (`FoundationEssentials` does not).
    static func isICULibrary(_ name: String) -> Bool {
        ["libicu", "lib_FoundationICU", "libFoundationInternationalization", "libFoundation.so"].contains {
            name.hasPrefix($0)
        }
    }

    /// The ICU libraries among the files `pid` maps.
    static func icuLibraries(mappedBy pid: Int32) throws -> Set<String> {
        Set(try mappedFiles(pid).filter(isICULibrary))
    }

    /// The file names `pid` maps (`/proc/<pid>/maps`).
    static func mappedFiles(_ pid: Int32) throws -> [String] {
        try Self.readAll("/proc/\(pid)/maps").split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/")
            else { return nil }
            return String(path.split(separator: "/").last ?? "")
        }
    }

    /// The desktop libraries the dynamic loader reported loading for a run with `LD_DEBUG=files` whose
    /// log files start with `prefix` (one per process: the command and any child it ran).
    static func desktopLibraries(inLoaderLogs prefix: String) throws -> Set<String> {
        try libraries(inLoaderLogs: prefix, isDesktopLibrary)
    }

    /// The libraries matching `wanted` that the dynamic loader reported loading (see above).
    static func libraries(inLoaderLogs prefix: String, _ wanted: (String) -> Bool) throws -> Set<String> {
        let folder = (prefix as NSString).deletingLastPathComponent
        let base = (prefix as NSString).lastPathComponent
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix(base + ".") {
            let log = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in log.split(separator: "\n") {
                // "  1234:\tfile=libnotify.so.4 [0];  needed by …" or "…;  dynamically loaded by …"
                guard let range = line.range(of: "file=") else { continue }
                let name = String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" })
                let last = String(name.split(separator: "/").last ?? "")
                if wanted(last) { names.insert(last) }
            }
        }
        return names
    }

    /// A temp folder with a copy of the demo group.
    final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-libs-\(UUID().uuidString)")
            .path
        var group: String { root + "/group" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/config/nitnem", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path, toPath: group)
            // `open` runs /bin/true instead of a browser.
            try "open = /bin/true\n".write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            [
                "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00", "HOME": root,
                "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state", "PATH": "/usr/bin:/bin",
            ]
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

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
        #expect(try Self.desktopLibraries(inLoaderLogs: prefix) == [])
        #expect(try Self.libraries(inLoaderLogs: prefix, Self.isICULibrary) == [])
        #expect(try Self.libraries(inLoaderLogs: prefix, Self.isSQLiteLibrary) == [])
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
        let loaded = try Self.libraries(inLoaderLogs: prefix, Self.isSQLiteLibrary)
        #expect(loaded.contains("libsqlite3.so.0"), "\(loaded)")
    }

    /// The control for the ICU checks: this test process, which imports Foundation, maps ICU.
    @Test func theICUCheckSeesICUWhereItIsLoaded() throws {
        _ = TimeZone(identifier: "Europe/Helsinki")?.abbreviation(for: Foundation.Date())
        let mapped = try Self.icuLibraries(mappedBy: getpid())
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
        let loaded = try Self.desktopLibraries(inLoaderLogs: prefix)
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
        #expect(try Self.desktopLibraries(mappedBy: process.pid) == [])
        #expect(try Self.icuLibraries(mappedBy: process.pid) == [])
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
        #expect(try Self.desktopLibraries(mappedBy: agent.pid) == [], "\(box.logText)")
        #expect(try Self.icuLibraries(mappedBy: agent.pid) == [])
        #expect(try Self.mappedFiles(agent.pid).filter(Self.isSQLiteLibrary) == [], "the agent opens no database")

        let record = try #require(session.waitForNotification(timeout: .seconds(10)), "\(box.logText)")
        #expect(record.summary == "Evening · Rehras Sahib")
        // The files mapped are the real names behind the sonames (libnotify.so.4.0.0, …).
        let mapped = try Self.desktopLibraries(mappedBy: agent.pid)
        #expect(mapped.contains { $0.hasPrefix("libnotify.so.4") }, "\(mapped)")
        #expect(mapped.contains { $0.hasPrefix("libglib-2.0.so.0") }, "\(mapped)")
        #expect(try Self.icuLibraries(mappedBy: agent.pid) == [], "a reminder needs no ICU")
    }
}
