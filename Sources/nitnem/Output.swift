#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines straight to stdout and stderr (unbuffered: a bar reading a pipe sees each
/// line at once).
enum Output {
    static func line(_ text: String) { write(fd: 1, text + "\n") }

    static func error(_ text: String) { write(fd: 2, "nitnem: " + text + "\n") }

    /// Writes all of `text`, retrying on EINTR; returns false when the reader is gone (EPIPE).
    @discardableResult
    static func write(fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buf in
                Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
