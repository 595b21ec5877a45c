// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A pipe (`pipe(2)`) for a test; `close()` closes both ends.
package struct TestPipe {
    /// A pipe(2) that failed, with its errno.
    package struct Failed: Error {
        package let errno: Int32
    }

    package let read: Int32
    package let write: Int32

    package init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failed(errno: errno) }
        (read, write) = (ends[0], ends[1])
    }

    package func close() {
        Glibc.close(read)
        Glibc.close(write)
    }
}
