// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// This process's user: its uid and its home from the passwd database; other users' names.
package enum UserAccount {
    /// `getuid()`.
    package static var uid: uid_t { getuid() }

    /// The passwd entry's home folder (`getpwuid_r`), nil when there is none.
    package static func home() -> String? {
        entry(getuid()) { $0.pw_dir.map { String(cString: $0) } }
    }

    /// The login name of `uid` (`getpwuid_r`), nil when the passwd database has none.
    package static func name(of uid: uid_t) -> String? {
        entry(uid) { $0.pw_name.map { String(cString: $0) } }
    }

    /// Whether `gid` is this user's private group (a group of their own, as `useradd` makes with
    /// USERGROUPS_ENAB): their primary group, with no member listed but them. Under the umask 002
    /// such systems give users, their folders are group-writable, and that group is theirs alone.
    package static func isPrivateGroup(_ gid: gid_t) -> Bool {
        guard entry(getuid(), { String($0.pw_gid) }) == String(gid) else { return false }
        let me = name(of: getuid())
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        return buffer.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard getgrgid_r(gid, &group, buffer.baseAddress!, buffer.count, &result) == 0, result != nil else {
                return false
            }
            var member = group.gr_mem
            while let name = member?.pointee {
                if String(cString: name) != me { return false }
                member = member?.advanced(by: 1)
            }
            return true
        }
    }

    /// `field` of the passwd entry of `uid`, nil when there is none (or the field is NULL).
    private static func entry(_ uid: uid_t, _ field: (passwd) -> String?) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { buffer -> String? in
            guard getpwuid_r(uid, &entry, buffer.baseAddress!, buffer.count, &result) == 0, result != nil else {
                return nil
            }
            return field(entry)
        }
    }
}
