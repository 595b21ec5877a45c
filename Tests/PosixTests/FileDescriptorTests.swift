// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import Posix

/// Typed open options (close-on-exec unless asked otherwise), a descriptor that names its path in
/// errors, and a status that either throws or says nothing.
@Suite struct FileDescriptorTests {
    static func scratch() -> String {
        let dir = NSTemporaryDirectory() + "nitnem-fd-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func closeOnExecUnlessInheritable() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = try FileDescriptor.open(dir + "/a", [.writeOnly, .create], mode: 0o600)
        #expect(fcntl(plain.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        let inherited = try FileDescriptor.open(dir + "/a", [.writeOnly, .inheritable])
        #expect(fcntl(inherited.rawValue, F_GETFD) & FD_CLOEXEC == 0)
        #expect(fcntl(inherited.rawValue, F_GETFL) & O_ACCMODE == O_WRONLY)
        let reader = try FileDescriptor.open(dir + "/a")
        #expect(fcntl(reader.rawValue, F_GETFL) & O_ACCMODE == O_RDONLY, "read-only unless told")
    }

    @Test func aDescriptorNamesItsPathInErrors() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reader = try FileDescriptor.open(dir + "/b", [.writeOnly, .create], mode: 0o600)
        #expect(reader.path == dir + "/b")
        // Writing to a folder opened read-only fails with EBADF, naming the folder.
        let folder = try FileDescriptor.open(dir, .directory)
        #expect(throws: SystemError(call: "write", errno: EBADF, path: dir)) { try folder.writeAll([1]) }
    }

    @Test func statusThrowsOrSaysNothing() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: SystemError(call: "stat", errno: ENOENT, path: dir + "/none")) {
            try FileStatus.of(dir + "/none")
        }
        #expect((try? FileStatus.of(dir + "/none/x")) == nil)
        do {
            _ = try FileStatus.of(dir + "/none")
        } catch {
            #expect(error.isNotFound)
        }
        #expect(FileStatus.lookup(dir + "/none") == nil)
        #expect(FileStatus.lookup(dir)?.kind == .folder)
        #expect(try FileStatus.of(dir).kind == .folder)
    }
}
