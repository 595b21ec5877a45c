// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc
import NitnemClockKit

/// The real clock, `clock_gettime(CLOCK_REALTIME)`: the reader the shell hands `NitnemClock`.
package enum WallClock {
    /// The real instant now.
    @Sendable package static func now() -> Date {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        // As Foundation computes it: relative to 2001, where the double keeps more fraction bits.
        return Date(
            timeIntervalSinceReferenceDate: Double(t.tv_sec) - Date.secondsFrom1970To2001 + 1e-9 * Double(t.tv_nsec))
    }
}
