// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `make install`'s desktop half (`scripts/install-desktop.sh`) into a scratch XDG home: then
/// `xdg-open sggs://bani/jaap` reaches `nitnem open`, and `doctor` sees the handler.
@Suite(.serialized) struct DesktopHandlerTests {
    @Test func xdgOpenReachesNitnemOpenThroughTheDesktopFile() throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let s = try ScratchHome()
        defer { s.remove() }
        let recorder = try s.recorder()
        try s.config("reader = \(recorder) {url}\n")
        // The generic freedesktop path every desktop falls back to (mimeapps.list, the entry's Exec).
        let env = s.environment.merging(session.environment, uniquingKeysWith: { $1 })
            .merging(["XDG_CURRENT_DESKTOP": "X-Generic"], uniquingKeysWith: { $1 })
        let doctorBefore = try NitnemBinary.run(["doctor"], environment: env)
        #expect(doctorBefore.stdout.contains("warn  handler      nothing opens sggs:// links"))

        let install = try NitnemBinary.run(
            [s.root + "/data", NitnemBinary.path], environment: env,
            executable: NitnemBinary.packageRoot.appendingPathComponent("scripts/install-desktop.sh").path)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        let entry = try String(contentsOfFile: s.root + "/data/applications/nitnem.desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=\(NitnemBinary.path) open %u\n"))
        #expect(entry.contains("\nMimeType=x-scheme-handler/sggs;\n"))
        #expect(FileManager.default.fileExists(atPath: s.root + "/data/icons/hicolor/scalable/apps/nitnem.svg"))
        let mimeapps = try String(contentsOfFile: s.root + "/config/mimeapps.list", encoding: .utf8)
        #expect(mimeapps.contains("x-scheme-handler/sggs=nitnem.desktop"))

        let opened = try NitnemBinary.run(["sggs://bani/jaap"], environment: env, executable: "/usr/bin/xdg-open")
        #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)")
        #expect(s.recorded == ["https://www.sikhitothemax.org/sundar-gutka/4"])

        let doctor = try NitnemBinary.run(["doctor"], environment: env)
        #expect(doctor.stdout.contains("ok    handler      sggs:// links open with nitnem.desktop (nitnem open)"))
        #expect(doctor.stdout.contains("ok    reader       \(recorder) {url} (\(recorder))"))
    }
}
