// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem timeline --group fixtures/groups/demo` at a few instants and zones, against golden files
/// (re-recorded with `NITNEM_RECORD_GOLDEN=1`).
@Suite struct TimelineGoldenTests {
    typealias Case = GoldenInstant

    static let demo = NitnemBinary.packageRoot.appendingPathComponent("fixtures/groups/demo").path

    @Test(arguments: try GoldenInstant.all())
    func timelineMatchesGolden(_ c: Case) throws {
        let r = try NitnemBinary.run(
            ["timeline", "--group", Self.demo], environment: ["TZ": c.tz, "SGGS_CLOCK_NOW": c.now])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == (try Golden.expected("timeline/\(c.name).json", actual: r.stdout)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "NitnemNow")
        #expect((object["entries"] as? [Any])?.count == 5)
    }

    @Test func writeWritesWhatItPrints() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-tl-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Self.demo, toPath: root)
        let r = try NitnemBinary.run(
            ["timeline", "--group", root, "--write"],
            environment: ["TZ": "Asia/Kolkata", "SGGS_CLOCK_NOW": "2026-11-29T17:00"])
        #expect(r.status == 0)
        let written = try String(contentsOfFile: root + "/widgets/NitnemNow.json", encoding: .utf8)
        #expect(written == r.stdout)
    }
}
