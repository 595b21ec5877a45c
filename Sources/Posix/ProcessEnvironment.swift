// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The process environment, read from `environ` (no Foundation `ProcessInfo`), and its working
/// directory.
package enum ProcessEnvironment {
    /// Every `NAME=value` of the environment; for a name given twice, the first (as `getenv` has it).
    package static func current() -> [String: String] {
        var variables: [String: String] = [:]
        // `environ` is NULL after clearenv(3): read it as an optional.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }

    /// The working directory (`getcwd(3)`, symlinks resolved); nil when it cannot be read (it was
    /// removed, or a part of it is not searchable). `$PWD` is not trusted: a parent may have set it
    /// to anything.
    package static func workingDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
