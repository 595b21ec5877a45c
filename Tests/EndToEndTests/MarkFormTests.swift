// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

/// `nitnem mark` keeps the JSON form of `lastReadAt`: a number (seconds since 2001, what Apple's
/// `JSONEncoder` writes by default) stays a number, a string stays a string, every other byte stays.
@Suite struct MarkFormTests {
    /// A copy of the demo group whose `japji` was last read at `786297600.5` (a number).
    func group() throws -> String {
        let dir = try Support.demoGroup()
        let path = dir + "/" + AppGroup.progressName
        let text = String(decoding: Support.bytes(path), as: UTF8.self)
        let numbered = text.replacingOccurrences(
            of: #""lastReadAt": "2026-11-29T01:05:00Z""#, with: #""lastReadAt": 786297600.5"#)
        #expect(numbered != text)
        try Support.write(numbered, to: path)
        return dir
    }

    @Test(arguments: [
        // 2026-11-29T05:00:00Z, the pinned clock, as seconds since 2001.
        ("japji", #""lastReadAt": 786297600.5"#, #""lastReadAt": 817621200"#),
        ("jaap", #""lastReadAt": 817608600.50"#, #""lastReadAt": 817621200"#),
        ("savaiye", #""lastReadAt": "2026-11-29T02:10:00Z""#, #""lastReadAt": "2026-11-29T05:00:00Z""#),
    ])
    func aMarkKeepsTheFormTheFileGaveLastReadAt(_ bani: String, _ before: String, _ after: String) throws {
        let dir = try group()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.progressName
        let original = String(decoding: Support.bytes(path), as: UTF8.self)
        #expect(original.contains(before))
        let result = try Support.mark([bani], group: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: Support.bytes(path), as: UTF8.self)
        #expect(text.contains(after), "\(text)")
        let progress = try GroupFiles.loadProgress(AppGroup(path: dir))
        #expect(progress.banis[bani]?.lastReadAt == RFC3339.parseAbsolute("2026-11-29T05:00:00Z"))
    }
}
