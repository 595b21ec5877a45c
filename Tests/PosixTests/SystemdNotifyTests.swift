// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import Posix

/// A fake systemd: a bound unix datagram socket that `SystemdNotify` sends to.
@Suite struct SystemdNotifyTests {
    /// Binds a datagram socket at `name` (a path, or `@abstract`).
    private func listen(_ name: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(fd >= 0)
        // sockaddr_un by hand (tests only): a path is NUL-terminated, an abstract name ('@' → NUL) is not.
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        try #require(bytes.count < capacity)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if bytes.first == UInt8(ascii: "@") { raw[0] = 0 }
        }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == UInt8(ascii: "@") ? 0 : 1)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
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
