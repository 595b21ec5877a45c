// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// Signals delivered as readable records on a signalfd instead of to handlers.
///
/// Poll `fileDescriptor` for readability, then `read()`.
///
/// - Important: Blocking is per thread (`pthread_sigmask`) and threads inherit the mask of the
///   thread that creates them. Create the descriptor in the main thread before any other thread
///   exists (first thing in `main`, before Dispatch, Foundation or Swift concurrency start
///   threads); a process-directed signal (`kill`, systemd's SIGTERM) goes to any thread that
///   does not block it, and then its default action (terminate) runs instead of reaching the fd.
///   (Dispatch's worker threads happen to block most signals themselves; the main thread and
///   threads made with `Thread` or `pthread_create` do not.)
/// - Important: The mask survives `execve`. Whoever spawns a child (an opener, a helper) must
///   reset it there, e.g. `posix_spawnattr_setsigmask` with an empty set.
/// - Important: Owns its descriptor: `close()` it, or let `deinit` do it. Closing leaves the
///   signals blocked (unblocking would let a pending SIGTERM kill the process); `unblock(_:)` does that.
package final class SignalDescriptor {
    private let descriptor: FileDescriptor
    /// The signalfd, for `Poller`; -1 once closed.
    package var fileDescriptor: Int32 { descriptor.rawValue }
    /// The signal numbers this descriptor reports.
    package let signals: [Int32]

    /// Blocks `signals` in the calling thread (`pthread_sigmask(SIG_BLOCK, …)`) and opens
    /// `signalfd(-1, …, SFD_NONBLOCK | SFD_CLOEXEC)` for them.
    /// - Throws: `SystemError` (`pthread_sigmask: EINVAL` for a bad signal number, or `signalfd: …`).
    package init(signals: [Int32]) throws(SystemError) {
        self.signals = signals
        try Syscall.checked("pthread_sigmask") {
            signals.withUnsafeBufferPointer { nitnem_sigmask(SIG_BLOCK, $0.baseAddress, Int32($0.count)) }
        }
        descriptor = FileDescriptor(
            owning: try Syscall.retrying("signalfd") {
                signals.withUnsafeBufferPointer { nitnem_signalfd_create($0.baseAddress, Int32($0.count)) }
            })
    }

    /// The signal numbers received since the last read, oldest first (`read(2)` of
    /// `struct signalfd_siginfo` records); `[]` when none are pending (EAGAIN). Standard signals
    /// coalesce: two SIGTERMs before a read may arrive as one.
    package func read() throws(SystemError) -> [Int32] {
        let size = nitnem_signalfd_siginfo_size()
        var buffer = [UInt8](repeating: 0, count: size * 16)
        let result = try descriptor.read(into: &buffer)
        guard case .done(let count) = result else { return [] }
        return buffer.withUnsafeBytes { bytes in
            // ssi_signo (uint32) is the record's first field.
            stride(from: 0, to: count - count % size, by: size).map {
                Int32(bitPattern: bytes.loadUnaligned(fromByteOffset: $0, as: UInt32.self))
            }
        }
    }

    /// Closes the signalfd (`close(2)`); the signals stay blocked. Idempotent.
    package func close() { descriptor.close() }

    /// Unblocks `signals` in the calling thread: `pthread_sigmask(SIG_UNBLOCK, …)`. A signal still
    /// pending is delivered at once (for SIGTERM: its handler or default action).
    package static func unblock(_ signals: [Int32]) throws(SystemError) {
        try Syscall.checked("pthread_sigmask") {
            signals.withUnsafeBufferPointer { nitnem_sigmask(SIG_UNBLOCK, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// Ignores SIGPIPE for the whole process (`signal(SIGPIPE, SIG_IGN)`), so that writing to a
    /// closed pipe or socket fails with EPIPE instead of killing the process: what a writer such as
    /// `status --follow` wants, to exit cleanly when the bar reading it goes away.
    /// - Important: An ignored disposition survives `execve`; reset it (`posix_spawnattr_setsigdefault`)
    ///   for children that rely on SIGPIPE, like `head` or shell pipelines.
    package static func ignoreSIGPIPE() throws(SystemError) {
        _ = try Syscall.retrying("signal") { nitnem_signal_ignore(SIGPIPE) }
    }
}
