// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

/// `nitnem doctor` with a notification server to find (the rest of doctor is `DoctorCommandTests`).
@Suite(.serialized) struct DoctorDesktopTests {
    @Test func healthySetupPassesWithWarningsAndBrokenFilesFail() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let group = try TempGroup(copying: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path)
        defer { group.remove() }
        chmod(group.path, 0o700)
        let root = (group.path as NSString).deletingLastPathComponent
        let env = session.environment.merging(
            ["HOME": root, "XDG_RUNTIME_DIR": root, "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00"],
            uniquingKeysWith: { $1 })
        let ok = try NitnemBinary.run(["doctor", "--group", group.path], environment: env)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("ok    notify       server found; offers actions (Read now)"))
        #expect(ok.stdout.contains("warn  agent        not running"))
        #expect(ok.stdout.contains("ok    progress     \(group.path)/nitnem-progress.json: 5 banis, schema 1"))

        try "{\"banis\": 3}".write(toFile: group.path + "/nitnem-progress.json", atomically: true, encoding: .utf8)
        let bad = try NitnemBinary.run(["doctor", "--group", group.path], environment: env)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("FAIL  files        \(group.path)/nitnem-progress.json: $.banis:"))
        #expect(bad.stderr == "nitnem: some checks failed\n")
    }
}
