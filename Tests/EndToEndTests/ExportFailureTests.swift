// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// Files that are not a readable corpus: one clear line each, exit 1, the old snapshot unchanged.
@Suite struct ExportFailureTests {
    /// A bad database file, made in its own folder, and the line `nitnem` must print for it.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// Makes the file in the folder and returns its path.
        var make: @Sendable (String) throws -> String
        /// The message after `nitnem: <path>: `.
        var message: String
        var description: String { name }
    }

    static let oldSnapshot = Data("{\"schema\":1,\"banis\":[],\"sets\":{},\"old\":true}\n".utf8)

    /// A whole registry database copied into `folder`, then cut to `length` bytes.
    static func truncatedCopy(in folder: String, length: Int) throws -> String {
        let path = folder + "/cut.sqlite"
        try FileManager.default.copyItem(atPath: CorpusFixture.registryTemplate.get(), toPath: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(length))
        try handle.close()
        return path
    }

    static let cases: [Case] = [
        Case(name: "missing", make: { $0 + "/absent.sqlite" }, message: "no such file"),
        Case(
            name: "folder",
            make: {
                try FileManager.default.createDirectory(atPath: $0 + "/db", withIntermediateDirectories: false)
                return $0 + "/db"
            }, message: "is a folder, not a database file"),
        Case(
            name: "empty",
            make: {
                try Data().write(to: URL(fileURLWithPath: $0 + "/empty.sqlite"))
                return $0 + "/empty.sqlite"
            }, message: "is empty, not a SQLite database"),
        Case(
            name: "not SQLite",
            make: {
                let text = String(repeating: "line 1: a synthetic placeholder, not a database\n", count: 200)
                try Data(text.utf8).write(to: URL(fileURLWithPath: $0 + "/notes.txt"))
                return $0 + "/notes.txt"
            }, message: "is not a SQLite database (SQLITE_NOTADB: file is not a database)"),
        Case(
            name: "truncated in the header", make: { try truncatedCopy(in: $0, length: 60) },
            message: "is truncated: 60 bytes, shorter than the 100-byte SQLite header"),
        Case(
            name: "truncated", make: { try truncatedCopy(in: $0, length: 100_000) },
            message:
                "is truncated: its header says 212 pages of 4096 bytes (868352 bytes) but the file has 100000 bytes"),
        Case(
            name: "corrupt",
            make: {
                // Every page but the first gets a garbage b-tree header: the schema reads, no table does.
                let path = $0 + "/corrupt.sqlite"
                try FileManager.default.copyItem(atPath: CorpusFixture.registryTemplate.get(), toPath: path)
                var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                for page in stride(from: 4096, to: bytes.count, by: 4096) {
                    bytes.replaceSubrange(page..<page + 16, with: [UInt8](repeating: 0xff, count: 16))
                }
                try bytes.write(to: URL(fileURLWithPath: path))
                return path
            }, message: "the database is corrupt (SQLITE_CORRUPT: database disk image is malformed)"),
        Case(
            name: "incomplete registry",
            make: {
                let path = $0 + "/half.sqlite"
                try CorpusFixture.run(
                    sqlite3: path,
                    sql:
                        "CREATE TABLE banis (id INTEGER PRIMARY KEY, key TEXT); CREATE TABLE lines (id INTEGER PRIMARY KEY);"
                )
                return path
            }, message: "has a banis table but no bani_lines, extra_lines table: not a complete bani registry"),
    ]

    @Test(arguments: cases)
    func oneLineExitOneOldSnapshotKept(_ c: Case) throws {
        let folder = try CorpusFixture.folder()
        let path = try c.make(folder)
        let group = folder + "/group"
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
        try Self.oldSnapshot.write(to: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--db", path, "--group", group])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "nitnem: \(path): \(c.message)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: group + "/nitnem-snapshot.json")) == Self.oldSnapshot)
        #expect(try FileManager.default.contentsOfDirectory(atPath: group) == ["nitnem-snapshot.json"])
    }

    /// A writer holds an exclusive lock for longer than the busy timeout (2 s).
    @Test func aLockedDatabase() throws {
        let folder = try CorpusFixture.folder()
        let path = folder + "/locked.sqlite"
        try FileManager.default.copyItem(atPath: CorpusFixture.registryTemplate.get(), toPath: path)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["sqlite3", path]
        let input = Pipe()
        try Data().write(to: URL(fileURLWithPath: folder + "/holder.out"))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/holder.out"))
        holder.standardInput = input
        holder.standardOutput = out
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
            try? out.close()
        }
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        // Wait (up to 10 s) until the holder says it has the lock.
        var waited = 0
        while (try? String(contentsOfFile: folder + "/holder.out", encoding: .utf8))?.contains("locked") != true {
            try #require(waited < 10_000, "sqlite3 did not take the lock")
            usleep(10_000)
            waited += 10
        }
        let group = folder + "/group"
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
        try Self.oldSnapshot.write(to: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--db", path, "--group", group])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "nitnem: \(path): the database is locked by another process (gave up after 2000 ms) (SQLITE_BUSY: database is locked)\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: group + "/nitnem-snapshot.json")) == Self.oldSnapshot)
    }

    @Test func missingDbIsUsage() throws {
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--group", try CorpusFixture.folder()])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("nitnem: missing --db FILE\nusage: nitnem snapshot export"))
    }
}
