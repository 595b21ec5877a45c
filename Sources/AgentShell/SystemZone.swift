import Foundation
import NitnemClockKit
import Posix

/// Reads what the system says about the time zone (`TZ`, the `/etc/localtime` link,
/// `/etc/timezone`) and hands it to `SystemTimeZone`, which decides. Read afresh on every call.
public enum SystemZone {
    /// The zone now, for `environment` and the zone link at `localtime`.
    /// - Throws: `ClockError` naming `TZ` when it names no known zone.
    public static func current(environment: [String: String], localtime: String = "/etc/localtime")
        throws(ClockError) -> TimeZone
    {
        var sources = SystemTimeZone.Sources(tz: environment["TZ"])
        if let tz = sources.tz {
            sources.tzLinkTarget = SystemTimeZone.path(inTZ: tz).flatMap(FileReader.symlinkTarget)
        } else {
            sources.localtimeTarget = FileReader.symlinkTarget(localtime)
            if sources.localtimeTarget?.contains("zoneinfo/") != true,
                let bytes = try? FileReader.read("/etc/timezone", limit: 4096)
            {
                sources.timezoneFile = String(decoding: bytes, as: UTF8.self)
            }
        }
        return try SystemTimeZone.zone(from: sources)
    }
}
