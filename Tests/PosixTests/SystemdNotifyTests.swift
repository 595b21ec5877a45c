import CLinux
import Foundation
import Glibc
import Testing

@testable import Posix

/// A fake systemd: a bound unix datagram socket that `SystemdNotify` sends to.
@Suite struct SystemdNotifyTests {
    /// Binds a datagram socket at `name` (a path, or `@abstract`).
    private func listen(_ name: String) throws -> Int32 {
        let fd = nitnem_unix_datagram_socket()
        try #require(fd >= 0)
        let bound = Array(name.utf8).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { nitnem_unix_bind(fd, $0.baseAddress, $0.count) }
        }
        try #require(bound == 0, "bind \(name): errno \(errno)")
        return fd
    }

    /// The next datagram on `fd`, waiting at most 5 s.
    private func receive(_ fd: Int32) throws -> String? {
        let ready = try Poller.poll([PollItem(fileDescriptor: fd)], timeoutMilliseconds: 5000)
        guard ready[0].isReady else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }

    @Test func readyAndStoppingReachAPathSocket() throws {
        let folder = try SystemTestSupport.makeFolder("notify")
        defer { SystemTestSupport.removeFolder(folder) }
        let path = folder + "/notify.sock"
        let fd = try listen(path)
        defer { close(fd) }
        let environment = ["NOTIFY_SOCKET": path, "HOME": "/nowhere"]
        #expect(try SystemdNotify.ready(environment: environment))
        #expect(try receive(fd) == "READY=1")
        #expect(try SystemdNotify.stopping(environment: environment))
        #expect(try receive(fd) == "STOPPING=1")
    }

    @Test func anAtNameIsAnAbstractSocket() throws {
        let name = "@nitnem-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        let fd = try listen(name)
        defer { close(fd) }
        #expect(try SystemdNotify.ready(environment: ["NOTIFY_SOCKET": name]))
        #expect(try receive(fd) == "READY=1")
    }

    @Test func withoutNotifySocketNothingIsSent() throws {
        #expect(try !SystemdNotify.ready(environment: [:]))
        #expect(try !SystemdNotify.stopping(environment: ["NOTIFY_SOCKET": ""]))
    }

    @Test func badAddressesFailNamingTheSocket() throws {
        #expect(throws: SystemError(call: "sendto", errno: EAFNOSUPPORT, path: "vsock:2:999")) {
            try SystemdNotify.ready(environment: ["NOTIFY_SOCKET": "vsock:2:999"])
        }
        let missing = "/nonexistent-nitnem-\(getpid())/notify"
        #expect(throws: SystemError(call: "sendto", errno: ENOENT, path: missing)) {
            try SystemdNotify.ready(environment: ["NOTIFY_SOCKET": missing])
        }
        let long = "/" + String(repeating: "x", count: 200)
        #expect(throws: SystemError(call: "sendto", errno: ENAMETOOLONG, path: long)) {
            try SystemdNotify.ready(environment: ["NOTIFY_SOCKET": long])
        }
    }
}
