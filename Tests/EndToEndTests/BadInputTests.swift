// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import Posix
import TestSupport
import Testing

@testable import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

/// One test per bad-input class: the exact message from `GroupFiles.load` and from `nitnem mark`,
/// the exit code, and the file byte-identical afterwards.
@Suite struct BadInputTests {
    enum Role: String, Sendable {
        case snapshot, progress
    }

    struct Case: Sendable, CustomTestStringConvertible {
        /// A file under fixtures/bad.
        var fixture: String
        var role: Role
        /// What `GroupFiles.load` says after `<path>: `; `nil` when it loads.
        var loadError: String?
        /// Warnings `GroupFiles.load` gives (after `<path>: `).
        var warnings: [String] = []
        /// `nitnem mark japji`'s exit code and stderr after `nitnem: <path>: `.
        var markStatus: Int32
        var markError: String?
        var testDescription: String { "\(role) \(fixture)" }

        /// A file both refuse: `nitnem mark` exits 2 with the same message as `GroupFiles.load`.
        static func refused(_ fixture: String, _ role: Role, _ error: String) -> Case {
            Case(fixture: fixture, role: role, loadError: error, markStatus: 2, markError: error)
        }
    }

    static let cases: [Case] = [
        .refused("empty.json", .progress, "is empty; expected a JSON object"),
        .refused("empty.json", .snapshot, "is empty; expected a JSON object"),
        .refused(
            "truncated.json", .progress,
            "not valid JSON (truncated?): line 8, column 65: unexpected end of file inside an array"),
        .refused(
            "not-json.json", .progress, "not valid JSON: line 1, column 1: unexpected character 's', expected a value"),
        .refused(
            "not-json.json", .snapshot, "not valid JSON: line 1, column 1: unexpected character 's', expected a value"),
        .refused(
            "wrong-types-progress.json", .progress, "$.banis: expected an object of progress by bani id, found an array"
        ),
        .refused("wrong-types-snapshot.json", .snapshot, #"$.banis[3].nLines: expected an integer ≥ 0, found "ten""#),
        Case(
            fixture: "newer-schema-progress.json", role: .progress, loadError: nil,
            warnings: ["schema 2 is newer than 1; read-only, never written"], markStatus: 1,
            markError: "is schema 2, newer than this nitnem (1); not written"),
        Case(
            fixture: "newer-schema-snapshot.json", role: .snapshot, loadError: nil,
            warnings: ["schema 2 is newer than 1; read as far as understood"], markStatus: 0, markError: nil),
        Case(fixture: "unknown-fields-snapshot.json", role: .snapshot, loadError: nil, markStatus: 0, markError: nil),
    ]

    /// The group in `dir` and the path of `role`'s file in it.
    static func file(_ role: Role, in dir: String) -> (group: AppGroup, path: String) {
        let group = AppGroup(path: dir)
        return (group, role == .snapshot ? group.snapshotPath : group.progressPath)
    }

    /// `GroupFiles.load` refuses the file at `path` as unreadable, saying `problem`, and so does
    /// `nitnem mark japji` (run by `mark`): exit 2, `nitnem: <path>: <problem>`.
    static func expectUnreadable(
        _ group: AppGroup, _ path: String, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation,
        mark: () throws -> NitnemBinary.Result
    ) throws {
        #expect(throws: GroupFileError(.unreadable, path: path, problem: problem), sourceLocation: sourceLocation) {
            try GroupFiles.load(group)
        }
        let result = try mark()
        #expect(result.status == 2, sourceLocation: sourceLocation)  // bad input, whichever file
        #expect(result.stderr == "nitnem: \(path): \(problem)\n", sourceLocation: sourceLocation)
    }

    @Test(arguments: cases)
    func badFile(_ c: Case) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let (group, path) = Self.file(c.role, in: dir)
        try Support.copy(Support.fixture("bad/" + c.fixture), to: path)
        let before = Support.bytes(path)

        do {
            let files = try GroupFiles.load(group)
            #expect(c.loadError == nil, "loaded, expected \(c.loadError ?? "")")
            #expect(files.warnings == c.warnings.map { "\(path): \($0)" })
            #expect(files.source == (c.role == .snapshot ? .snapshot : .embedded))
        } catch {
            #expect(error.description == "\(path): \(c.loadError ?? "(no error)")")
        }

        let result = try Support.mark(["japji"], group: dir)
        #expect(result.status == c.markStatus)
        if let markError = c.markError {
            #expect(result.stderr == "nitnem: \(path): \(markError)\n")
            #expect(result.stdout == "")
        } else {
            #expect(result.stderr == "")
            #expect(result.stdout == "Marked Japji Sahib read on 2026-11-29 (1 of 7 today)\n")
        }
        #expect(Support.bytes(path) == before, "\(c.fixture) changed")
    }

    /// Huge: generated here rather than committed.
    @Test(arguments: [Role.snapshot, .progress])
    func huge(_ role: Role) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let (group, path) = Self.file(role, in: dir)
        let body = #"{"schema":1,"banis":{},"pad":""# + String(repeating: "x", count: 5 << 20) + #""}"#
        try Support.write(body, to: path)
        let before = Support.bytes(path)
        let problem = "is too large (\(before.count) bytes, the limit is 4 MiB)"
        try Self.expectUnreadable(group, path, problem) { try Support.mark(["japji"], group: dir) }
        #expect(Support.bytes(path) == before)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [Role.snapshot, .progress])
    func fifo(_ role: Role) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let (group, path) = Self.file(role, in: dir)
        #expect(mkfifo(path, 0o600) == 0)
        let problem = "is a FIFO (named pipe), not a regular file"
        try Self.expectUnreadable(group, path, problem) {
            try Support.run(["mark", "japji", "--group", dir], timeout: 10)
        }
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "still the FIFO")
    }

    @Test(arguments: [Role.snapshot, .progress])
    func symlinkToFolder(_ role: Role) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let (group, path) = Self.file(role, in: dir)
        mkdir(dir + "/elsewhere", 0o700)
        symlink(dir + "/elsewhere", path)
        let problem = "is a symlink to a folder (\(dir)/elsewhere), not a regular file"
        try Self.expectUnreadable(group, path, problem) { try Support.mark(["japji"], group: dir) }
        #expect(FileReader.symlinkTarget(path) == dir + "/elsewhere", "still the symlink")
    }
}
