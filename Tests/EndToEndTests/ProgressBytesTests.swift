// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import TestSupport
import Testing

@testable import Snapshot

/// `nitnem mark` on the demo group's file changes only the bytes of the values it sets (the
/// layouts, in process: AgentShellTests' `ProgressBytesTests`).
@Suite struct ProgressBytesTests {
    static let fields = ["completedDays", "lastReadAt", "lastSeq"]

    /// The demo group's file, through the built binary: `mark` and `mark --undo` for a bani read
    /// yesterday.
    @Test func demoFileThroughTheCommand() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.progressName
        try Support.copy(Support.fixture("groups/demo/nitnem-progress.json"), to: path)
        let original = Support.bytes(path)
        var result = try Support.mark(["kirtan_sohila"], group: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let marked = Support.bytes(path)
        #expect(
            try Support.masked(marked, "kirtan_sohila", Self.fields)
                == Support.masked(original, "kirtan_sohila", Self.fields)
        )
        let text = String(decoding: marked, as: UTF8.self)
        #expect(text.contains(#""completedDays": ["2026-11-28", "2026-11-29"]"#), "\(text)")
        #expect(text.contains(#""lastReadAt": "2026-11-29T05:00:00Z""#))
        result = try Support.mark(["kirtan_sohila", "--undo"], group: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let times = ["lastReadAt", "lastSeq"]
        #expect(
            try Support.masked(Support.withoutTombstones(Support.bytes(path)), "kirtan_sohila", times)
                == Support.masked(original, "kirtan_sohila", times))
    }
}
