// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import TestSupport
import Testing

/// `SystemTimeZone` with a file reader, as the shell uses it: every zone comes from its TZif bytes.
@Suite struct SystemZoneDataTests {
    static func sources(
        tz: String? = nil, link: String? = nil, timezone: String? = nil,
        read: @escaping SystemTimeZone.ReadFile = ZoneFiles.read
    ) -> SystemTimeZone.Sources {
        SystemTimeZone.Sources(
            tz: tz, localtimeTarget: link, timezoneFile: timezone, localtime: "/nonexistent/localtime", read: read)
    }

    @Test(arguments: [
        ("Europe/Helsinki", "Europe/Helsinki"), (":Europe/Dublin", "Europe/Dublin"), ("", "Etc/UTC"),
        ("/usr/share/zoneinfo/Asia/Kolkata", "Asia/Kolkata"), ("UTC", "Etc/UTC"), ("GMT", "Etc/UTC"),
        ("IST-5:30", "GMT+0530"), ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0"), ("EST5EDT", "EST5EDT"),
    ])
    func tzNames(_ tz: String, _ identifier: String) throws {
        let zone = try SystemTimeZone.zone(from: Self.sources(tz: tz))
        #expect(zone.identifier == identifier)
        #expect(zone.abbreviation(at: Date(timeIntervalSince1970: 0)) != nil)
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Helsink", "not a zone", "12345", "America", "../../etc/passwd", "/etc"])
    func unknownZoneNamesTZ(_ tz: String) {
        #expect(throws: ClockError.self) { try SystemTimeZone.zone(from: Self.sources(tz: tz)) }
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Helsink", "not a zone", "12345"])
    func unknownZoneErrorNamesTZ(_ tz: String) {
        var message = ""
        do {
            _ = try SystemTimeZone.zone(from: Self.sources(tz: tz))
        } catch {
            message = error.description
        }
        #expect(message.hasPrefix("TZ: '\(tz)' is not a known time zone"), "\(message)")
    }

    @Test(arguments: [("UTC0", 0), ("IST-5:30", 19_800), ("EST+5", -18_000), ("<+0330>-3:30", 12_600)])
    func fixedPosixZones(_ tz: String, _ offset: Int) throws {
        #expect(
            try SystemTimeZone.zone(from: Self.sources(tz: tz)).offset(at: instant("2026-07-01T00:00:00Z")) == offset)
    }

    @Test func linkAndTimezoneFile() throws {
        #expect(
            try SystemTimeZone.zone(from: Self.sources(link: "/usr/share/zoneinfo/Pacific/Apia")).identifier
                == "Pacific/Apia")
        #expect(
            try SystemTimeZone.zone(from: Self.sources(link: "../usr/share/zoneinfo/Australia/Lord_Howe")).identifier
                == "Australia/Lord_Howe")
        #expect(try SystemTimeZone.zone(from: Self.sources(timezone: "Europe/Dublin\n")).identifier == "Europe/Dublin")
        #expect(try SystemTimeZone.zone(from: Self.sources()).identifier == "Etc/UTC")
        let kolkata = try SystemTimeZone.zone(from: Self.sources(tz: "Asia/Kolkata", link: "/usr/share/zoneinfo/UTC"))
        #expect(kolkata.offset(at: instant("2026-11-29T00:00:00Z")) == 19_800)
        // `TZ=:/etc/localtime` names the zone its link points to (and reads the file through it).
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("localtime-\(getpid())").path
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Helsinki")
        defer { try? FileManager.default.removeItem(atPath: link) }
        var linked = Self.sources(tz: ":" + link)
        linked.tzLinkTarget = "/usr/share/zoneinfo/Europe/Helsinki"
        let helsinki = try SystemTimeZone.zone(from: linked)
        #expect(helsinki.identifier == "Europe/Helsinki")
        #expect(helsinki.offset(at: instant("2026-07-01T00:00:00Z")) == 10_800)
    }

    @Test func badZoneBytesAreAnErrorNamingTheFile() {
        let broken: SystemTimeZone.ReadFile = { path in .success(Array("TZif2 but not really".utf8)) }
        var message = ""
        do {
            _ = try SystemTimeZone.zone(from: Self.sources(tz: "Europe/Helsinki", read: broken))
        } catch {
            message = error.description
            #expect(error.code == .badZoneFile)
        }
        #expect(
            message.hasPrefix("TZ: '/usr/share/zoneinfo/Europe/Helsinki' is not a valid zone file: is truncated"),
            "\(message)")
    }
}
