// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Posix
import TestSupport
import Testing

/// The binary in a hostile home: a symlink planted at every file nitnem writes, folders other users
/// could write in, and every file and folder it makes, under any umask (issue 39).
@Suite struct HostileFilesTests {
    /// A home of its own: the group (a Syncthing folder), config, state and runtime folders inside it.
    struct Home {
        let root = Support.tempFolder()
        var group: String { root + "/sync/group" }
        var config: String { root + "/config/nitnem/config" }
        var state: String { root + "/state/nitnem" }
        var runtime: String { root + "/run" }
        /// A file of the user's that a planted link points to.
        var precious: String { root + "/bashrc" }
        var environment: [String: String] {
            var env = Support.environment(home: root, configHome: root + "/config", runtime: runtime, group: group)
            env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + root + "/no-bus"
            return env
        }
        /// `nitnem arguments…`, under `umask` when given (through sh, so only that process has it).
        func run(_ arguments: [String], umask: String? = nil, stdin: String? = nil) throws -> NitnemBinary.Result {
            guard let umask else {
                return try NitnemBinary.run(arguments, environment: environment, stdin: stdin)
            }
            return try NitnemBinary.run(
                ["-c", "umask \(umask); exec \"$0\" \"$@\"", NitnemBinary.path] + arguments, environment: environment,
                stdin: stdin, executable: "/bin/sh")
        }
        /// `nitnem run` for `seconds`, then SIGTERM.
        func runAgent(seconds: Int, umask: String = "022") throws -> NitnemBinary.Result {
            try NitnemBinary.run(
                [
                    "-c", "umask \(umask); exec timeout --preserve-status -s TERM \(seconds) \"$0\" run",
                    NitnemBinary.path,
                ],
                environment: environment, executable: "/bin/sh", timeout: Double(seconds) + 30)
        }
        func make() throws {
            for folder in [group, root + "/sync/.stfolder", Path.folder(of: config), state, runtime] {
                try Support.makeFolder(folder)
            }
            #expect(chmod(runtime, 0o700) == 0)
            try Support.write("precious\n", to: precious)
        }
        func remove() { Support.cleanup(root) }
    }

    /// What a planted link must come to.
    enum After: Sendable {
        /// The link became nitnem's file; what it pointed to is untouched; a line said so.
        case replaced
        /// Refused with one line naming the link (exit `status`); nothing written anywhere.
        case refused(Int32)
    }

    /// One file nitnem writes, the command that writes it, and what a link there comes to: a row of
    /// `fixtures/cases/written-files.tsv`, which `faults/attack_hostile.py` reads too.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The file, `{group}`, `{sync}`, `{state}` or `{config}` standing for where in the home.
        let file: String
        let command: [String]
        let after: After
        var testDescription: String { name }

        /// The file in `home`.
        func file(_ home: Home) -> String {
            let places = [
                "{group}": home.group, "{sync}": home.root + "/sync", "{state}": home.state, "{config}": home.config,
            ]
            return places.reduce(file) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
    }

    static func cases() throws -> [Case] {
        try CaseTable.rows("written-files", columns: ["name", "file", "command", "after"]).map { row in
            let after: After
            switch row["after"].split(separator: " ") {
            case ["replaced"]: after = .replaced
            case let words where words.count == 2 && words[0] == "refused" && Int32(words[1]) != nil:
                after = .refused(Int32(words[1])!)
            default: throw FixtureError("\(row.place): after is \(row["after"]), not replaced or refused N")
            }
            return Case(
                name: row["name"], file: row["file"], command: row["command"].split(separator: " ").map(String.init),
                after: after)
        }
    }

