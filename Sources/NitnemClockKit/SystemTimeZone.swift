import Foundation

/// The process time zone, from what the system layer read: `TZ`, the `/etc/localtime` link's
/// target and `/etc/timezone`. Nothing here reads a file; the shell reads them afresh on every
/// call, so a running agent notices a zone change (Foundation's `TimeZone.current` is cached).
public enum SystemTimeZone {
    /// What the system says about the zone, as read by the shell.
    public struct Sources: Sendable {
        /// `$TZ`, when set.
        public var tz: String?
        /// Where `TZ`'s path (`TZ=:/etc/localtime`) links to, when it is a path to a symlink.
        public var tzLinkTarget: String?
        /// Where the `/etc/localtime` link points.
        public var localtimeTarget: String?
        /// The text of `/etc/timezone`.
        public var timezoneFile: String?

        public init(
            tz: String? = nil, tzLinkTarget: String? = nil, localtimeTarget: String? = nil, timezoneFile: String? = nil
        ) {
            self.tz = tz
            self.tzLinkTarget = tzLinkTarget
            self.localtimeTarget = localtimeTarget
            self.timezoneFile = timezoneFile
        }
    }

    /// The zone named by `TZ`, else by the `/etc/localtime` link (or `/etc/timezone`), else UTC.
    /// - Throws: `ClockError` naming `TZ` when it names no known zone.
    public static func zone(from sources: Sources) throws(ClockError) -> TimeZone {
        if let tz = sources.tz {
            return try zone(fromTZ: tz, linkTarget: sources.tzLinkTarget)
        }
        if let target = sources.localtimeTarget, let name = zoneName(fromPath: target),
            let zone = TimeZone(identifier: name)
        {
            return zone
        }
        if let text = sources.timezoneFile {
            let name = text.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r" }).first
            if let name, let zone = TimeZone(identifier: String(name)) { return zone }
        }
        return utc
    }

    /// The path a `TZ` value names (`:/etc/localtime` → `/etc/localtime`), for the shell to read
    /// its link; nil when it names no absolute path.
    public static func path(inTZ raw: String) -> String? {
        let value = raw.hasPrefix(":") ? String(raw.dropFirst()) : raw
        return value.hasPrefix("/") ? value : nil
    }

    /// UTC, named `Etc/UTC` (Foundation would call a zone made from "UTC" `GMT`).
    static let utc = TimeZone(identifier: "Etc/UTC")!

    /// The zone a `TZ` value names: empty is UTC, a leading `:` is dropped, a path into a zoneinfo
    /// folder names its zone, and a fixed POSIX zone such as `UTC0` or `IST-5:30` is read too.
    public static func zone(fromTZ raw: String, linkTarget: String? = nil) throws(ClockError) -> TimeZone {
        var value = raw
        if value.hasPrefix(":") { value.removeFirst() }
        if value.isEmpty || value == "UTC" || value == "GMT" { return utc }
        if let name = zoneName(fromPath: value), let zone = TimeZone(identifier: name) { return zone }
        // `TZ=:/etc/localtime` (or any path to a link into a zoneinfo folder): the zone it names.
        if value.hasPrefix("/"), let target = linkTarget, let name = zoneName(fromPath: target),
            let zone = TimeZone(identifier: name)
        {
            return zone
        }
        if !value.hasPrefix("/"), let zone = TimeZone(identifier: value), zone.identifier == value {
            return zone
        }
        if let zone = fixedPOSIX(value) { return zone }
        throw ClockError(
            .unknownZone, variable: "TZ", value: raw,
            problem: "is not a known time zone; use a tz database name such as Europe/Helsinki or UTC")
    }

    static func zoneName(fromPath path: String) -> String? {
        guard let range = path.range(of: "zoneinfo/") else { return nil }
        let name = String(path[range.upperBound...])
        return name.isEmpty ? nil : name
    }

    /// `STD[+-]hh[:mm]` without DST rules (POSIX offsets are west-positive).
    static func fixedPOSIX(_ value: String) -> TimeZone? {
        let letters = value.prefix { $0.isLetter }
        guard letters.count >= 3 else { return nil }
        var rest = Substring(value.dropFirst(letters.count))
        var sign = -1
        if rest.first == "+" {
            rest.removeFirst()
        } else if rest.first == "-" {
            sign = 1
            rest.removeFirst()
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let h = Int(parts[0]), (0...24).contains(h) else { return nil }
        var m = 0
        if parts.count == 2 {
            guard let mm = Int(parts[1]), (0...59).contains(mm), parts[1].count == 2 else { return nil }
            m = mm
        }
        return TimeZone(secondsFromGMT: sign * (h * 3600 + m * 60))
    }
}
