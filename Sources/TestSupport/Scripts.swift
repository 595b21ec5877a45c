// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stand-ins for the programs nitnem starts (an opener, a player), and what they leave behind.
extension Support {
    /// Writes at `path` an executable `/bin/sh` script that writes its arguments, one a line, to
    /// `output`; returns `path`.
    package static func recordingScript(at path: String, to output: String) throws -> String {
        try write("#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > \(output)\n", to: path)
        chmod(path, 0o755)
        return path
    }

    /// The text of `path` once a program in the background has written it: waits up to `timeout`
    /// seconds for the file, then `settle` seconds for the writer to finish; "" when it never came.
    package static func text(onceWritten path: String, timeout: TimeInterval = 10, settle: TimeInterval) -> String {
        _ = NitnemProcess.waitUntil(timeout: timeout) { FileManager.default.fileExists(atPath: path) }
        Thread.sleep(forTimeInterval: settle)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