    /// A new home with a link at `c`'s file to `target`, and what `c.command` did there.
    static func planted(_ c: Case, to target: (Home) -> String) throws -> (Home, String, NitnemBinary.Result) {
        let home = Home()
        do {
            try home.make()
            let path = c.file(home)
            try Support.makeFolder(Path.folder(of: path))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target(home))
            return (home, path, try home.run(c.command))
        } catch {
            home.remove()
            throw error
        }
    }

    /// A link to the user's own ~/.bashrc at each file: replaced or refused, the bashrc untouched.
    @Test(arguments: try cases())
    func aLinkToTheUsersFile(_ c: Case) throws {
        let (home, path, r) = try Self.planted(c) { $0.precious }
        defer { home.remove() }
        #expect(Support.bytes(home.precious) == Array("precious\n".utf8), "\(c.name): the bashrc changed")
        switch c.after {
        case .replaced:
            #expect(r.status == 0, "\(r.stderr)")
            #expect(FileStatus.lookup(path, followingLinks: false)?.kind == .regular)
            #expect(
                r.stderr.contains("\(path): replaced a symbolic link (to \(home.precious)) with the file"),
                "\(r.stderr)")
        case .refused(let status):
            #expect(r.status == status, "\(c.name): \(r.stderr)")
            #expect(FileStatus.lookup(path, followingLinks: false)?.kind == .symlink)
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(path), "\(c.name): \(r.stderr)")
        }
    }

    /// A dangling link at each file: nothing is created where it points.
    @Test(arguments: try cases())
    func aDanglingLink(_ c: Case) throws {
        let (home, _, r) = try Self.planted(c) { $0.root + "/made-through-a-link" }
        defer { home.remove() }
        let nowhere = home.root + "/made-through-a-link"
        #expect(!FileManager.default.fileExists(atPath: nowhere), "\(c.name): \(r.stderr)")
        if case .replaced = c.after { #expect(r.status == 0, "\(r.stderr)") } else { #expect(r.status != 0) }
    }

    /// The agent: a link at the timeline and at its record beside the lock are replaced and logged;
    /// a squatted state folder or runtime folder refuses the start with exit 2 (never restarted).
    @Test func theAgent() throws {
        let home = Home()
        defer { home.remove() }
        try home.make()
        let timeline = home.group + "/widgets/NitnemNow.json"
        try Support.makeFolder(home.group + "/widgets")
        try FileManager.default.createSymbolicLink(atPath: timeline, withDestinationPath: home.precious)
        try Support.makeFolder(home.runtime + "/nitnem")
        #expect(chmod(home.runtime + "/nitnem", 0o700) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: home.runtime + "/nitnem/agent.json", withDestinationPath: home.precious)
        let r = try home.runAgent(seconds: 2)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Support.bytes(home.precious) == Array("precious\n".utf8))
        #expect(FileStatus.lookup(timeline, followingLinks: false)?.kind == .regular)
        #expect(r.stderr.contains("warning \(timeline): replaced a symbolic link"), "\(r.stderr)")

        for (folder, mode) in [(home.state, 0o777), (home.group, 0o777), (home.runtime + "/nitnem", 0o757)] {
            #expect(chmod(folder, mode_t(mode)) == 0)
            let refused = try home.runAgent(seconds: 5)
            #expect(chmod(folder, folder == home.state || folder.hasSuffix("/nitnem") ? 0o700 : 0o755) == 0)
            #expect(refused.status == 2, "\(folder): \(refused.stderr)")
            #expect(refused.stderr.contains(folder), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
    }

    /// Every file and folder nitnem makes is 0600 / 0700 under umask 000 and 022.
    @Test(arguments: ["000", "022"])
    func modesUnderAnyUmask(_ umask: String) throws {
        let home = Home()
        defer { home.remove() }
        // Only the Syncthing folder's marker and the runtime folder exist: nitnem makes the rest.
        try FileManager.default.createDirectory(
            atPath: home.root + "/sync/.stfolder", withIntermediateDirectories: true)
        try Support.makeFolder(home.runtime)
        #expect(chmod(home.runtime, 0o700) == 0)
        let before = Set(Self.walk(home.root).map(\.path))
        for command in [
            ["config", "--init"], ["mark", "--next"], ["sets", "remind", "japji", "05:30"],
            ["reminders", "pause", "--until", "tomorrow"], ["timeline", "--write"], ["sync", "setup"],
            ["journey", "clear", "--yes"],
        ] {
            let r = try home.run(command, umask: umask)
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        let agent = try home.runAgent(seconds: 2, umask: umask)
        #expect(agent.status == 0, "\(agent.stderr)")
        var table: [String] = []
        for (path, status) in Self.walk(home.root) where !before.contains(path) {
            let expected: UInt32 = status.kind == .folder ? 0o700 : 0o600
            table.append("\(String(status.permissions, radix: 8))  \(path.dropFirst(home.root.count))")
            #expect(
                status.permissions == expected, "umask \(umask): \(path) is \(String(status.permissions, radix: 8))")
        }
        print("umask \(umask):\n" + table.sorted { $0.dropFirst(6) < $1.dropFirst(6) }.joined(separator: "\n"))
        #expect(table.count >= 15, "\(table)")
    }

    /// Every path under `root` (not following links) with its status.
    static func walk(_ root: String) -> [(path: String, status: FileStatus)] {
        var out: [(path: String, status: FileStatus)] = []
        for name in Folder.names(in: root) {
            let path = root + "/" + name
            guard let status = FileStatus.lookup(path, followingLinks: false) else { continue }
            out.append((path, status))
            if status.kind == .folder { out += walk(path) }
        }
        return out
    }
}
