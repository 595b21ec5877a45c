// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Posix
import Snapshot

/// `nitnem listen`, the shell side: a player started, then watched for a moment so one that fails
/// at once (a file it cannot play) is said; one that plays is left to play.
extension ReaderLauncher {
    /// What the player did while it was watched.
    package enum Start: Equatable, Sendable {
        /// Still playing when the watch ended (or it exited 0 meanwhile).
        case playing
        /// It exited with this status.
        case exited(Int32)
    }

    /// Starts `launch` quietly (its output to /dev/null) and watches it for `settleMilliseconds`.
    /// - Throws: `Failure` when it cannot be started.
    package func startPlayer(_ launch: ReaderLaunch, settleMilliseconds: Int) throws(Failure) -> Start {
        let pid = try start(launch, quiet: true)
        for _ in 0..<(settleMilliseconds / 20) {
            if let status = CleanSpawn.reap(pid) { return status == 0 ? .playing : .exited(status) }
            usleep(20_000)
        }
        return .playing
    }
}
