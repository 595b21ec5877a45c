// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@Suite struct SystemZoneTests {
    @Test func readsTheLocaltimeLinkAfresh() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-tz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Pacific/Apia")
        #expect(try SystemZone.current(environment: [:], localtime: link).identifier == "Pacific/Apia")
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Australia/Lord_Howe")
        #expect(try SystemZone.current(environment: [:], localtime: link).identifier == "Australia/Lord_Howe")
        // TZ wins over the link.
        #expect(
            try SystemZone.current(environment: ["TZ": "Asia/Kolkata"], localtime: link).identifier
                == "Asia/Kolkata")
    }
}
