// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

@Suite(.serialized) struct DoctorCommandTests {
    /// A group under a file can never be made: a failure naming the file, never "the agent creates
    /// it". After `make install` (the unit in $XDG_DATA_HOME/systemd/user) and with no agent running,
    /// doctor says how to start the unit.
    @Test func aGroupThatCannotBeMadeFailsAndAnInstalledUnitIsStartedWithSystemctl() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        try Support.write("not a folder", to: root + "/file")
        try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: false)
        let units = try Support.makeFolder(root + "/share/systemd/user")
        try Support.write("[Service]\nExecStart=/usr/bin/nitnem run\n", to: units + "/nitnem.service")
        let env = [
            "HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_DATA_HOME": root + "/share",
            "XDG_CONFIG_HOME": root + "/config", "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root)/no-bus",
        ]
        let r = try NitnemBinary.run(["doctor", "--group", root + "/file/g"], environment: env, timeout: 30)
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "FAIL  group        \(root)/file/g cannot be created: \(root)/file is not a folder; "
                    + "choose another folder with --group\n"),
            "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "warn  agent        not running, but nitnem.service is installed (\(units)/nitnem.service): "
                    + "run systemctl --user enable --now nitnem.service\n"),
            "\(r.stdout)")
    }

    /// A group folder this user may not write: doctor says so, and who owns it rather than a chmod
    /// they cannot run. As root (who may write anywhere) doctor runs as nobody on a folder of root's.
    @Test func aGroupFolderThisUserMayNotWriteSaysWhoOwnsIt() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        chmod(root, 0o755)
        let group = root + "/g"
        try FileManager.default.copyItem(
            atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path, toPath: group)
        // Anyone may make their runtime and state folders here; only the owner may write in the group.
        try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: false)
        chmod(root + "/open", 0o1777)
        chmod(group, 0o555)
        defer { chmod(group, 0o700) }
        // The runtime folder is the user's own, as systemd makes it (the lock does not make it).
        let runtime = root + "/open/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        if getuid() == 0 { chown(runtime, 65534, 65534) }
        let env = [
            "HOME": root + "/open", "XDG_RUNTIME_DIR": runtime, "TZ": "Asia/Kolkata",
            "SGGS_CLOCK_NOW": "2026-11-29T13:00", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root)/no-bus",
        ]
        if getuid() != 0 {
            let r = try NitnemBinary.run(["doctor", "--group", group], environment: env, timeout: 30)
            #expect(
                r.stdout.contains(
                    "FAIL  group        \(group) (mode 555) is not writable by this user; run chmod 700 on it\n"),
                "\(r.stdout)")
            return
        }
        let r = try NitnemBinary.runAsNobody(["doctor", "--group", group], copyIn: root, environment: env)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "FAIL  group        \(group) (mode 555, owned by root) is not writable by this user; "
                    + "ask root for write access, or choose another folder with --group\n"),
            "\(r.stdout)")
        #expect(!r.stdout.contains("chmod"), "\(r.stdout)")
        #expect(r.stdout.contains("warn  agent        not running"), "\(r.stdout)")
    }

    /// doctor asks fontconfig for a font that covers Gurmukhi (`fc-list :lang=pa`): with none (a
    /// fontconfig whose only folder is empty) a warning saying what to install, with one (Lohit
    /// Gurmukhi, from fonts-lohit-guru) it names it. Never a failure.
    @Test func saysWhetherAFontCoversGurmukhi() throws {
        let root = Support.tempFolder()
        defer { Support.cleanup(root) }
        let fonts = try Support.makeFolder(root + "/fonts")
        try Support.write(
            "<?xml version=\"1.0\"?><fontconfig><dir>\(fonts)</dir><cachedir>\(root)/cache</cachedir></fontconfig>\n",
            to: root + "/fonts.conf")
        let env = [
            "HOME": root, "XDG_RUNTIME_DIR": root, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00",
            "FONTCONFIG_FILE": root + "/fonts.conf", "PATH": "/usr/bin:/bin",
        ]
        let none = try NitnemBinary.run(["doctor", "--group", root + "/group"], environment: env, timeout: 30)
        #expect(
            none.stdout.contains(
                "warn  font         no installed font covers Gurmukhi (fc-list :lang=pa): Gurmukhi titles and Punjabi "
                    + "words show as boxes; install one, such as Debian's fonts-noto-core or fonts-lohit-guru\n"),
            "\(none.stdout)")
        try Support.copy(
            "/usr/share/fonts/truetype/lohit-punjabi/Lohit-Gurmukhi.ttf", to: fonts + "/Lohit-Gurmukhi.ttf")
        let one = try NitnemBinary.run(["doctor", "--group", root + "/group"], environment: env, timeout: 30)
        #expect(
            one.stdout.contains("ok    font         Gurmukhi: Lohit Gurmukhi (fc-list :lang=pa)\n"), "\(one.stdout)")
    }
}
