internal import CLinux
import Glibc

/// Runs raw system calls the same way everywhere: retry on EINTR, throw `SystemError` otherwise.
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
}
