// SPDX-License-Identifier: GPL-3.0-or-later
import AgentShell
import Foundation
import NitnemClockKit
import TestSupport
import Testing

@testable import Snapshot

/// Loading without bad input: missing files, the demo group (the bad-input classes, in process
/// and through `nitnem mark`: EndToEndTests' `BadInputTests`).
@Suite struct BadInputTests {
    @Test func missingFilesMeanEmbeddedAndEmpty() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let files = try GroupFiles.load(AppGroup(path: dir + "/not-there"))
        #expect(files.source == .embedded && files.snapshot == EmbeddedRegistry.snapshot)
        #expect(files.progress.banis.isEmpty && files.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/not-there"), "loading creates nothing")
    }

    @Test func demoGroupLoads() throws {
        let files = try GroupFiles.load(AppGroup(path: Support.fixture("groups/demo")))
        #expect(files.source == .snapshot && files.warnings.isEmpty)
        #expect(files.progress.banis.keys.sorted() == ["jaap", "japji", "kirtan_sohila", "rehras/taksal", "savaiye"])
        #expect(files.progress.banis["savaiye"]?.lastSeq == 12)
        #expect(files.progress.banis["jaap"]?.lastReadAt == Date(timeIntervalSinceReferenceDate: 817_608_600.5))
    }
}
