// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Posix
import Scheduler
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

@Suite struct ProgressEdgeTests {
    static func group() throws -> AppGroup {
        let dir = try Support.makeFolder(
            FileManager.default.temporaryDirectory.appendingPathComponent("nitnem-edge-\(UUID().uuidString)").path)
        return AppGroup(path: dir)
    }

    @Test func aNullEntryReadsAsNoProgressWithAWarning() throws {
        let g = try Self.group()
        defer { try? FileManager.default.removeItem(atPath: g.path) }
        try #"{"schema":1,"banis":{"japji":null,"jaap":{"completedDays":["2026-11-29"]}}}"#.write(
            toFile: g.progressPath, atomically: true, encoding: .utf8)
        let progress = try GroupFiles.loadProgress(g)
        #expect(progress.banis["japji"] == nil)
        #expect(progress.banis["jaap"]?.completedDays.count == 1)
        #expect(progress.warnings == ["\(g.progressPath): $.banis.japji: is null; read as no progress"])
        // And mark writes an entry in its place.
        _ = try ProgressStore.update(
            "japji", day: CivilDate("2026-11-29")!, at: Date(timeIntervalSince1970: 0), nLines: 385, undo: false, in: g)
        #expect(try GroupFiles.loadProgress(g).banis["japji"]?.lastSeq == 385)
    }

    @Test func aMarkThatWouldPassTheSizeCapIsRefused() throws {
        let g = try Self.group()
        defer { try? FileManager.default.removeItem(atPath: g.path) }
        let pad = String(repeating: "x", count: AppGroup.fileSizeLimit - 40)
        let text = #"{"schema":1,"pad":"\#(pad)","banis":{}}"#
        try text.write(toFile: g.progressPath, atomically: true, encoding: .utf8)
        #expect(throws: GroupFileError.self) {
            try ProgressStore.update(
                "japji", day: CivilDate("2026-11-29")!, at: Date(timeIntervalSince1970: 0), nLines: 385, undo: false,
                in: g)
        }
        // Untouched, and still readable.
        #expect(try String(contentsOfFile: g.progressPath, encoding: .utf8) == text)
        #expect(try GroupFiles.loadProgress(g).banis.isEmpty)
    }

    @Test func aSymlinkedProgressFileStaysALinkAndItsTargetIsUpdated() throws {
        let g = try Self.group()
        defer { try? FileManager.default.removeItem(atPath: g.path) }
        let target = g.path + "/elsewhere.json"
        try #"{"schema":1,"banis":{}}"#.write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: g.progressPath, withDestinationPath: target)
        _ = try ProgressStore.update(
            "japji", day: CivilDate("2026-11-29")!, at: Date(timeIntervalSince1970: 0), nLines: 385, undo: false, in: g)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: g.progressPath) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("2026-11-29"))
    }
}
