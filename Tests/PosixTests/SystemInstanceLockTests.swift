// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
import Testing

@testable import Posix

@Suite struct SystemInstanceLockTests {
    /// util-linux `flock -n FILE true`: 0 when the lock is free, 1 when someone holds it.
    private func flockProbe(_ path: String) throws -> Int32 {
        try SystemTestSupport.run("/usr/bin/flock", ["-n", path, "true"])
    }

    /// Takes the lock at `path` (as a new agent would), expects this process's pid in the file, then
    /// lets it go.
    private func expectTakesTheLock(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lock = try InstanceLock(path: path)
        defer { lock.close() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n", sourceLocation: sourceLocation)
    }

    @Test func acquireCreatesTheFolderWritesThePidAndHoldsTheLock() throws {
        let base = try SystemTestSupport.makeFolder("lock")
        defer { SystemTestSupport.removeFolder(base) }
        let path = base + "/nitnem/agent.lock"
        let lock = try InstanceLock(path: path)
        #expect(lock.path == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        var info = stat()
        #expect(stat(base + "/nitnem", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try flockProbe(path) == 1)

        lock.close()
        #expect(try flockProbe(path) == 0)
        // A new agent takes over and replaces the pid (no stale bytes left after a longer one).
        try "99999999999\n".write(toFile: path, atomically: false, encoding: .utf8)
        try expectTakesTheLock(path)
    }

    @Test func aSecondAcquireReportsTheHolderPid() throws {
        let base = try SystemTestSupport.makeFolder("lock")
        defer { SystemTestSupport.removeFolder(base) }
        let path = base + "/agent.lock"
        let first = try InstanceLock(path: path)
        defer { first.close() }
        // flock locks belong to open files, so a second open in this process conflicts too.
        #expect(throws: InstanceLockError.alreadyRunning(pid: getpid())) { try InstanceLock(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
    }

    @Test(arguments: [true, false])
    func anotherProcessHoldingTheLockIsReported(writesPid: Bool) throws {
        let base = try SystemTestSupport.makeFolder("lock")
        defer { SystemTestSupport.removeFolder(base) }
        let path = base + "/agent.lock"
        // The holder locks fd 9, optionally writes its pid, says "ready", then becomes `sleep` (same pid).
        let script =
            #"exec 9>>"$1"; flock -n 9 || exit 3; if [ "$2" = yes ]; then echo $$ > "$1"; fi; echo ready; exec sleep 30"#
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", script, "sh", path, writesPid ? "yes" : "no"]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line == "ready\n")

        let error = #expect(throws: InstanceLockError.self) { try InstanceLock(path: path) }
        #expect(error == .alreadyRunning(pid: writesPid ? holder.processIdentifier : nil))
        #expect(error?.description.hasPrefix("another nitnem agent is already running (pid ") == true)

        holder.terminate()
        holder.waitUntilExit()
        try expectTakesTheLock(path)
    }

    @Test func aFolderOthersCanWriteIsRefused() throws {
        let base = try SystemTestSupport.makeFolder("lock")
        defer { SystemTestSupport.removeFolder(base) }
        let shared = base + "/shared"
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o777) == 0)
        let refusal = #expect(throws: InstanceLockError.self) { try InstanceLock(path: shared + "/agent.lock") }
        #expect(
            refusal?.description
                == "\(shared): can be written by other users (mode 777); nitnem writes nothing in it"
                + " (chmod go-w '\(shared)'); remove it or set XDG_RUNTIME_DIR")
        // Only the last folder is created: a missing parent fails naming the call and the folder.
        let missing = InstanceLockError.system(SystemError(call: "mkdir", errno: ENOENT, path: base + "/a/b"))
        #expect(throws: missing) { try InstanceLock(path: base + "/a/b/agent.lock") }
        #expect(missing.description == "mkdir \(base)/a/b: ENOENT (No such file or directory)")
    }

}
