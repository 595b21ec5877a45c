// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import SnapshotExport
import TestSupport
import Testing

/// The guard: each rule of the seeds' `guard_banis.py`, every offending row listed in the error
/// (the binary's exit 1 and kept snapshot: EndToEndTests' `RegistryGuardTests`).
@Suite struct RegistryGuardTests {
    @Test(arguments: RegistryGuardCase.all)
    func everyOffendingRowIsListed(_ c: RegistryGuardCase) throws {
        let path = try CorpusFixture.database(c.fixtures)
        let error = #expect(throws: GroupFileError.self) {
            try SnapshotExporter(databasePath: path).snapshot(
                now: SnapshotExporterTests.now, calendar: SnapshotExporterTests.utc)
        }
        let lines = try #require(error).description.split(separator: "\n").map(String.init)
        let count = c.rows.count == 1 ? "1 row breaks" : "\(c.rows.count) rows break"
        #expect(lines.first == "\(path): the bani registry fails its guard, \(count) a rule:")
        #expect(Array(lines.dropFirst()) == c.rows.map { "  " + $0 })
    }

    @Test func aCleanRegistryPasses() throws {
        let path = try CorpusFixture.database(["sets", "reviewed"])
        let snapshot = try SnapshotExporter(databasePath: path).snapshot(
            now: SnapshotExporterTests.now, calendar: SnapshotExporterTests.utc)
        #expect(snapshot.banis.count == 13)
    }
}
