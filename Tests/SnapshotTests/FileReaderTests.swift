import Foundation
import Testing

@testable import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileReaderTests {
    @Test func missingIsNil() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(try FileReader.read(dir + "/nothing.json") == nil)
    }

    @Test func readsRegularFile() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        // Bigger than one read chunk, so the loop is exercised.
        let text = String(repeating: "abcdefgh", count: 20_000)
        try Support.write(text, to: dir + "/f")
        #expect(try FileReader.read(dir + "/f") == Array(text.utf8))
        try Support.write("", to: dir + "/empty")
        #expect(try FileReader.read(dir + "/empty") == [])
    }

    @Test func folder() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(throws: SnapshotError(path: dir, problem: "is a folder, not a regular file")) {
            try FileReader.read(dir)
        }
    }

    @Test func symlinkToFolder() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        mkdir(dir + "/real", 0o700)
        symlink(dir + "/real", dir + "/link.json")
        #expect(
            throws: SnapshotError(
                path: dir + "/link.json", problem: "is a symlink to a folder (\(dir)/real), not a regular file")
        ) { try FileReader.read(dir + "/link.json") }
    }

    @Test func danglingSymlink() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        symlink("gone.json", dir + "/link.json")
        #expect(
            throws: SnapshotError(path: dir + "/link.json", problem: "is a symlink to gone.json, which does not exist")
        ) { try FileReader.read(dir + "/link.json") }
    }

    @Test func symlinkToFileIsFollowed() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.write("{}", to: dir + "/real.json")
        symlink("real.json", dir + "/link.json")
        #expect(try FileReader.read(dir + "/link.json") == Array("{}".utf8))
    }

    /// A FIFO with no writer would block a plain open(2) forever; this must return at once.
    @Test(.timeLimit(.minutes(1))) func fifoDoesNotBlock() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(mkfifo(dir + "/fifo.json", 0o600) == 0)
        #expect(throws: SnapshotError(path: dir + "/fifo.json", problem: "is a FIFO (named pipe), not a regular file"))
        {
            try FileReader.read(dir + "/fifo.json")
        }
    }

    @Test func characterDevice() {
        #expect(throws: SnapshotError(path: "/dev/null", problem: "is a character device, not a regular file")) {
            try FileReader.read("/dev/null")
        }
    }

    @Test func socket() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/sock.json"
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect(throws: SnapshotError(path: path, problem: "is a socket, not a regular file")) {
            try FileReader.read(path)
        }
    }

    @Test func sizeCap() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/huge.json"
        // One byte over the default 4 MiB cap: a valid JSON prefix padded with spaces.
        try Data(Array("{}".utf8) + [UInt8](repeating: 0x20, count: (4 << 20) - 1)).write(
            to: URL(fileURLWithPath: path))
        #expect(throws: SnapshotError(path: path, problem: "is too large (4194305 bytes, the limit is 4 MiB)")) {
            try FileReader.read(path)
        }
        #expect(throws: SnapshotError(path: path, problem: "is too large (4194305 bytes, the limit is 1000 bytes)")) {
            try FileReader.read(path, limit: 1000)
        }
        #expect(try FileReader.read(path, limit: 4194305)?.count == 4194305)
    }

    @Test func notAFolderOnTheWay() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.write("x", to: dir + "/file")
        #expect(throws: SnapshotError(path: dir + "/file/p.json", problem: "a part of the path is not a folder")) {
            try FileReader.read(dir + "/file/p.json")
        }
    }

    /// The errno → message mapping, for the cases a root test process cannot provoke directly.
    @Test func errnoMessages() {
        #expect(
            FileReader.openProblem(errno: EACCES)
                == "permission denied: this user cannot read it (check its owner and mode)")
        #expect(FileReader.openProblem(errno: EPERM) == FileReader.openProblem(errno: EACCES))
        #expect(FileReader.openProblem(errno: ELOOP) == "too many levels of symlinks")
        #expect(FileReader.openProblem(errno: EIO) == "cannot open: EIO (Input/output error)")
    }

    @Test func symlinkLoop() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        symlink("b", dir + "/a")
        symlink("a", dir + "/b")
        #expect(throws: SnapshotError(path: dir + "/a", problem: "too many levels of symlinks")) {
            try FileReader.read(dir + "/a")
        }
    }

    /// A file this user may not read. Root reads anything, so as root the check runs the binary as
    /// `nobody` (setpriv); otherwise in process.
    @Test func permissionDenied() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        try Support.write(#"{"schema":1,"banis":{}}"#, to: group.progressPath)
        chmod(group.progressPath, 0)
        let before = Support.bytesAsRoot(group.progressPath)
        let expected = "\(group.progressPath): permission denied: this user cannot read it (check its owner and mode)"
        if getuid() != 0 {
            #expect(throws: SnapshotError(path: group.progressPath, problem: FileReader.openProblem(errno: EACCES))) {
                try FileReader.read(group.progressPath)
            }
        } else {
            // nobody must reach the folder and lock file, but not read the progress file.
            chmod(dir, 0o755)
            try Support.write("", to: group.progressLockPath)
            chmod(group.progressLockPath, 0o666)
            // A copy beside the group, so nobody can run it wherever the checkout lives.
            let binary = dir + "/nitnem"
            try Support.copy(Support.binary, to: binary)
            chmod(binary, 0o755)
            // Another test's fork can briefly inherit the copy's write descriptor (exec then fails
            // with ETXTBSY, status 126): try again a few times.
            var result = try Support.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "mark", "japji", "--group", dir],
                executable: "/usr/bin/setpriv")
            for _ in 0..<20 where result.status == 126 && result.stderr.contains("Text file busy") {
                Thread.sleep(forTimeInterval: 0.05)
                result = try Support.run(
                    ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "mark", "japji", "--group", dir],
                    executable: "/usr/bin/setpriv")
            }
            #expect(result.status == 2)
            #expect(result.stderr == "nitnem: \(expected)\n")
        }
        #expect(Support.bytesAsRoot(group.progressPath) == before)
    }
}

extension Support {
    /// The bytes of a file whatever its mode (chmod'ed back for the read when needed).
    static func bytesAsRoot(_ path: String) -> [UInt8] {
        var st = stat()
        stat(path, &st)
        chmod(path, 0o600)
        defer { chmod(path, st.st_mode & 0o7777) }
        return bytes(path)
    }
}
