// SPDX-License-Identifier: GPL-3.0-or-later
import NitnemClockKit
import Snapshot
import Testing

/// Conflict copies recognised by name, and `MyNitnemMerge`: the newer set file wins whole, the
/// reminders of both are kept by id.
@Suite struct SyncMergeTests {
    @Test(arguments: [
        ("nitnem-progress.sync-conflict-20261129-080000-ABCDEF7.json", "nitnem-progress.json", "Syncthing"),
        ("nitnem-mynitnem.sync-conflict-20261129-080000-7Q2ZZZA.json", "nitnem-mynitnem.json", "Syncthing"),
        ("nitnem-progress (conflicted copy 2026-11-29 080000).json", "nitnem-progress.json", "Nextcloud"),
        ("nitnem-progress (Jane's conflicted copy 2026-11-29).json", "nitnem-progress.json", "Dropbox"),
        ("nitnem-mynitnem (laptop's conflicted copy).json", "nitnem-mynitnem.json", "Dropbox"),
    ])
    func conflictCopiesByName(_ name: String, _ main: String, _ engine: String) {
        let copy = ConflictCopy(name: name)
        #expect(copy?.main == main)
        #expect(copy?.engine.rawValue == engine)
    }

    @Test(arguments: [
        "nitnem-progress.json", "nitnem-snapshot.sync-conflict-20261129-080000-ABCDEF7.json",
        "nitnem-progress.sync-conflict-2026112-080000-ABCDEF7.json",
        "nitnem-progress.sync-conflict-20261129-080000-.json",
        ".syncthing.nitnem-progress.json.tmp", "nitnem-progress (copy).json",
        "nitnem-progress.backup-20261129T050000Z.json",
        ".nitnem-progress.json.tmp-123", "nitnem-progress.sync-conflict-20261129-080000-ABCDEF7.json.tmp",
    ])
    func otherNamesAreNoCopies(_ name: String) {
        #expect(ConflictCopy(name: name) == nil)
    }

    func value(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8), path: "t") }

    static let older =
        #"{"schema":1,"sets":{"morning":["japji","jaap"]},"reminders":{"sukhmani":"10:00","japji":"06:00"},"modifiedAt":"2026-11-29T05:00:00Z","x":1}"#
    static let newer =
        #"{"schema":1,"sets":{"morning":["japji"],"night":["kirtan_sohila"]},"reminders":{"japji":"06:30"},"modifiedAt":"2026-11-29T07:00:00Z"}"#

    @Test func theNewerFileWinsWholeAndRemindersMergeById() throws {
        for (main, copy, copyWins) in [(Self.older, Self.newer, true), (Self.newer, Self.older, false)] {
            let merged = try MyNitnemMerge.merge(
                main: try value(main), copy: try value(copy), mainPath: "m", copyPath: "c")
            #expect(merged.copyWon == copyWins)
            let mine = try MyNitnem.decode(merged.value, path: "t")
            #expect(mine.sets[.morning] == ["japji"])
            #expect(mine.sets[.night] == ["kirtan_sohila"])
            #expect(mine.reminder(for: "japji")?.description == "06:30")  // the newer's time
            #expect(mine.reminder(for: "sukhmani")?.description == "10:00")  // only the older had it
            #expect(merged.value["x"] == nil)  // the whole older file lost, but for its reminders
            // Idempotent: merging the copy into the result changes nothing.
            let again = try MyNitnemMerge.merge(main: merged.value, copy: try value(copy), mainPath: "m", copyPath: "c")
            #expect(!again.changed)
        }
    }

    @Test func aFileWithoutModifiedAtIsOlderAndATieKeepsTheMain() throws {
        let plain = #"{"schema":1,"sets":{"morning":["jaap"]}}"#
        let merged = try MyNitnemMerge.merge(
            main: try value(plain), copy: try value(Self.older), mainPath: "m", copyPath: "c")
        #expect(merged.copyWon)
        let tie = try MyNitnemMerge.merge(
            main: try value(Self.older),
            copy: try value(#"{"schema":1,"sets":{"morning":["anand"]},"modifiedAt":"2026-11-29T05:00:00Z"}"#),
            mainPath: "m", copyPath: "c")
        #expect(!tie.copyWon && !tie.changed)
    }

    @Test func theWriterRecordsModifiedAt() throws {
        let at = Date(timeIntervalSince1970: 1_795_939_200)
        let (patched, changed) = try MyNitnemWriter.patch(
            try value(#"{"schema":1}"#), [.set(.morning, ["japji"])], at: at, path: "p")
        #expect(changed)
        #expect(patched["modifiedAt"] == .string("2026-11-29T08:00:00Z"))
        let (same, unchanged) = try MyNitnemWriter.patch(patched, [.set(.morning, ["japji"])], at: at, path: "p")
        #expect(!unchanged && same == patched)
    }
}
