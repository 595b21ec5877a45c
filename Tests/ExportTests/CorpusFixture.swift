import Foundation

/// Test databases built at test time from `fixtures/corpus/*.sql` with the `sqlite3` CLI, and
/// runs of the `nitnem` binary.
enum CorpusFixture {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The `nitnem` binary: `$NITNEM_BIN`, else the package's debug build.
    static let binary = ProcessInfo.processInfo.environment["NITNEM_BIN"] ?? root + "/.build/debug/nitnem"

    /// `$TMPDIR/nitnem-export-tests/<pid>`: this run's folders. Folders of earlier runs whose
    /// process is gone are removed the first time it is used, so runs do not pile up databases.
    static let runFolder: String = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-export-tests").path
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            if let pid = Int32(entry), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
        return parent + "/\(getpid())"
    }()

    /// A new empty folder of its own for one test.
    static func folder() throws -> String {
        let path = runFolder + "/\(UUID())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The text of `fixtures/corpus/<name>.sql`.
    static func sql(_ name: String) throws -> String {
        try String(contentsOfFile: root + "/fixtures/corpus/\(name).sql", encoding: .utf8)
    }

    /// The registry (schema + registry) built once; tests copy it and apply their own SQL on top.
    static let registryTemplate: Result<String, any Error> = Result {
        let path = try folder() + "/registry.sqlite"
        try run(sqlite3: path, sql: sql("schema") + sql("registry"))
        return path
    }

    /// A database at `<folder>/corpus.sqlite`: the registry plus `fixtures` (names of SQL files)
    /// applied in order; with `registry` false, only `fixtures` (e.g. the old corpus).
    static func database(_ fixtures: [String], registry: Bool = true) throws -> String {
        let path = try folder() + "/corpus.sqlite"
        if registry { try FileManager.default.copyItem(atPath: registryTemplate.get(), toPath: path) }
        let text = try fixtures.map(sql).joined(separator: "\n")
        if !text.isEmpty { try run(sqlite3: path, sql: text) }
        return path
    }

    /// Runs `sqlite3 -bail <path>` with `sql` on its stdin; throws when it fails.
    static func run(sqlite3 path: String, sql: String) throws {
        let result = try launch("/usr/bin/env", ["sqlite3", "-bail", path], stdin: Data(sql.utf8))
        guard result.status == 0 else { throw FixtureError("sqlite3 \(path): \(result.stderr)") }
    }

    /// The outcome of a process.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `nitnem` with `arguments`, a pinned clock and UTC.
    static func nitnem(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T16:30:00Z"
        env.removeValue(forKey: "SGGS_APP_GROUP")
        for (k, v) in environment { env[k] = v }
        return try launch(binary, arguments, environment: env)
    }

    static func launch(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil
    )
        throws -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        // Output goes to files, not pipes: nothing can stall on a full pipe, and no reader thread.
        let dir = try folder()
        FileManager.default.createFile(atPath: dir + "/stdout", contents: nil)
        FileManager.default.createFile(atPath: dir + "/stderr", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/stdout"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/stderr"))
        defer {
            try? out.close()
            try? err.close()
            try? FileManager.default.removeItem(atPath: dir)
        }
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: dir + "/stdout", encoding: .utf8),
            stderr: try String(contentsOfFile: dir + "/stderr", encoding: .utf8))
    }
}

/// A fixture could not be built.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
