import Glibc

/// This process's user: its uid and its home from the passwd database.
package enum UserAccount {
    /// `getuid()`.
    package static var uid: uid_t { getuid() }

    /// The passwd entry's home folder (`getpwuid_r`), nil when there is none.
    package static func home() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let dir = entry.pw_dir
        else { return nil }
        return String(cString: dir)
    }
}
