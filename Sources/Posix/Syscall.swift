// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

/// What a non-blocking call found: a result, or nothing yet (EAGAIN / EWOULDBLOCK).
package enum IOResult<Value> {
    /// The call completed with `value`.
    case done(Value)
    /// The call would have blocked: nothing to read (or no room to write) yet.
    case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}
extension IOResult: Sendable where Value: Sendable {}

/// Runs raw system calls the same way everywhere: retry on EINTR, throw `SystemError` otherwise.
///
/// - Important: This is the one place that retries EINTR and the one place that turns EAGAIN into
///   a result (`IOResult.wouldBlock`) rather than an error.
enum Syscall {
    /// Calls `body` until it returns something other than -1 or fails with an errno other than EINTR.
    /// - Throws: `SystemError(call:errno:path:)` with the errno `body` left behind.
    static func retrying<Result: FixedWidthInteger>(
        _ call: String, path: String? = nil, _ body: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = nitnem_errno()
            if code == EINTR { continue }
            throw SystemError(call: call, errno: code, path: path)
        }
    }

    /// Like `retrying`, for a call on a non-blocking descriptor: EAGAIN is `.wouldBlock`.
    static func nonBlocking<Result: FixedWidthInteger>(
        _ call: String, path: String? = nil, _ body: () -> Result
    ) throws(SystemError) -> IOResult<Result> {
        do {
            return .done(try retrying(call, path: path, body))
        } catch  where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return .wouldBlock
        }
    }

    /// A call that returns 0 or an error number itself (the pthread and posix_spawn style).
    static func checked(_ call: String, path: String? = nil, _ body: () -> Int32) throws(SystemError) {
        let code = body()
        if code != 0 { throw SystemError(call: call, errno: code, path: path) }
    }

    /// Writes all of `bytes` to `fd`: `write(2)` again after a partial write, EINTR retried.
    /// - Throws: `SystemError` naming `call`-`write` and `path` (ENOSPC, EPIPE, EAGAIN on a full pipe…).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String? = nil) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try retrying("write", path: path) {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
            offset += written
        }
    }
}
