// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import Glibc
import Snapshot
import TestSupport
import Testing

@testable import Posix

@Suite struct PermissionTests {
    /// A file this user may not read. Root reads anything, so as root the check runs the binary as
    /// `nobody` (setpriv); otherwise in process.
    @Test func permissionDenied() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.write(#"{"schema":1,"banis":{}}"#, to: group.progressPath)
        chmod(group.progressPath, 0)
        let before = Support.bytesAsRoot(group.progressPath)
        let expected = "\(group.progressPath): permission denied: this user cannot read it (check its owner and mode)"
        if getuid() != 0 {
            #expect(
                throws: FileError(
                    .permissionDenied, path: group.progressPath,
                    problem: FileReader.openProblem("p", SystemError(call: "open", errno: EACCES)).problem)
            ) {
                try FileReader.read(group.progressPath, limit: 4 << 20)
            }
        } else {
            // nobody must reach the folder and lock file, but not read the progress file.
            chmod(dir, 0o755)
            try Support.write("", to: group.progressLockPath)
            chmod(group.progressLockPath, 0o666)
            // A copy beside the group, so nobody can run it wherever the checkout lives.
            let binary = dir + "/nitnem"
            try Support.copy(NitnemBinary.path, to: binary)
            chmod(binary, 0o755)
            // Another test's fork can briefly inherit the copy's write descriptor (exec then fails
            // with ETXTBSY, status 126): try again a few times.
            var result = try Support.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "mark", "japji", "--group", dir],
                executable: "/usr/bin/setpriv")
            for _ in 0..<20 where result.status == 126 && result.stderr.contains("Text file busy") {
                Thread.sleep(forTimeInterval: 0.05)
                result = try Support.run(
                    ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "mark", "japji", "--group", dir],
                    executable: "/usr/bin/setpriv")
            }
            #expect(result.status == 2)
            #expect(result.stderr == "nitnem: \(expected)\n")
        }
        #expect(Support.bytesAsRoot(group.progressPath) == before)
    }
}

extension Support {
    /// The bytes of a file whatever its mode (chmod'ed back for the read when needed).
    static func bytesAsRoot(_ path: String) -> [UInt8] {
        var st = stat()
        stat(path, &st)
        chmod(path, 0o600)
        defer { chmod(path, st.st_mode & 0o7777) }
        return bytes(path)
    }
}
