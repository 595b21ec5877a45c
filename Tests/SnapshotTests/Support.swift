import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Paths, temp folders and the built binary, shared by the Snapshot tests.
enum Support {
    /// The package root, found from this file's path (no bundle resources needed).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `fixtures/<relative>`.
    static func fixture(_ relative: String) -> String { root + "/fixtures/" + relative }

    /// The bytes of a file, or an empty array when it cannot be read.
    static func bytes(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// A fresh folder under the temp dir (0700); removed by `cleanup`.
    static func tempFolder() -> String {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/nitnem-snapshot-tests-XXXXXX").utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        return path
    }

    static func cleanup(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func copy(_ from: String, to: String) throws {
        try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: to))
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The `nitnem` binary under test: `$NITNEM_BIN`, else `<root>/.build/debug/nitnem`
    /// (`make test` builds it first).
    static var binary: String {
        ProcessInfo.processInfo.environment["NITNEM_BIN"] ?? root + "/.build/debug/nitnem"
    }

    /// The environment the binary runs with: a pinned clock and zone, no inherited group.
    static let baseEnvironment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        env["SGGS_APP_GROUP"] = nil
        env["SGGS_CLOCK_RATE"] = nil
        env["TZ"] = "Asia/Kolkata"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T10:30:00+05:30"
        return env
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments`, killing it (and failing) after `timeout` seconds.
    static func run(
        _ arguments: [String], executable: String = binary, environment: [String: String] = baseEnvironment,
        timeout: Double = 60
    ) throws -> Result {
        #expect(FileManager.default.isExecutableFile(atPath: executable), "build nitnem first: \(executable)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationReason == .exit, "\(arguments) did not exit by itself")
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `nitnem mark …` in `group`.
    static func mark(_ arguments: [String], group: String) throws -> Result {
        try run(["mark"] + arguments + ["--group", group])
    }
}
