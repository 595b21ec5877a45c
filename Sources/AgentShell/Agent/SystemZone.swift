// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Posix

/// Reads what the system says about the time zone (`TZ`, the `/etc/localtime` link,
/// `/etc/timezone`, the zone file's bytes) and hands it to `SystemTimeZone`, which decides. Read
/// afresh on every call.
package enum SystemZone {
    /// The largest zone file read (the biggest in tzdata are under 10 KiB).
    static let zoneFileLimit = 1 << 20

    /// The zone now, for `environment` and the zone link at `localtime`.
    /// - Throws: `ClockError` naming `TZ` when it names no known zone, or naming the zone file when
    ///   it cannot be read or is not valid TZif.
    package static func current(environment: [String: String], localtime: String = "/etc/localtime")
        throws(ClockError) -> Zone
    {
        var sources = SystemTimeZone.Sources(
            tz: environment["TZ"], localtime: localtime, zoneinfo: zoneinfo(environment), read: readZoneFile)
        if let tz = sources.tz {
            sources.tzLinkTarget = SystemTimeZone.path(inTZ: tz).flatMap(FileReader.symlinkTarget)
        } else {
            sources.localtimeTarget = FileReader.symlinkTarget(localtime)
            if sources.localtimeTarget.flatMap(SystemTimeZone.zoneName(fromPath:)) == nil,
                let bytes = try? FileReader.read("/etc/timezone", limit: 4096)
            {
                sources.timezoneFile = String(decoding: bytes, as: UTF8.self)
            }
        }
        return try SystemTimeZone.zone(from: sources)
    }

    /// The zoneinfo folder: `$TZDIR` when it is an absolute path, else `/usr/share/zoneinfo`.
    static func zoneinfo(_ environment: [String: String]) -> String {
        if let dir = environment["TZDIR"], dir.hasPrefix("/") { return dir }
        return "/usr/share/zoneinfo"
    }

    /// The bytes of the zone file at `path` (following links), `nil` when nothing is there.
    @Sendable static func readZoneFile(_ path: String) -> Result<[UInt8]?, ZoneFileError> {
        do {
            return .success(try FileReader.read(path, limit: zoneFileLimit))
        } catch {
            return .failure(ZoneFileError(path: path, problem: error.problem))
        }
    }
}
