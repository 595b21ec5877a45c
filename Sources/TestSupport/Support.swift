// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Snapshot
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Fixtures, temp folders and file helpers shared by the tests, and `nitnem` runs in a pinned
/// environment (through `NitnemBinary`).
package enum Support {
    /// `fixtures/<relative>` (see `NitnemBinary.fixture`).
    package static func fixture(_ relative: String) -> String { NitnemBinary.fixture(relative) }

    /// The bytes of a file, or an empty array when it cannot be read.
    package static func bytes(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// `bytes` without the `dayEdits` members of removals only (the tombstones an undo leaves, and the
    /// separator before each), so an undo can be compared with the file before the mark.
    package static func withoutTombstones(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let record = #"\s*"[0-9-]+"\s*:\s*\{\s*"removed"\s*:\s*"[^"]*"\s*\}\s*,?"#
        let pattern = #"\s*,\s*"dayEdits"\s*:\s*\{(?:"# + record + #")*\s*\}"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Array(regex.stringByReplacingMatches(in: text, range: range, withTemplate: "").utf8)
    }

    /// A fresh folder under the temp dir (0700), for one test: `defer { Support.cleanup(folder) }`.
    package static func tempFolder() -> String {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/nitnem-snapshot-tests-XXXXXX").utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        return path
    }

    /// A fresh folder under the temp dir for a fixture the tests of one process share (a `static
    /// let`), removed when the process exits.
    package static func sharedTempFolder() -> String {
        let path = tempFolder()
        atExit { cleanup(path) }
        return path
    }

    /// Removes `folder` and everything in it.
    package static func cleanup(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `action` when the test process exits (`atexit(3)`; the last registered first): the
    /// cleanup of what a process-wide fixture made, which no single test's `defer` can do.
    package static func atExit(_ action: @escaping @Sendable () -> Void) {
        exitActions.withLock { actions in
            if actions == nil {
                atexit { Support.runExitActions() }
                actions = []
            }
            actions?.append(action)
        }
    }

    private static let exitActions = Mutex<[@Sendable () -> Void]?>(nil)

    private static func runExitActions() {
        let actions = exitActions.withLock { actions in
            defer { actions = [] }
            return actions ?? []
        }
        for action in actions.reversed() { action() }
    }

    package static func copy(_ from: String, to: String) throws {
        try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: to))
    }

    package static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Makes folder `path` and any folder missing on the way to it (none when it exists); returns `path`.
    @discardableResult
    package static func makeFolder(_ path: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of `fixtures/groups/demo` (its snapshot and progress file) in `dir`, made if needed;
    /// a new temporary folder when none is given. Returns the folder.
    @discardableResult
    package static func demoGroup(in dir: String? = nil) throws -> String {
        let dir = dir ?? tempFolder()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in [AppGroup.snapshotName, AppGroup.progressName] {
            try copy(fixture("groups/demo/" + name), to: dir + "/" + name)
        }
        return dir
    }

    /// The environment the binary runs with: a pinned clock and zone, no inherited group.
    package static let baseEnvironment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        env["SGGS_APP_GROUP"] = nil
        env["SGGS_CLOCK_RATE"] = nil
        env["TZ"] = "Asia/Kolkata"
        env["SGGS_CLOCK_NOW"] = "2026-11-29T10:30:00+05:30"
        return env
    }()

    /// Runs the binary with `arguments` in `baseEnvironment` (see `NitnemBinary.run`).
    package static func run(
        _ arguments: [String], executable: String = NitnemBinary.path, environment: [String: String] = baseEnvironment,
        timeout: Double = 60
    ) throws -> NitnemBinary.Result {
        try NitnemBinary.run(arguments, environment: environment, executable: executable, timeout: timeout)
    }

    /// `nitnem mark …` in `group`.
    package static func mark(_ arguments: [String], group: String) throws -> NitnemBinary.Result {
        try run(["mark"] + arguments + ["--group", group])
    }
}
