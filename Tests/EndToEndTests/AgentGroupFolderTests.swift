// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// An agent whose group folder cannot be made stops at once with exit 2 (the unit's
/// `RestartPreventExitStatus=2 3`: systemd does not restart it into the same wall), saying so first.
@Suite struct AgentGroupFolderTests {
    /// The one line it says, and that it said nothing else and recorded nothing.
    static func expectStoppedAtTheGroup(_ r: NitnemBinary.Result, group: String, because: String, runtime: String) {
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr
                == "nitnem: cannot create the group folder \(group): \(because); choose another --group or SGGS_APP_GROUP\n",
            "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        // Stopped before recording itself as the agent watching that group.
        #expect(!FileManager.default.fileExists(atPath: runtime + "/agent.json"))
    }

    @Test func aGroupUnderAFileIsBadInput() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        try Support.write("not a folder", to: root + "/file")
        try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: false)
        let env = [
            "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T12:00", "XDG_RUNTIME_DIR": root + "/run", "HOME": root,
        ]
        let r = try NitnemBinary.run(["run", "--group", root + "/file/g"], environment: env, timeout: 30)
        Self.expectStoppedAtTheGroup(
            r, group: root + "/file/g", because: "\(root)/file: is not a folder", runtime: root + "/run/nitnem")
        // The same, named relatively: the message names the absolute path.
        let relative = try NitnemBinary.run(
            ["run", "--group", "file/g"], environment: env, currentDirectory: root, timeout: 30)
        Self.expectStoppedAtTheGroup(
            relative, group: root + "/file/g", because: "\(root)/file: is not a folder", runtime: root + "/run/nitnem")
    }

    /// A parent this user may not write in. Root may write anywhere: as root the agent runs as nobody.
    @Test func aGroupUnderAFolderThisUserMayNotWriteIsBadInput() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        chmod(root, 0o755)
        try FileManager.default.createDirectory(atPath: root + "/closed", withIntermediateDirectories: false)
        chmod(root + "/closed", 0o555)
        defer { chmod(root + "/closed", 0o700) }
        try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: false)
        chmod(root + "/open", 0o1777)
        let runtime = root + "/open/run"
        // The runtime folder is the user's own, as systemd makes it (the lock does not make it).
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        if getuid() == 0 { chown(runtime, 65534, 65534) }
        let env = [
            "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T12:00", "XDG_RUNTIME_DIR": runtime,
            "HOME": root + "/open",
        ]
        let group = root + "/closed/g"
        let because = "mkdir \(group): EACCES (Permission denied)"
        if getuid() != 0 {
            let r = try NitnemBinary.run(["run", "--group", group], environment: env, timeout: 30)
            Self.expectStoppedAtTheGroup(r, group: group, because: because, runtime: runtime + "/nitnem")
            return
        }
        let r = try NitnemBinary.runAsNobody(["run", "--group", group], copyIn: root, environment: env)
        Self.expectStoppedAtTheGroup(r, group: group, because: because, runtime: runtime + "/nitnem")
    }
}
