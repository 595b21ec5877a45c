// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import Posix

@Suite struct SystemErrorTests {
    @Test(
        arguments: [
            (SystemError(call: "timerfd_settime", errno: ECANCELED), "timerfd_settime: ECANCELED (Operation canceled)"),
            (SystemError(call: "read", errno: EAGAIN), "read: EAGAIN (Resource temporarily unavailable)"),
            (
                SystemError(call: "open", errno: ENOENT, path: "/run/user/1/nitnem/agent.lock"),
                "open /run/user/1/nitnem/agent.lock: ENOENT (No such file or directory)"
            ),
            (SystemError(call: "poll", errno: 4242), "poll: errno 4242 (Unknown error 4242)"),
        ] as [(SystemError, String)])
    func descriptionNamesTheCallAndTheErrno(error: SystemError, text: String) {
        #expect(error.description == text)
        #expect("\(error)" == text)
    }

    @Test func errnoNames() {
        #expect(SystemError(call: "x", errno: EWOULDBLOCK).errnoName == "EAGAIN")
        #expect(SystemError(call: "x", errno: EINTR).errnoName == "EINTR")
        #expect(SystemError(call: "x", errno: EPIPE).message == "Broken pipe")
    }
}
