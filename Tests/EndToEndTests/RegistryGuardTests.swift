// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// The registry guard through the binary: exit 1, every offending row listed, and the old snapshot
/// left byte for byte (the in-process checks are ExportTests' `RegistryGuardTests`).
@Suite struct RegistryGuardTests {
    @Test(arguments: RegistryGuardCase.all)
    func theBinaryExitsOneAndKeepsTheOldSnapshot(_ c: RegistryGuardCase) throws {
        let path = try CorpusFixture.database(c.fixtures)
        let group = try CorpusFixture.folder()
        let old = Data("{\"schema\":1,\"banis\":[],\"sets\":{},\"old\":true}\n".utf8)
        try old.write(to: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--db", path, "--group", group])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("nitnem: \(path): the bani registry fails its guard"))
        for row in c.rows { #expect(outcome.stderr.contains("\n  " + row + "\n")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: group + "/nitnem-snapshot.json")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: group) == ["nitnem-snapshot.json"])
    }
}
