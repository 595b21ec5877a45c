// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The libraries a process maps or the dynamic loader reported loading, by file name: libnotify and
/// GLib are loaded at the first reminder, ICU never, SQLite only by `snapshot export`. Here because
/// both tiers check it: the fast one for commands that never remind, the desktop one for those that
/// show a notification.
package enum LoadedLibraries {
    /// The desktop libraries among the files `pid` maps (`/proc/<pid>/maps`), by file name.
    package static func desktopLibraries(mappedBy pid: Int32) throws -> Set<String> {
        Set(try mappedFiles(pid).filter(isDesktopLibrary))
    }

    /// All of a /proc file, read to its end: its size is 0, and one read returns only a page or so.
    static func readAll(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func isDesktopLibrary(_ name: String) -> Bool {
        ["libnotify", "libglib-2.0", "libgobject-2.0", "libgio-2.0"].contains { name.hasPrefix($0) }
    }

    package static func isSQLiteLibrary(_ name: String) -> Bool { name.hasPrefix("libsqlite3") }

    /// ICU and the Foundation libraries that load it (`FoundationEssentials` does not).
    package static func isICULibrary(_ name: String) -> Bool {
        ["libicu", "lib_FoundationICU", "libFoundationInternationalization", "libFoundation.so"].contains {
            name.hasPrefix($0)
        }
    }

    /// The ICU libraries among the files `pid` maps.
    package static func icuLibraries(mappedBy pid: Int32) throws -> Set<String> {
        Set(try mappedFiles(pid).filter(isICULibrary))
    }

    /// The file names `pid` maps (`/proc/<pid>/maps`).
    package static func mappedFiles(_ pid: Int32) throws -> [String] {
        try readAll("/proc/\(pid)/maps").split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/")
            else { return nil }
            return String(path.split(separator: "/").last ?? "")
        }
    }

    /// The desktop libraries the dynamic loader reported loading for a run with `LD_DEBUG=files` whose
    /// log files start with `prefix` (one per process: the command and any child it ran).
    package static func desktopLibraries(inLoaderLogs prefix: String) throws -> Set<String> {
        try libraries(inLoaderLogs: prefix, isDesktopLibrary)
    }

    /// The libraries matching `wanted` that the dynamic loader reported loading (see above).
    package static func libraries(inLoaderLogs prefix: String, _ wanted: (String) -> Bool) throws -> Set<String> {
        let folder = (prefix as NSString).deletingLastPathComponent
        let base = (prefix as NSString).lastPathComponent
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix(base + ".") {
            let log = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in log.split(separator: "\n") {
                // "  1234:\tfile=libnotify.so.4 [0];  needed by …" or "…;  dynamically loaded by …"
                guard let range = line.range(of: "file=") else { continue }
                let name = String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" })
                let last = String(name.split(separator: "/").last ?? "")
                if wanted(last) { names.insert(last) }
            }
        }
        return names
    }

    /// A temp folder with a copy of the demo group.
    package final class Folder {
        package let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("nitnem-libs-\(UUID().uuidString)").path
        package var group: String { root + "/group" }

        package init() throws {
            try Support.makeFolder(root + "/config/nitnem")
            try FileManager.default.copyItem(
                atPath: NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path, toPath: group)
            // `open` runs /bin/true instead of a browser.
            try "open = /bin/true\n".write(toFile: root + "/config/nitnem/config", atomically: true, encoding: .utf8)
        }

        package var environment: [String: String] {
            [
                "TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T13:00", "HOME": root,
                "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state", "PATH": "/usr/bin:/bin",
            ]
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }
}
