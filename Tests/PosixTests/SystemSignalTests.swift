// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import Posix

/// signalfd only receives a signal that no thread of the process would take instead. Swift Testing
/// runs tests on several threads that do not block SIGUSR1, and a thread cannot block signals for
/// the others, so:
/// - in process, the signal is thread-directed (`pthread_kill` to this test's own thread, which
///   blocked it): it stays pending on that thread and the descriptor read there returns it;
///   Swift Testing's worker threads (Dispatch's) already block most signals, so each test first
///   unblocks its signals: otherwise it would pass even if `SignalDescriptor` blocked nothing;
/// - the process-directed case (`kill(getpid())`, how systemd sends SIGTERM) runs in a forked child,
///   where the forking thread is the only thread, exactly like the agent's main thread before it
///   starts any other.
@Suite struct SystemSignalTests {
    @Test func threadDirectedSIGUSR1IsReadFromTheDescriptor() throws {
        try SignalDescriptor.unblock([SIGUSR1])
        let signals = try SignalDescriptor(signals: [SIGUSR1])
        // SIGUSR1 stays blocked on this worker thread afterwards, as Dispatch had it.
        defer { signals.close() }
        #expect(signals.signals == [SIGUSR1])
        #expect(try signals.read() == [])
        #expect(pthread_kill(pthread_self(), SIGUSR1) == 0)
        let ready = try Poller.poll([PollItem(fileDescriptor: signals.fileDescriptor)], timeoutMilliseconds: 5000)
        #expect(ready[0].returnedEvents == .readable)
        #expect(try signals.read() == [SIGUSR1])
        #expect(try signals.read() == [])
    }

    @Test func processDirectedSIGUSR1ReachesTheDescriptorInASingleThreadedProcess() throws {
        // Run every code path once here first, so the child (a copy of this multi-threaded process
        // with one thread) needs no lazy runtime work that another thread's lock could block.
        let warm = try SignalDescriptor(signals: [SIGUSR2])
        _ = try warm.read()
        _ = try Poller.poll([PollItem(fileDescriptor: warm.fileDescriptor)], timeoutMilliseconds: 0)
        warm.close()
        try SignalDescriptor.unblock([SIGUSR2])

        let status = SystemTestSupport.inForkedChild {
            do {
                try SignalDescriptor.unblock([SIGUSR1, SIGTERM])
                let signals = try SignalDescriptor(signals: [SIGUSR1, SIGTERM])
                guard kill(getpid(), SIGUSR1) == 0, kill(getpid(), SIGTERM) == 0 else { return 2 }
                let ready = try Poller.poll(
                    [PollItem(fileDescriptor: signals.fileDescriptor)], timeoutMilliseconds: 5000)
                guard ready[0].isReady else { return 3 }
                // Pending standard signals are dequeued lowest number first.
                return try signals.read() == [SIGUSR1, SIGTERM] ? 0 : 4
            } catch {
                return 5
            }
        }
        // Killed by SIGUSR1 or SIGTERM would mean the signal bypassed the descriptor.
        #expect(SystemTestSupport.killingSignal(status) == nil)
        #expect(SystemTestSupport.exitCode(status) == 0)
    }

    @Test func ignoringSIGPIPETurnsABrokenPipeIntoEPIPE() {
        // Changes a process-wide disposition, so it runs in a child.
        let status = SystemTestSupport.inForkedChild {
            do { try SignalDescriptor.ignoreSIGPIPE() } catch { return 2 }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return 3 }
            close(ends[0])
            let byte: [UInt8] = [1]
            let written = byte.withUnsafeBytes { write(ends[1], $0.baseAddress, 1) }
            return written == -1 && errno == EPIPE ? 0 : 4
        }
        #expect(SystemTestSupport.killingSignal(status) == nil)
        #expect(SystemTestSupport.exitCode(status) == 0)
    }

    @Test func aBadSignalNumberFailsNamingTheCall() {
        #expect(throws: SystemError(call: "pthread_sigmask", errno: EINVAL)) {
            try SignalDescriptor(signals: [9999])
        }
    }
}
