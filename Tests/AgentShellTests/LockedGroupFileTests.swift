// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import NitnemClockKit
import Snapshot
import TestSupport
import Testing

@testable import AgentShell

/// The one locked update every writer of a group file passes its patch to.
@Suite struct LockedGroupFileTests {
    @Test func aKeptVersionWritesNothingAndAWriteIsSplicedOverTheBytesRead() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let file = LockedGroupFile.progress(AppGroup(path: dir))
        // No file, nothing to write: none is made.
        let kept = try file.update(NitnemProgress.self, now: nil) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<Bool, NitnemProgress> in
            .keep(version.bytes == nil && version.document == nil)
        }
        #expect(kept.result && kept.written == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let text = "{ \"schema\" : 1,\r\n  \"banis\" : {},  \"x\": 1.50 }\r\n"
        try Support.write(text, to: file.path)
        let patched = JSONValue.object([
            ("schema", .int(1)), ("banis", .object([])), ("x", .number("1.50")), ("y", .bool(true)),
        ])
        let written = try file.update(NitnemProgress.self, now: nil) {
            version throws(GroupFileError) -> LockedGroupFile.Edit<Int, NitnemProgress> in
            .write(patched, version.document?.schema ?? 0)
        }
        #expect(written.result == 1 && written.written == patched)
        #expect(
            String(decoding: Support.bytes(file.path), as: UTF8.self)
                == "{ \"schema\" : 1,\r\n  \"banis\" : {},  \"x\": 1.50,  \"y\": true }\r\n")
    }

    @Test(arguments: [AppGroup.progressName, AppGroup.mynitnemName])
    func aNewerSchemaIsRefusedAndLeftAsItWas(_ name: String) throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let group = AppGroup(path: dir)
        let text = #"{"schema":2,"banis":{},"sets":{}}"#
        try Support.write(text, to: dir + "/" + name)
        let refusal = GroupFileError(
            .newerSchema, path: dir + "/" + name, problem: "is schema 2, newer than this nitnem (1); not written")
        var edited = false
        if name == AppGroup.progressName {
            #expect(throws: refusal) {
                try LockedGroupFile.progress(group).update(NitnemProgress.self, now: nil) {
                    _ throws(GroupFileError) -> LockedGroupFile.Edit<Void, NitnemProgress> in
                    edited = true
                    return .keep(())
                }
            }
        } else {
            #expect(throws: refusal) {
                try LockedGroupFile.mine(group).update(MyNitnem.self, now: nil) {
                    _ throws(GroupFileError) -> LockedGroupFile.Edit<Void, MyNitnem> in
                    edited = true
                    return .keep(())
                }
            }
        }
        #expect(!edited, "nothing is patched")
        #expect(String(decoding: Support.bytes(dir + "/" + name), as: UTF8.self) == text)
    }

    @Test func abandonedTempFilesAreTidiedUnderTheLock() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        let file = LockedGroupFile.mine(AppGroup(path: dir))
        // A pid that cannot be running (above the kernel's pid_max).
        let temp = dir + "/.nitnem-mynitnem.json.tmp-99999999"
        try Support.write("{", to: temp)
        try file.locked(now: nil) { () throws(GroupFileError) in
            #expect(!FileManager.default.fileExists(atPath: temp))
        }
    }
}
