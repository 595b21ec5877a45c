// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

/// `nitnem snapshot export` through the built binary: the file it writes, read back on its own.
@Suite struct ExportEndToEndTests {
    /// The snapshot file in `group`, parsed.
    static func read(_ group: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func writesTheSnapshotIntoTheGroup() throws {
        let db = try CorpusFixture.database(["sets"])
        let group = try CorpusFixture.folder() + "/new/group"
        let outcome = try CorpusFixture.nitnem(["snapshot", "export", "--db", db, "--group", group])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(
            outcome.stdout
                == "wrote \(group)/nitnem-snapshot.json: 13 banis; sets: morning 5, evening 1, night 1, popular 3, ceremony 2; 7 under scholarly review\n"
        )
        let file = group + "/nitnem-snapshot.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: group)[.posixPermissions] as? Int) == 0o700)

        let json = try Self.read(group)
        #expect(json["schema"] as? Int == 1)
        #expect(json["generatedAt"] as? String == "2026-11-29T16:30:00+00:00")
        #expect(json["banisAvailable"] as? Bool == true)
        let banis = try #require(json["banis"] as? [[String: Any]])
        let registry = try CorpusFixture.expectedRegistry()
        #expect(banis.map { $0["id"] as? String } == registry.map(\.id))
        for (bani, expected) in zip(banis, registry) {
            #expect(bani["nLines"] as? Int == expected.nLines)
            #expect(bani["source"] as? String == expected.source)
            #expect(bani["underReview"] as? Bool == expected.nonSGGS)
            if let ang = expected.firstAng {
                #expect(bani["firstAng"] as? Int == ang)
            } else {
                #expect(bani["firstAng"] is NSNull)
            }
        }
        let sets = try #require(json["sets"] as? [String: [String]])
        #expect(sets["evening"] == ["rehras"])
        #expect(sets["ceremony"] == ["anand", "ardaas"])
        let provenance = try #require(json["provenance"] as? [String: Any])
        #expect(provenance["databasePath"] as? String == db)
        let size = try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int
        #expect(provenance["databaseSize"] as? Int == size)
    }

    @Test func keysAreInTheContractOrder() throws {
        let db = try CorpusFixture.database(["sets"])
        let group = try CorpusFixture.folder()
        #expect(try CorpusFixture.nitnem(["snapshot", "export", "--db", db, "--group", group]).status == 0)
        let text = try String(contentsOfFile: group + "/nitnem-snapshot.json", encoding: .utf8)
        func order(_ keys: [String]) -> [String.Index?] { keys.map { text.range(of: "\"\($0)\":")?.lowerBound } }
        let top = order(["schema", "generatedAt", "banisAvailable", "banis", "sets", "preferences", "provenance"])
        #expect(!top.contains(nil))
        #expect(top.compactMap { $0 } == top.compactMap { $0 }.sorted())
        let bani = order([
            "id", "key", "variant", "isDefault", "titleEn", "titleGurmukhi", "source", "nLines", "firstAng",
            "underReview",
        ])
        #expect(!bani.contains(nil))
        #expect(bani.compactMap { $0 } == bani.compactMap { $0 }.sorted())
        let setOrder = order(["morning", "evening", "night", "popular", "ceremony"])
        #expect(setOrder.compactMap { $0 } == setOrder.compactMap { $0 }.sorted())
        #expect(text.hasSuffix("}\n"))
    }

    @Test func replacesAnOlderSnapshot() throws {
        let group = try CorpusFixture.folder()
        try Data("{\"schema\":1,\"old\":true}\n".utf8).write(to: URL(fileURLWithPath: group + "/nitnem-snapshot.json"))
        let db = try CorpusFixture.database(["no-optional-tables"])
        #expect(try CorpusFixture.nitnem(["snapshot", "export", "--db", db, "--group", group]).status == 0)
        let json = try Self.read(group)
        #expect(json["old"] == nil)
        #expect((json["banis"] as? [Any])?.count == 13)
        #expect(try FileManager.default.contentsOfDirectory(atPath: group) == ["nitnem-snapshot.json"])
    }

    @Test func anOlderCorpusSaysSo() throws {
        let db = try CorpusFixture.database(["old-corpus"], registry: false)
        let group = try CorpusFixture.folder()
        let outcome = try CorpusFixture.nitnem(
            ["snapshot", "export", "--db", db], environment: ["SGGS_APP_GROUP": group])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout
                == "this database has no bani registry (an older corpus): wrote a snapshot with banisAvailable=false to \(group)/nitnem-snapshot.json\n"
        )
        let json = try Self.read(group)
        #expect(json["banisAvailable"] as? Bool == false)
        #expect((json["banis"] as? [Any])?.isEmpty == true)
        #expect((json["sets"] as? [String: Any])?.isEmpty == true)
    }

    @Test func anOlderCorpusDoesNotReplaceASnapshotWithBanisUnlessForced() throws {
        let group = try CorpusFixture.folder()
        let current = try CorpusFixture.database(["sets"])
        #expect(try CorpusFixture.nitnem(["snapshot", "export", "--db", current, "--group", group]).status == 0)
        let before = Support.bytes(group + "/nitnem-snapshot.json")
        let old = try CorpusFixture.database(["old-corpus"], registry: false)

        let refused = try CorpusFixture.nitnem(["snapshot", "export", "--db", old, "--group", group])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "nitnem: \(group)/nitnem-snapshot.json has 13 banis and \(old) has no bani registry (an older corpus): not replaced; use --force to replace it with a snapshot without banis\n"
        )
        #expect(refused.stdout == "")
        #expect(Support.bytes(group + "/nitnem-snapshot.json") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: group) == ["nitnem-snapshot.json"])

        let forced = try CorpusFixture.nitnem(["snapshot", "export", "--db", old, "--group", group, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.read(group)["banisAvailable"] as? Bool == false)
    }

    @Test func theDatabaseIsNotChanged() throws {
        let db = try CorpusFixture.database(["sets"])
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let group = try CorpusFixture.folder()
        #expect(try CorpusFixture.nitnem(["snapshot", "export", "--db", db, "--group", group]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let folder = (db as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["corpus.sqlite"])
    }
}
