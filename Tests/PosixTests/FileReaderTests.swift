// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

@testable import Posix

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileReaderTests {
    @Test func missingIsNil() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(try FileReader.read(dir + "/nothing.json", limit: 4 << 20) == nil)
    }

    @Test func readsRegularFile() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        // Bigger than one read chunk, so the loop is exercised.
        let text = String(repeating: "abcdefgh", count: 20_000)
        try Support.write(text, to: dir + "/f")
        #expect(try FileReader.read(dir + "/f", limit: 4 << 20) == Array(text.utf8))
        try Support.write("", to: dir + "/empty")
        #expect(try FileReader.read(dir + "/empty", limit: 4 << 20) == [])
    }

    @Test func folder() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(throws: FileError(.notRegular, path: dir, problem: "is a folder, not a regular file")) {
            try FileReader.read(dir, limit: 4 << 20)
        }
    }

    @Test func symlinkToFolder() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        mkdir(dir + "/real", 0o700)
        symlink(dir + "/real", dir + "/link.json")
        #expect(
            throws: FileError(
                .notRegular, path: dir + "/link.json",
                problem: "is a symlink to a folder (\(dir)/real), not a regular file")
        ) { try FileReader.read(dir + "/link.json", limit: 4 << 20) }
    }

    @Test func danglingSymlink() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        symlink("gone.json", dir + "/link.json")
        #expect(
            throws: FileError(
                .danglingSymlink, path: dir + "/link.json", problem: "is a symlink to gone.json, which does not exist")
        ) { try FileReader.read(dir + "/link.json", limit: 4 << 20) }
    }

    @Test func symlinkToFileIsFollowed() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.write("{}", to: dir + "/real.json")
        symlink("real.json", dir + "/link.json")
        #expect(try FileReader.read(dir + "/link.json", limit: 4 << 20) == Array("{}".utf8))
    }

    /// A FIFO with no writer would block a plain open(2) forever; this must return at once.
    @Test(.timeLimit(.minutes(1))) func fifoDoesNotBlock() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        #expect(mkfifo(dir + "/fifo.json", 0o600) == 0)
        #expect(
            throws: FileError(
                .notRegular, path: dir + "/fifo.json", problem: "is a FIFO (named pipe), not a regular file")
        ) {
            try FileReader.read(dir + "/fifo.json", limit: 4 << 20)
        }
    }

    @Test func characterDevice() {
        #expect(throws: FileError(.notRegular, path: "/dev/null", problem: "is a character device, not a regular file"))
        {
            try FileReader.read("/dev/null", limit: 4 << 20)
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
        #expect(throws: FileError(.notRegular, path: path, problem: "is a socket, not a regular file")) {
            try FileReader.read(path, limit: 4 << 20)
        }
    }

    @Test func sizeCap() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/huge.json"
        // One byte over the default 4 MiB cap: a valid JSON prefix padded with spaces.
        try Data(Array("{}".utf8) + [UInt8](repeating: 0x20, count: (4 << 20) - 1)).write(
            to: URL(fileURLWithPath: path))
        #expect(throws: FileError(.tooLarge, path: path, problem: "is too large (4194305 bytes, the limit is 4 MiB)")) {
            try FileReader.read(path, limit: 4 << 20)
        }
        #expect(
            throws: FileError(.tooLarge, path: path, problem: "is too large (4194305 bytes, the limit is 1000 bytes)")
        ) {
            try FileReader.read(path, limit: 1000)
        }
        #expect(try FileReader.read(path, limit: 4194305)?.count == 4194305)
    }

    @Test func notAFolderOnTheWay() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.write("x", to: dir + "/file")
        #expect(
            throws: FileError(.notAFolder, path: dir + "/file/p.json", problem: "a part of the path is not a folder")
        ) {
            try FileReader.read(dir + "/file/p.json", limit: 4 << 20)
        }
    }

    /// The errno → message mapping, for the cases a root test process cannot provoke directly.
    @Test func errnoMessages() {
        #expect(
            FileReader.openProblem("p", SystemError(call: "open", errno: EACCES)).problem
                == "permission denied: this user cannot read it (check its owner and mode)")
        #expect(
            FileReader.openProblem("p", SystemError(call: "open", errno: EPERM)).problem
                == FileReader.openProblem("p", SystemError(call: "open", errno: EACCES)).problem)
        #expect(
            FileReader.openProblem("p", SystemError(call: "open", errno: ELOOP)).problem
                == "too many levels of symlinks")
        #expect(
            FileReader.openProblem("p", SystemError(call: "open", errno: EIO)).problem
                == "cannot open: EIO (Input/output error)")
    }

    @Test func symlinkLoop() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        symlink("b", dir + "/a")
        symlink("a", dir + "/b")
        #expect(throws: FileError(.system, path: dir + "/a", problem: "too many levels of symlinks")) {
            try FileReader.read(dir + "/a", limit: 4 << 20)
        }
    }
}
