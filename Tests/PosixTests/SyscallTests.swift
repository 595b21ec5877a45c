// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import Posix

/// The one place that retries EINTR and turns EAGAIN into `.wouldBlock`.
@Suite struct SyscallTests {
    /// A body that fails with `errors` in turn (setting errno, as a system call does), then returns 7.
    final class Failing {
        var errors: [Int32]
        var calls = 0
        init(_ errors: [Int32]) { self.errors = errors }
        func call() -> Int32 {
            calls += 1
            guard !errors.isEmpty else { return 7 }
            errno = errors.removeFirst()
            return -1
        }
    }

    @Test func eintrIsRetriedUntilTheCallAnswers() throws {
        let body = Failing([EINTR, EINTR])
        #expect(try Syscall.retrying("read") { body.call() } == 7)
        #expect(body.calls == 3, "two interruptions, then the answer")
    }

    @Test func anotherErrorIsThrownNamingTheCallAndErrno() {
        let body = Failing([EINTR, ENOSPC])
        #expect(throws: SystemError(call: "write", errno: ENOSPC, path: "/g/x")) {
            try Syscall.retrying("write", path: "/g/x") { body.call() }
        }
        #expect(body.calls == 2, "retried after EINTR, not after ENOSPC")
    }

    @Test func eagainIsWouldBlockNotAnError() throws {
        let body = Failing([EINTR, EAGAIN])
        guard case .wouldBlock = try Syscall.nonBlocking("read", { body.call() }) else {
            Issue.record("EAGAIN was not .wouldBlock")
            return
        }
        guard case .done(7) = try Syscall.nonBlocking("read", { Failing([]).call() }) else {
            Issue.record("the answer was not .done(7)")
            return
        }
    }
}
