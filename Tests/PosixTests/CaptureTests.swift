// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import Posix

/// `CleanSpawn.capture` (doctor asks `xdg-mime` through it) and `CleanSpawn.locate`.
@Suite struct CaptureTests {
    @Test func capturesStdoutAndTheExitStatus() throws {
        let r = try CleanSpawn.capture("/bin/sh", ["-c", "printf 'nitnem.desktop\\n'; echo noise >&2; exit 4"])
        #expect(r.status == 4)
        #expect(String(decoding: r.output, as: UTF8.self) == "nitnem.desktop\n")
    }

    @Test func keepsAtMostTheLimitAndStillReapsTheChild() throws {
        let r = try CleanSpawn.capture("/bin/sh", ["-c", "head -c 100000 /dev/zero"], limit: 10)
        #expect(r.status == 0)
        #expect(r.output == [UInt8](repeating: 0, count: 10))
    }

    @Test func aMissingProgramIsENOENT() {
        #expect(throws: SystemError(call: "posix_spawn", errno: ENOENT, path: "nitnem-no-such-program")) {
            try CleanSpawn.capture("nitnem-no-such-program", [])
        }
    }

    @Test func locatesOnTheSearchPath() {
        #expect(CleanSpawn.locate("sh", searchPath: "/nonexistent:/bin") == "/bin/sh")
        #expect(CleanSpawn.locate("/bin/sh", searchPath: "") == "/bin/sh")
        #expect(CleanSpawn.locate("nitnem-no-such-program", searchPath: "/usr/bin:/bin") == nil)
        #expect(CleanSpawn.locate("/etc/passwd", searchPath: "") == nil)  // not executable
        #expect(CleanSpawn.locate("bin", searchPath: "/") == nil)  // a folder
        #expect(CleanSpawn.locate("", searchPath: "/bin") == nil)
    }
}
