// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import Glibc
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

/// `nitnem sync merge` and `sync setup`, and the agent merging a conflict copy as it arrives.
@Suite struct SyncCommandTests {
    static let main =
        #"{"schema":1,"banis":{"japji":{"lastSeq":385,"lastReadAt":"2026-11-29T05:00:00Z","completedDays":["2026-11-28","2026-11-29"],"fontScale":1.250}},"appOnly":[1.50]}"#
    static let copy =
        #"{"schema":1,"banis":{"japji":{"lastSeq":5,"lastReadAt":"2026-11-28T05:00:00Z","completedDays":["2026-11-27"]},"rehras":{"completedDays":["2026-11-29"]}}}"#
    static let copyName = "nitnem-progress.sync-conflict-20261129-080000-ABCDEFG.json"

    func environment(_ root: String) -> [String: String] {
        Support.baseEnvironment.merging(
            ["XDG_STATE_HOME": root + "/state", "SGGS_CLOCK_NOW": "2026-11-29T10:00:00Z", "TZ": "UTC"]
        ) { $1 }
    }

    func days(_ path: String) throws -> [String: [String]] {
        let progress = try NitnemProgress.decode(try JSONParser.parse(Support.bytes(path)), path: path)
        return progress.banis.mapValues { $0.completedDays.map(\.description).sorted() }
    }

