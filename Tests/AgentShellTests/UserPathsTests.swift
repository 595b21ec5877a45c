// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Glibc
import Posix
import Snapshot
import Testing

@Suite struct UserPathsTests {
    @Test func defaultPathFollowsXDGRuntimeDir() {
        #expect(
            UserPaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).agentLock
                == "/run/user/1000/nitnem/agent.lock")
        #expect(UserPaths(environment: [:]).agentLock == "/tmp/nitnem-\(getuid())/agent.lock")
        #expect(UserPaths(environment: ["XDG_RUNTIME_DIR": "run"]).agentLock == "/tmp/nitnem-\(getuid())/agent.lock")
    }

    @Test func groupConfigAndLedgerFollowTheirVariables() {
        let home = ["HOME": "/home/u"]
        #expect(UserPaths(environment: home).group().path == "/home/u/.local/share/sggs/group.org.sggs")
        #expect(UserPaths(environment: home.merging(["SGGS_APP_GROUP": "/g"]) { $1 }).group().path == "/g")
        #expect(UserPaths(environment: home.merging(["SGGS_APP_GROUP": "/g"]) { $1 }).group(flag: "/f").path == "/f")
        #expect(
            UserPaths(environment: home.merging(["XDG_DATA_HOME": "/d"]) { $1 }).group().path
                == "/d/sggs/group.org.sggs")
        // Not absolute: ignored, as the base directory spec says.
        #expect(
            UserPaths(environment: home.merging(["XDG_CONFIG_HOME": "rel"]) { $1 }).config()
                == "/home/u/.config/nitnem/config")
        #expect(UserPaths(environment: home).config(flag: "/c") == "/c")
        #expect(
            UserPaths(environment: home.merging(["XDG_STATE_HOME": "/s"]) { $1 }).ledger == "/s/nitnem/reminders.json")
    }

    /// A relative `--group` or `SGGS_APP_GROUP` becomes absolute against the working directory, so
    /// the agent records, and doctor compares, the folder itself wherever each was started.
    @Test func aRelativeGroupIsTakenFromTheWorkingDirectory() {
        let paths = UserPaths(environment: ["HOME": "/home/u"], workingDirectory: "/home/u/work")
        #expect(paths.group(flag: "g").path == "/home/u/work/g")
        #expect(paths.group(flag: "../g/").path == "/home/u/g")
        #expect(paths.group(flag: "/abs/g/").path == "/abs/g/")
        let fromEnvironment = UserPaths(
            environment: ["HOME": "/home/u", "SGGS_APP_GROUP": "./shared//g"], workingDirectory: "/srv")
        #expect(fromEnvironment.group().path == "/srv/shared/g")
        // No working directory (it was removed): left as given, for the kernel to resolve or refuse.
        #expect(UserPaths(environment: [:], workingDirectory: nil).group(flag: "g").path == "g")
        // By default, this process's.
        let cwd = ProcessEnvironment.workingDirectory() ?? "/"
        #expect(UserPaths(environment: [:]).group(flag: "g").path == Path.lexical(cwd + "/g"))
    }

    @Test func systemdUserUnitFoldersFollowTheManagersOrder() {
        let home = ["HOME": "/home/u"]
        #expect(
            UserPaths(environment: home).systemdUserUnitFolders == [
                "/home/u/.config/systemd/user", "/etc/systemd/user", "/home/u/.local/share/systemd/user",
                "/usr/local/share/systemd/user", "/usr/share/systemd/user", "/usr/local/lib/systemd/user",
                "/usr/lib/systemd/user",
            ])
        let xdg = home.merging(["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_DATA_DIRS": "/x:rel:/y"]) { $1 }
        #expect(
            UserPaths(environment: xdg).systemdUserUnitFolders == [
                "/c/systemd/user", "/etc/systemd/user", "/d/systemd/user", "/x/systemd/user", "/y/systemd/user",
                "/usr/local/lib/systemd/user", "/usr/lib/systemd/user",
            ])
    }
}
