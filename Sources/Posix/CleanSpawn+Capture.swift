// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLinux
import Glibc

extension CleanSpawn {
    /// What a finished child printed and how it ended.
    package struct Captured: Equatable, Sendable {
        /// Its exit code (128 + the signal that killed it).
        package let status: Int32
        /// Its stdout, at most the limit asked for.
        package let output: [UInt8]
    }

    /// Runs `program arguments…` to the end (argv, never a shell), its stdout read through a pipe
    /// (at most `limit` bytes kept; the rest is read and dropped so the child never blocks) and its
    /// stderr sent to `/dev/null`.
    /// - Throws: `SystemError` for `pipe`, `open /dev/null`, `posix_spawn` (ENOENT: not found) or
    ///   `read` failing.
    package static func capture(
        _ program: String, _ arguments: [String], searchPath: Bool = true, limit: Int = 64 << 10
    ) throws(SystemError) -> Captured {
        var ends: [Int32] = [-1, -1]
        // pipe2 is not in Swift's Glibc module: pipe, then close-on-exec on both ends (the child
        // gets the write end through dup2, which clears the flag on its copy).
        _ = try Syscall.retrying("pipe") { pipe(&ends) }
        let reader = FileDescriptor(owning: ends[0])
        let writer = FileDescriptor(owning: ends[1])
        for end in ends { _ = try Syscall.retrying("fcntl") { fcntl(end, F_SETFD, FD_CLOEXEC) } }
        let null = try FileDescriptor.open("/dev/null", .writeOnly)
        let started = start(program, arguments, searchPath: searchPath, stdout: writer.rawValue, stderr: null.rawValue)
        writer.close()
        null.close()
        let pid: Int32
        switch started {
        case .success(let child): pid = child
        case .failure(let error): throw SystemError(call: "posix_spawn", errno: error.code, path: program)
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        do {
            while case .done(let count) = try reader.read(into: &buffer), count > 0 {
                output += buffer[..<min(count, max(0, limit - output.count))]
            }
        } catch {
            _ = reap(pid, block: true)
            throw error
        }
        return Captured(status: reap(pid, block: true) ?? -1, output: output)
    }

    /// Where `program` would be found: itself when it holds a `/` (if executable), else the first
    /// executable regular file of that name in `searchPath` (`$PATH`'s folders); `nil` when none.
    package static func locate(_ program: String, searchPath: String) -> String? {
        func executable(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
        }
        guard !program.isEmpty else { return nil }
        if program.contains("/") { return executable(program) ? program : nil }
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let path = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if executable(path) { return path }
        }
        return nil
    }
}