    @Test func mergeByHandMovesTheCopyAndIsIdempotent() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let group = try Support.makeFolder(root + "/g")
        try Support.write(Self.main, to: group + "/" + AppGroup.progressName)
        try Support.write(Self.copy, to: group + "/" + Self.copyName)
        let r = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("\(Self.copyName) (Syncthing) merged into nitnem-progress.json: 2 completed days added"))
        #expect(
            try days(group + "/" + AppGroup.progressName)
                == ["japji": ["2026-11-27", "2026-11-28", "2026-11-29"], "rehras": ["2026-11-29"]])
        let text = String(decoding: Support.bytes(group + "/" + AppGroup.progressName), as: UTF8.self)
        #expect(text.contains(#""fontScale":1.250}"#) && text.contains(#""appOnly":[1.50]"#), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: group + "/" + Self.copyName))
        #expect(Support.bytes(root + "/state/nitnem/merged/" + Self.copyName) == Array(Self.copy.utf8))
        // The same copy again (a second machine's, say): the file does not change.
        let before = Support.bytes(group + "/" + AppGroup.progressName)
        try Support.write(Self.copy, to: group + "/" + Self.copyName)
        let again = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 completed days added"))
        #expect(Support.bytes(group + "/" + AppGroup.progressName) == before)
        #expect(FileManager.default.fileExists(atPath: root + "/state/nitnem/merged/2-" + Self.copyName))
        // doctor counts them.
        let doctor = try Support.run(["doctor", "--group", group], environment: environment(root))
        #expect(doctor.stdout.contains("sync         2 conflict copies merged in the last 30 days"), "\(doctor.stdout)")
        // Nothing left: said so.
        let none = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(none.stdout == "No conflict copies in \(group)\n")
    }

    @Test func aCopyThatDoesNotParseIsLeftAndSaid() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let group = try Support.makeFolder(root + "/g")
        let name = "nitnem-mynitnem (Jane's conflicted copy 2026-11-29).json"
        try Support.write("{\"sets\":", to: group + "/" + name)
        // Without its main file a copy waits (an engine renames the file away before it puts the new
        // one in place).
        let waiting = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(waiting.status == 0)
        #expect(waiting.stdout == "\(name): its main file is not there (yet); not merged\n")
        try Support.write(#"{"schema":1}"#, to: group + "/" + AppGroup.mynitnemName)
        let r = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(r.status == 1)
        #expect(r.stderr.contains("a Dropbox conflict copy, left in place (not merged)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: group + "/" + name))
    }

    @Test func theNewerSetsWinAndDoctorSaysSo() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let group = try Support.makeFolder(root + "/g")
        try Support.write(
            #"{"schema":1,"sets":{"morning":["japji"]},"reminders":{"japji":"06:00"},"modifiedAt":"2026-11-29T05:00:00Z"}"#,
            to: group + "/" + AppGroup.mynitnemName)
        let copy =
            #"{"schema":1,"sets":{"morning":["japji","sukhmani"]},"reminders":{"sukhmani":"10:00"},"modifiedAt":"2026-11-29T07:00:00Z"}"#
        try Support.write(copy, to: group + "/nitnem-mynitnem.sync-conflict-20261129-080000-ABCDEFG.json")
        let r = try Support.run(["sync", "merge", "--group", group], environment: environment(root))
        #expect(r.stdout.contains("the copy's sets won (modifiedAt 2026-11-29T07:00:00Z over"), "\(r.stdout)")
        let mine = try MyNitnem.decode(
            try JSONParser.parse(Support.bytes(group + "/" + AppGroup.mynitnemName)), path: "m")
        #expect(mine.sets[.morning] == ["japji", "sukhmani"])
        #expect(mine.reminders.map(\.id) == ["sukhmani", "japji"])
        let doctor = try Support.run(["doctor", "--group", group], environment: environment(root))
        #expect(doctor.stdout.contains("your sets, last merged: the copy's sets won"), "\(doctor.stdout)")
    }

    @Test func setupExtendsTheStignoreOfTheSyncthingFolderWithoutClobbering() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let folder = root + "/Sync"
        let group = folder + "/sggs/group.org.sggs"
        try Support.makeFolder(folder + "/.stfolder")
        try Support.makeFolder(group)
        try Support.write("// mine\n*.bak", to: folder + "/.stignore")
        let doctor = try Support.run(["doctor", "--group", group], environment: environment(root))
        #expect(doctor.stdout.contains("ok    sync         the group is in the Syncthing folder \(folder)\n"))
        #expect(doctor.stdout.contains("does not ignore /sggs/group.org.sggs/widgets"), "\(doctor.stdout)")
        let r = try Support.run(["sync", "setup", "--group", group], environment: environment(root))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            String(decoding: Support.bytes(folder + "/.stignore"), as: UTF8.self)
                == "// mine\n*.bak\n\(SyncIgnore.comment)\n/sggs/group.org.sggs/widgets\n"
                + "/sggs/group.org.sggs/.nitnem-progress.lock\n/sggs/group.org.sggs/.nitnem-mynitnem.lock\n"
                + "/sggs/group.org.sggs/.*.tmp-*\n")
        let again = try Support.run(["sync", "setup", "--group", group], environment: environment(root))
        #expect(again.stdout.contains("already keeps this machine's files local"))
        let after = try Support.run(["doctor", "--group", group], environment: environment(root))
        #expect(after.stdout.contains("keeps widgets/, the lock and temp files on this machine"))
    }

    @Test func theAgentMergesACopyAsItArrivesAndStatusNeverMerges() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let group = try Support.makeFolder(root + "/g")
        try Support.makeFolder(root + "/run")
        try Support.write(Self.main, to: group + "/" + AppGroup.progressName)
        try Support.write(Self.copy, to: group + "/" + Self.copyName)
        // status reads; it never merges.
        let status = try Support.run(["status", "--group", group], environment: environment(root))
        #expect(status.status == 0)
        #expect(FileManager.default.fileExists(atPath: group + "/" + Self.copyName))
        let agent = try NitnemProcess(
            ["run", "--group", group, "--lock", root + "/run/agent.lock"],
            environment: environment(root).merging(["XDG_RUNTIME_DIR": root + "/run"]) { $1 },
            stderrPath: root + "/agent.log")
        defer { _ = agent.terminate(timeout: 5) }
        // At start, the copy that was waiting.
        #expect(
            NitnemProcess.waitUntil(timeout: 5) {
                !FileManager.default.fileExists(atPath: group + "/" + Self.copyName)
            },
            "\(agent.stderr)")
        #expect(try days(group + "/" + AppGroup.progressName)["rehras"] == ["2026-11-29"])
        // One arriving as a sync engine writes it: a temp file renamed into place.
        let second = "nitnem-progress.sync-conflict-20261129-090000-ABCDEFG.json"
        try Support.write(
            #"{"schema":1,"banis":{"jaap":{"completedDays":["2026-11-29"]}}}"#, to: group + "/.syncthing.tmp")
        #expect(rename(group + "/.syncthing.tmp", group + "/" + second) == 0)
        #expect(
            NitnemProcess.waitUntil(timeout: 2) {
                (try? days(group + "/" + AppGroup.progressName)["jaap"]) == ["2026-11-29"]
            },
            "\(agent.stderr)")
        #expect(NitnemProcess.waitUntil(timeout: 2) { !FileManager.default.fileExists(atPath: group + "/" + second) })
        #expect(
            NitnemProcess.waitUntil(timeout: 2) {
                agent.stderr.contains("\(second) (Syncthing) merged into nitnem-progress.json")
            }, "\(agent.stderr)")
        // One that does not parse: left, said once.
        let bad = "nitnem-progress.sync-conflict-20261129-100000-ABCDEFG.json"
        try Support.write("{", to: group + "/" + bad)
        #expect(agent.waitForStderr("left in place (not merged)", timeout: 2))
        // Another read (a mark) does not say it again.
        let mark = try Support.run(
            ["mark", "japji", "--day", "2026-11-26", "--group", group], environment: environment(root))
        #expect(mark.status == 0, "\(mark.stderr)")
        usleep(400_000)
        #expect(
            agent.stderr.split(separator: "\n").filter { $0.contains("left in place") }.count == 1, "\(agent.stderr)")
        #expect(FileManager.default.fileExists(atPath: group + "/" + bad))
        #expect(agent.isRunning)
    }
}

