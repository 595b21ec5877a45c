// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

extension NitnemBinary {
    /// Runs `nitnem arguments…` as nobody (uid and gid 65534, through `setpriv`; needs root), from a
    /// copy of the binary in `folder`: one nobody can run, wherever the checkout lives.
    package static func runAsNobody(
        _ arguments: [String], copyIn folder: String, environment: [String: String]
    ) throws -> Result {
        let binary = folder + "/nitnem"
        try Support.copy(path, to: binary)
        chmod(binary, 0o755)
        let setpriv = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
        var r = try run(setpriv, environment: environment, executable: "/usr/bin/setpriv", timeout: 30)
        // Another test's fork can briefly inherit the copy's write descriptor (ETXTBSY, status 126).
        for _ in 0..<20 where r.status == 126 && r.stderr.contains("Text file busy") {
            usleep(50_000)
            r = try run(setpriv, environment: environment, executable: "/usr/bin/setpriv", timeout: 30)
        }
        return r
    }
}
