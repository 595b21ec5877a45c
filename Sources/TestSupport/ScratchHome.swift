// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A scratch home: `config/nitnem/config`, a `data` folder, and scripts that record their argv. Here
/// because both tiers open links with it: `nitnem open` and `listen` in the fast one, `xdg-open` in
/// the desktop one.
package struct ScratchHome {
    package let root: String

    package init() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-open-\(UUID().uuidString)")
            .path
        try Support.makeFolder(root + "/config/nitnem")
        try Support.makeFolder(root + "/data")
    }

    package func remove() { try? FileManager.default.removeItem(atPath: root) }

    package var environment: [String: String] {
        [
            "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00", "HOME": root,
            "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "PATH": "/usr/bin:/bin",
        ]
    }

    /// Writes the config file.
    package func config(_ text: String) throws {
        try text.write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
    }

    /// An executable script `name` with `body` after `#!/bin/sh`.
    package func script(_ name: String, _ body: String) throws -> String {
        let path = root + "/" + name
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// A script that writes each of its arguments on a line of `<root>/argv`.
    package func recorder() throws -> String {
        try script("record", "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(root)/argv'")
    }

    /// The arguments the recorder got; `nil` when it never ran.
    package var recorded: [String]? {
        (try? String(contentsOfFile: root + "/argv", encoding: .utf8)).map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// `nitnem open arguments…` in this home.
    package func open(_ arguments: [String]) throws -> NitnemBinary.Result {
        try NitnemBinary.run(["open"] + arguments, environment: environment)
    }
}