/// Syncthing 1.19 finishes a pull that conflicts in three steps (lib/model/folder_sendrecv.go,
/// performFinish): the main file renamed away as the copy, its version renamed into place, then that
/// file's time set to the other machine's. A merge written between the second and third steps was
/// stamped with the other machine's time and never sent (the sync attack, 2026-12-04): the agent
/// waits for quiet before it merges.
@Suite struct SyncEngineFinishTests {
    @Test func theMergeLandsAfterTheEngineSetsTheFilesTime() throws {
        let folder = try AgentFolder()
        defer { folder.remove() }
        let group = folder.group
        let main = group + "/" + AppGroup.progressName
        try Support.makeFolder(group)
        try Support.write(#"{"schema":1,"banis":{"japji":{"completedDays":["2026-11-23"]}}}"#, to: main)
        let agent = try folder.startedAgent(folder.environment(now: "2026-11-29T10:00:00Z"), ["--lock", folder.lock])
        defer { _ = agent.terminate(timeout: 5) }
        // The other machine's version, its time from the other machine (a minute ago).
        let copy = group + "/nitnem-progress.sync-conflict-20261129-100000-ABCDEFG.json"
        try Support.write(#"{"schema":1,"banis":{"jaap":{"completedDays":["2026-11-24"]}}}"#, to: group + "/.st.tmp")
        #expect(rename(main, copy) == 0)
        #expect(rename(group + "/.st.tmp", main) == 0)
        usleep(50_000)  // the engine's own pace between its steps, on a busy machine
        let theirs = timespec(tv_sec: time(nil) - 60, tv_nsec: 123_456_789)
        var times = [theirs, theirs]
        #expect(utimensat(AT_FDCWD, main, &times, 0) == 0)
        #expect(agent.waitForStderr("merged into nitnem-progress.json", timeout: 5), "\(agent.stderr)")
        let bytes = String(decoding: Support.bytes(main), as: UTF8.self)
        #expect(bytes.contains("2026-11-23") && bytes.contains("2026-11-24"), "\(bytes)")
        // Written after the engine's last step: its own time, which the engine sees as a change.
        var info = stat()
        #expect(stat(main, &info) == 0)
        #expect(info.st_mtim.tv_sec != theirs.tv_sec || info.st_mtim.tv_nsec != theirs.tv_nsec)
    }
}
