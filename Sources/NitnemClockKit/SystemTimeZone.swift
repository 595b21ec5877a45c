// SPDX-License-Identifier: GPL-3.0-or-later
/// The process time zone, from what the system layer read: `TZ`, the `/etc/localtime` link's
/// target, `/etc/timezone` and the bytes of zone files. Nothing here reads a file; the shell
/// reads them afresh on every call (handing in `Sources.read`), so a running agent notices a zone
/// change.
package enum SystemTimeZone {
    /// What reading one file gave: its bytes, `nil` when nothing is there, or why it could not be read.
    package typealias ReadFile = @Sendable (_ path: String) -> Result<[UInt8]?, ZoneFileError>

    /// What the system says about the zone, as read by the shell.
    package struct Sources: Sendable {
        /// `$TZ`, when set.
        package var tz: String?
        /// Where `TZ`'s path (`TZ=:/etc/localtime`) links to, when it is a path to a symlink.
        package var tzLinkTarget: String?
        /// Where the `/etc/localtime` link points.
        package var localtimeTarget: String?
        /// The text of `/etc/timezone`.
        package var timezoneFile: String?
        /// The zone link, usually `/etc/localtime`.
        package var localtime: String
        /// The folder of zone files (`$TZDIR`, else `/usr/share/zoneinfo`).
        package var zoneinfo: String
        /// Reads a zone file's bytes: every named zone is read from its TZif file.
        package var read: ReadFile

        package init(
            tz: String? = nil, tzLinkTarget: String? = nil, localtimeTarget: String? = nil, timezoneFile: String? = nil,
            localtime: String = "/etc/localtime", zoneinfo: String = "/usr/share/zoneinfo",
            read: @escaping ReadFile
        ) {
            self.tz = tz
            self.tzLinkTarget = tzLinkTarget
            self.localtimeTarget = localtimeTarget
            self.timezoneFile = timezoneFile
            self.localtime = localtime
            self.zoneinfo = zoneinfo
            self.read = read
        }
    }

    /// The zone named by `TZ`, else by the `/etc/localtime` link (or `/etc/timezone`), else UTC.
    /// - Throws: `ClockError` naming `TZ` when it names no known zone, or naming the zone file
    ///   when its bytes are not valid TZif.
    package static func zone(from sources: Sources) throws(ClockError) -> Zone {
        if let tz = sources.tz {
            return try zone(fromTZ: tz, linkTarget: sources.tzLinkTarget, sources: sources)
        }
        if let target = sources.localtimeTarget, let name = zoneName(fromPath: target),
            let zone = try named(name, path: sources.localtime, variable: "time zone", sources)
        {
            return zone
        }
        if let text = sources.timezoneFile {
            let name = text.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r" }).first
            if let name, let zone = try named(String(name), path: nil, variable: "time zone", sources) {
                return zone
            }
        }
        return .utc
    }

    /// The path a `TZ` value names (`:/etc/localtime` → `/etc/localtime`), for the shell to read
    /// its link; nil when it names no absolute path.
    package static func path(inTZ raw: String) -> String? {
        let value = raw.hasPrefix(":") ? String(raw.dropFirst()) : raw
        return value.hasPrefix("/") ? value : nil
    }

    /// The zone a `TZ` value names: empty is UTC, a leading `:` is dropped, a path into a zoneinfo
    /// folder names its zone, a tz database name is read from the zoneinfo folder, and a POSIX
    /// `TZ` rule such as `UTC0`, `IST-5:30` or `EST5EDT,M3.2.0,M11.1.0` is read too.
    static func zone(fromTZ raw: String, linkTarget: String?, sources: Sources) throws(ClockError) -> Zone {
        var value = raw
        if value.hasPrefix(":") { value.removeFirst() }
        if value.isEmpty || value == "UTC" || value == "GMT" { return .utc }
        if value.hasPrefix("/") {
            // A path into a zoneinfo folder, or (`TZ=:/etc/localtime`) a link into one: that zone,
            // read from the path itself.
            let name = zoneName(fromPath: value) ?? linkTarget.flatMap(zoneName(fromPath:))
            if let zone = try load(path: value, identifier: name ?? value, variable: "TZ", sources) { return zone }
        } else if let zone = try named(value, path: nil, variable: "TZ", sources), zone.identifier == value {
            return zone
        }
        if let zone = Zone(posixTZ: value) { return zone }
        throw ClockError(
            .unknownZone, variable: "TZ", value: raw,
            problem: "is not a known time zone; use a tz database name such as Europe/Helsinki or UTC")
    }

    /// The zone called `name`: read from `path` (the zone link; else from the zoneinfo folder);
    /// `nil` when there is no such zone.
    static func named(_ name: String, path: String?, variable: String, _ sources: Sources) throws(ClockError) -> Zone? {
        guard isZoneName(name) else { return nil }
        // A dangling or unreadable link still names its zone: read it from the zoneinfo folder.
        if let path, let zone = try? load(path: path, identifier: name, variable: variable, sources) { return zone }
        // A name that is a folder (`America`) or unreadable is no zone the user can have meant.
        return try load(
            path: sources.zoneinfo + "/" + name, identifier: name, variable: variable, sources, failureIsMissing: true)
    }

    /// The zone in the TZif file at `path`; `nil` when nothing is there.
    /// - Throws: `ClockError` naming the file when it cannot be read or its bytes are not valid TZif.
    static func load(
        path: String, identifier: String, variable: String, _ sources: Sources, failureIsMissing: Bool = false
    ) throws(ClockError) -> Zone? {
        let bytes: [UInt8]
        switch sources.read(path) {
        case .success(nil): return nil
        case .success(let found?): bytes = found
        case .failure where failureIsMissing: return nil
        case .failure(let error):
            throw ClockError(.badZoneFile, variable: variable, value: path, problem: "cannot be read: \(error.problem)")
        }
        do {
            return try Zone(identifier: identifier, tzif: bytes, path: path)
        } catch {
            throw ClockError(
                .badZoneFile, variable: variable, value: path, problem: "is not a valid zone file: \(error.problem)")
        }
    }

    /// A tz database name: relative, no `..`, only the characters zone names use.
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/") else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", part != ".." else { return false }
        }
        return name.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "/")
                || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
        }
    }

    /// The zone a path into a zoneinfo folder names (`/usr/share/zoneinfo/Europe/Helsinki` →
    /// `Europe/Helsinki`); `nil` for a path into no zoneinfo folder.
    package static func zoneName(fromPath path: String) -> String? {
        let bytes = Array(path.utf8)
        let needle = Array("zoneinfo/".utf8)
        guard bytes.count > needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
            let name = bytes[(start + needle.count)...]
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
        return nil
    }
}
