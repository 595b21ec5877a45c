// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// A mark written while a sync engine put another machine's version in place: the change is made
/// again from that version, so neither machine's marks are lost.
@Suite struct GroupWriteTests {
    @Test func aMarkIsMadeAgainOnAVersionThatLandedMeanwhile() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let path = dir + "/" + AppGroup.progressName
        let read = #"{"schema":1,"banis":{"japji":{"completedDays":["2026-11-27"]}}}"#
        // What the other machine's engine renamed over the file after this writer read `read`.
        let landed =
            #"{"schema":1,"banis":{"japji":{"completedDays":["2026-11-27"]},"rehras":{"completedDays":["2026-11-28"]}},"x":1.50}"#
        try Support.write(landed, to: path)
        let day = CivilDate("2026-11-29")!
        let at = Date(timeIntervalSince1970: 1_795_939_200)
        func mark(_ raw: JSONValue) throws(GroupFileError) -> (value: JSONValue, changed: Bool) {
            try ProgressWriter.patch(raw, id: "japji", day: day, at: at, nLines: 385, undo: false, path: path)
        }
        let base = try JSONParser.parse(Array(read.utf8), path: path)
        let first = try mark(base).value
        var calls = 0
        _ = try GroupWrite.replace(path, read: Array(read.utf8), first: (Array(first.compact.utf8), first)) {
            landedBytes throws(GroupFileError) in
            calls += 1
            let file = LockedGroupFile(path: path, lockPath: path + ".lock", folder: dir)
            let version: LockedGroupFile.Version<NitnemProgress> = try file.version(landedBytes)
            let again = try mark(version.document?.raw ?? NitnemProgress.empty.raw).value
            return (try file.splice(again, over: version), again)
        }
        #expect(calls == 1)
        let text = String(decoding: Support.bytes(path), as: UTF8.self)
        let progress = try NitnemProgress.decode(try JSONParser.parse(Support.bytes(path)), path: path)
        #expect(progress.banis["rehras"]?.completedDays == [CivilDate("2026-11-28")!], "\(text)")
        #expect(progress.banis["japji"]?.completedDays.contains(day) == true, "\(text)")
        #expect(text.contains(#""x":1.50"#))
    }
}
