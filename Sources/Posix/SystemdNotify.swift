// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// systemd's readiness protocol (`sd_notify`): one datagram to the socket named by `$NOTIFY_SOCKET`.
package enum SystemdNotify {
    /// Sends `READY=1`: the service finished starting (for `Type=notify` units).
    /// - Returns: false, sending nothing, when `NOTIFY_SOCKET` is unset or empty (not under systemd).
    @discardableResult
    package static func ready(environment: [String: String]) throws(SystemError) -> Bool {
        try send("READY=1", environment: environment)
    }

    /// Sends `STOPPING=1`: the service is shutting down.
    /// - Returns: false, sending nothing, when `NOTIFY_SOCKET` is unset or empty.
    @discardableResult
    package static func stopping(environment: [String: String]) throws(SystemError) -> Bool {
        try send("STOPPING=1", environment: environment)
    }

    /// Sends `state` (newline-separated `KEY=VALUE` lines) to `$NOTIFY_SOCKET`: a path, or an
    /// abstract socket when it starts with `@`. Calls `socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC |
    /// SOCK_NONBLOCK)` and `sendto(2)` (without blocking: a full queue fails with EAGAIN rather than
    /// stalling the agent).
    /// - Returns: false, sending nothing, when `NOTIFY_SOCKET` is unset or empty.
    /// - Throws: `SystemError` naming the socket (`sendto: EAFNOSUPPORT` for an address that is
    ///   neither a path nor `@name`, such as systemd's `vsock:` form).
    @discardableResult
    package static func send(_ state: String, environment: [String: String]) throws(SystemError) -> Bool {
        guard let address = environment["NOTIFY_SOCKET"], !address.isEmpty else { return false }
        guard address.hasPrefix("/") || address.hasPrefix("@") else {
            throw SystemError(call: "sendto", errno: EAFNOSUPPORT, path: address)
        }
        let socket = FileDescriptor(owning: try Syscall.retrying("socket") { nitnem_unix_datagram_socket() })
        let fd = socket.rawValue
        let name = Array(address.utf8)
        let message = Array(state.utf8)
        let sent = try Syscall.retrying("sendto", path: address) {
            name.withUnsafeBufferPointer { nameBytes in
                message.withUnsafeBytes { messageBytes in
                    nameBytes.withMemoryRebound(to: CChar.self) {
                        nitnem_unix_sendto(fd, $0.baseAddress, $0.count, messageBytes.baseAddress, messageBytes.count)
                    }
                }
            }
        }
        if sent != message.count { throw SystemError(call: "sendto", errno: EMSGSIZE, path: address) }
        return true
    }
}
